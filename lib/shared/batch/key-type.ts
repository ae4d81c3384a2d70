import { unmaskDocument, isValidCpf } from "@/lib/shared/validation/documents";
import { detectPixKeyType, isValidPixKey, normalizePixKey, type PixKeyType } from "@/lib/shared/validation/pix";
import { normalizeHeader } from "./mapping";

export type KeyTypeError =
  | "batch.row.keyRequired"
  | "batch.row.keyTypeUnknown"
  | "batch.row.keyTypeUndetected"
  | "batch.row.keyAmbiguous"
  | "batch.row.keyElevenDigits"
  | "batch.row.keyNumericCell";

export type KeyTypeResult =
  | { ok: true; type: PixKeyType }
  /** `choices`: the types the operator may pick for this row (the ambiguous CPF-or-phone case). */
  | { ok: false; error: KeyTypeError; choices: PixKeyType[] };

/** Words for a key type in a "tipo" column, compared after normalizeHeader. "document" → CPF or CNPJ by length. */
const TYPE_WORDS: Readonly<Record<PixKeyType | "document", readonly string[]>> = {
  cpf: ["cpf"],
  cnpj: ["cnpj"],
  email: ["email", "correioeletronico"],
  phone: ["telefone", "celular", "phone", "fone", "tel", "cel", "mobile", "cellphone", "telefonecelular"],
  evp: ["evp", "aleatoria", "aleatorio", "chavealeatoria", "random", "randomkey", "uuid"],
  document: ["cpfcnpj", "documento", "document"],
};
const TYPE_NAMES: ReadonlyMap<string, PixKeyType | "document"> = new Map(
  Object.entries(TYPE_WORDS).flatMap(([type, words]) =>
    words.map((word) => [word, type as PixKeyType | "document"] as const),
  ),
);

const fail = (error: KeyTypeError, choices: PixKeyType[] = []): KeyTypeResult => ({ ok: false, error, choices });
const CPF_MASK = /^\d{3}\.\d{3}\.\d{3}-\d{2}$/;

/** What a bare 11-digit number can be: a CPF, a mobile number ((DD) 9XXXX-XXXX), both, or neither. */
function elevenDigits(raw: string): KeyTypeResult {
  const cpf = isValidCpf(raw);
  const phone = isValidPixKey("phone", normalizePixKey("phone", raw));
  if (cpf && phone) return fail("batch.row.keyAmbiguous", ["cpf", "phone"]);
  if (cpf) return { ok: true, type: "cpf" };
  if (phone) return { ok: true, type: "phone" };
  return fail("batch.row.keyElevenDigits", ["cpf", "phone"]);
}

/**
 * Infers a key's type from its shape, and only when the shape leaves no doubt:
 * "@" → e-mail; a UUID → EVP; "+" or "(" → phone; "123.456.789-09" → CPF;
 * 14 characters → CNPJ; 12–13 digits starting with 55 → phone; 11 bare digits
 * → CPF or phone, and when they are a valid CPF that is also a possible mobile
 * number, the operator chooses: it is never guessed. Anything else (10 digits:
 * a landline, or a CPF that lost its leading zero?) needs the type.
 */
export function inferKeyType(key: string): KeyTypeResult {
  const text = key.trim();
  const simple = detectPixKeyType(text);
  if (simple === "email" || simple === "evp") return { ok: true, type: simple };
  if (text.startsWith("+") || text.includes("(")) return { ok: true, type: "phone" };
  if (CPF_MASK.test(text)) return { ok: true, type: "cpf" };
  const raw = unmaskDocument(text);
  if (/^\d{11}$/.test(raw)) return elevenDigits(raw);
  if (/^55\d{10,11}$/.test(raw)) return { ok: true, type: "phone" };
  if (simple === "cnpj") return { ok: true, type: "cnpj" };
  return fail("batch.row.keyTypeUndetected");
}

/** A "tipo" cell → a key type; "CPF/CNPJ" resolves by the key's length. Null when the word is unknown. */
export function keyTypeFromName(name: string, key: string): PixKeyType | null {
  const type = TYPE_NAMES.get(normalizeHeader(name));
  if (type !== "document") return type ?? null;
  const length = unmaskDocument(key.trim()).length;
  return length === 11 ? "cpf" : length === 14 ? "cnpj" : null;
}

export interface KeyTypeInput {
  key: string;
  /** The row's "tipo" cell, when the file has that column. */
  typeCell?: string;
  /** The operator's choice for this row, which wins over the file. */
  chosen?: PixKeyType;
  /** The key was a number cell in an .xlsx (it may have lost leading zeros). */
  numericCell?: boolean;
}

/** A number cell that cannot be a whole CPF / CNPJ: Excel dropped its leading zeros, and we will not pad them back. */
function lostZeros(type: PixKeyType, key: string): boolean {
  const digits = key.trim().length;
  return (type === "cpf" && digits < 11) || (type === "cnpj" && digits < 14);
}

/** The key type of one row: the operator's choice, else the "tipo" cell, else the key's shape. */
export function resolveKeyType({ key, typeCell, chosen, numericCell = false }: KeyTypeInput): KeyTypeResult {
  if (key.trim() === "") return fail("batch.row.keyRequired");
  let result: KeyTypeResult;
  if (chosen) result = { ok: true, type: chosen };
  else if (typeCell !== undefined && typeCell.trim() !== "") {
    const named = keyTypeFromName(typeCell, key);
    result = named ? { ok: true, type: named } : fail("batch.row.keyTypeUnknown");
  } else result = inferKeyType(key);
  if (!numericCell) return result;
  if (result.ok && lostZeros(result.type, key)) return fail("batch.row.keyNumericCell");
  if (!result.ok && result.error === "batch.row.keyTypeUndetected")
    return fail("batch.row.keyNumericCell", ["cpf", "cnpj", "phone"]);
  return result;
}

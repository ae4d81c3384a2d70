import { isValidCnpj, isValidCpf, unmaskDocument } from "./documents";

/** Pix key types the dashboard knows (DICT's five kinds). The API may name others. */
export const PIX_KEY_TYPES = ["email", "cpf", "cnpj", "phone", "evp"] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

/** Message keys (translated by the UI's dictionary) for a bad Pix key of each type. */
export const PIX_KEY_ERRORS: Record<PixKeyType, string> = {
  email: "validation.pixKey.email",
  cpf: "validation.pixKey.cpf",
  cnpj: "validation.pixKey.cnpj",
  phone: "validation.pixKey.phone",
  evp: "validation.pixKey.evp",
};

/**
 * The message key for a key that is not a well-formed key of `type` (null when it is): a CPF or CNPJ of the wrong
 * length says how long it must be, rather than blaming check digits.
 */
export function pixKeyProblem(type: PixKeyType, key: string): string | null {
  if (isValidPixKey(type, key)) return null;
  // Only when what is there could be a document's characters: a stray letter or mark is a wrong key, not a short one.
  if (type === "cpf" && /^\d+$/.test(key) && key.length !== 11) return "validation.pixKey.cpfLength";
  if (type === "cnpj" && /^[0-9A-Z]+$/.test(key) && key.length !== 14) return "validation.pixKey.cnpjLength";
  return PIX_KEY_ERRORS[type];
}

const EMAIL_RE =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const PHONE_RE = /^\+55[1-9][1-9]9?\d{8}$/;
const EVP_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Canonical form of a key as DICT stores it: documents without mask, phone as
 * +55DDDNUMBER, e-mail and EVP lower-cased. Lenient about what people paste.
 */
export function normalizePixKey(type: string, key: string): string {
  const trimmed = key.trim();
  switch (type) {
    case "cpf":
    case "cnpj":
      return unmaskDocument(trimmed);
    case "phone": {
      const digits = trimmed.replace(/[^\d+]/g, "");
      if (digits.startsWith("+")) return digits;
      return digits.length >= 12 && digits.startsWith("55") ? `+${digits}` : `+55${digits}`;
    }
    case "email":
    case "evp":
      return trimmed.toLowerCase();
    default:
      return trimmed;
  }
}

/** True when `key` (already normalised) is a well-formed key of `type`. */
export function isValidPixKey(type: string, key: string): boolean {
  switch (type) {
    case "email":
      return key.length <= 77 && EMAIL_RE.test(key);
    case "cpf":
      return isValidCpf(key);
    case "cnpj":
      return isValidCnpj(key);
    case "phone":
      return PHONE_RE.test(key);
    case "evp":
      return EVP_RE.test(key);
    default:
      return false;
  }
}

/** Guesses the type of a pasted key, to pre-select it in forms. */
export function detectPixKeyType(key: string): PixKeyType | null {
  const k = key.trim();
  if (k.includes("@")) return "email";
  if (EVP_RE.test(k)) return "evp";
  if (k.startsWith("+")) return "phone";
  const raw = unmaskDocument(k);
  if (/^\d{11}$/.test(raw)) return isValidCpf(raw) ? "cpf" : "phone";
  if (/^[0-9A-Z]{12}\d{2}$/.test(raw)) return "cnpj";
  return null;
}

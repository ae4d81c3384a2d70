import { z } from "zod/mini";

/** What a batch column can mean. amount and key are required; the others are optional. */
export const BATCH_FIELDS = ["amount", "key", "keyType", "description", "name"] as const;
export type BatchField = (typeof BATCH_FIELDS)[number];
export const REQUIRED_BATCH_FIELDS: readonly BatchField[] = ["amount", "key"];

/** Column index (0-based) per field; a field without a column is absent. */
export type ColumnMapping = Partial<Record<BatchField, number>>;

/** Header names, compared after `normalizeHeader` (no accents, case, spaces or punctuation). */
export const HEADER_NAMES: Readonly<Record<BatchField, readonly string[]>> = {
  amount: [
    "valor",
    "valorr",
    "valorrs",
    "valoremr",
    "valoremreais",
    "valorbrl",
    "valordorepasse",
    "valordopagamento",
    "quantia",
    "amount",
    "amountbrl",
    "value",
  ],
  key: ["chave", "chavepix", "pix", "pixkey", "key", "chavedestino", "destinationkey"],
  keyType: [
    "tipo",
    "tipodechave",
    "tipodachave",
    "tipochave",
    "tipodechavepix",
    "tipochavepix",
    "keytype",
    "pixkeytype",
    "type",
  ],
  description: ["descricao", "referencia", "reference", "description", "ref", "memo", "observacao", "identificador"],
  name: [
    "nome",
    "name",
    "favorecido",
    "beneficiario",
    "recebedor",
    "beneficiary",
    "recipient",
    "payee",
    "nomedofavorecido",
  ],
};

/** "Descrição / Referência" → "descricaoreferencia": accents, case, spaces and punctuation removed. */
export function normalizeHeader(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

const FIELD_BY_NAME: ReadonlyMap<string, BatchField> = new Map(
  BATCH_FIELDS.flatMap((field) => HEADER_NAMES[field].map((name) => [name, field] as const)),
);

export function fieldForHeader(header: string): BatchField | null {
  return FIELD_BY_NAME.get(normalizeHeader(header)) ?? null;
}

export interface MappingResult {
  mapping: ColumnMapping;
  /** Required fields without a column: the UI asks the operator to pick one. */
  missing: BatchField[];
  /** Fields more than one column claims (the first is used until the operator chooses). */
  conflicts: BatchField[];
}

function summarise(mapping: ColumnMapping, conflicts: BatchField[] = []): MappingResult {
  const missing = REQUIRED_BATCH_FIELDS.filter((field) => mapping[field] === undefined);
  return { mapping, missing, conflicts };
}

/** Recognises columns by their header, in Portuguese or English. */
export function autoMapColumns(header: readonly string[]): MappingResult {
  const mapping: ColumnMapping = {};
  const conflicts = new Set<BatchField>();
  header.forEach((name, index) => {
    const field = fieldForHeader(name);
    if (!field) return;
    if (mapping[field] === undefined) mapping[field] = index;
    else conflicts.add(field);
  });
  return summarise(mapping, [...conflicts]);
}

const columnIndex = z.optional(z.number().check(z.int(), z.minimum(0)));

/** An explicit mapping as the UI (or an API body) sends it. */
export const columnMappingSchema = z.strictObject({
  amount: columnIndex,
  key: columnIndex,
  keyType: columnIndex,
  description: columnIndex,
  name: columnIndex,
});

export type MappingCheck =
  | { ok: true; result: MappingResult }
  | { ok: false; error: "batch.mapping.invalid" | "batch.mapping.outOfRange" | "batch.mapping.sameColumn" };

/** Checks a mapping the operator chose: known fields, columns that exist, no column used twice. */
export function checkMapping(header: readonly string[], input: unknown): MappingCheck {
  const parsed = columnMappingSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: "batch.mapping.invalid" };
  const mapping: ColumnMapping = parsed.data;
  const used = Object.values(mapping);
  if (used.some((index) => index >= header.length)) return { ok: false, error: "batch.mapping.outOfRange" };
  if (new Set(used).size !== used.length) return { ok: false, error: "batch.mapping.sameColumn" };
  return { ok: true, result: summarise(mapping) };
}

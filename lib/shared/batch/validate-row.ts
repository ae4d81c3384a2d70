import { z } from "zod/mini";
import { payoutInputSchema } from "@/lib/shared/schemas/payout";
import { positiveCentavosSchema, storableText } from "@/lib/shared/schemas/common";
import type { PixKeyType } from "@/lib/shared/validation/pix";
import { parseBatchAmount } from "./amount";
import { formulaMessage } from "./formula";
import { resolveKeyType } from "./key-type";
import type { BatchField, ColumnMapping } from "./mapping";
import type { ParsedRow } from "./table";

/** Longest description or name kept with a row (they stay in the ledger and the results; the API takes neither). */
export const BATCH_TEXT_MAX = 140;

export interface CellError {
  /** The field of the cell's column; null for a column no field is mapped to (its cells are still kept and exported). */
  field: BatchField | null;
  /** The column (0-based) the error is about, or null when the file has no such column. */
  column: number | null;
  /** Message key (batch.row.* or the single payout's validation.*). */
  message: string;
}

export interface BatchRowValue {
  amount_centavos: number;
  pix_key_type: PixKeyType;
  /** Normalised as the single payout normalises it. */
  pix_key: string;
  description: string;
  name: string;
}

export interface ValidatedRow {
  /** Position among the data rows (0-based): what exclusions and choices refer to. */
  index: number;
  rowNumber: number;
  excluded: boolean;
  /** The payout this row asks for, when every cell is valid. */
  value: BatchRowValue | null;
  errors: CellError[];
  /** Key types the operator may choose for this row (when the type is ambiguous or missing). */
  keyTypeChoices: PixKeyType[];
}

export interface RowOptions {
  /** The operator's key type for a row, by row index. */
  keyTypeChoices?: ReadonlyMap<number, PixKeyType>;
}

const textSchema = storableText().check(z.maxLength(BATCH_TEXT_MAX, { error: "batch.row.tooLong" }));
const PAYOUT_FIELDS: Readonly<Record<string, BatchField>> = {
  amount_centavos: "amount",
  pix_key: "key",
  pix_key_type: "keyType",
};

const cellOf = (row: ParsedRow, column: number | undefined) =>
  column === undefined ? undefined : (row.cells[column] ?? "");
/** A leading apostrophe is Excel's "this is text" marker (and what our exports add before "+55…"). */
const keyText = (cell: string) => cell.trim().replace(/^'/, "");

function checkText(field: "description" | "name", row: ParsedRow, mapping: ColumnMapping, errors: CellError[]): string {
  const column = mapping[field];
  const text = (cellOf(row, column) ?? "").trim();
  const parsed = textSchema.safeParse(text);
  if (!parsed.success)
    errors.push({ field, column: column ?? null, message: parsed.error.issues[0]?.message ?? "batch.row.invalid" });
  return text;
}

/** The amount cell → centavos (the payout's own positivity rule included), or null with its error pushed. */
function checkAmount(row: ParsedRow, mapping: ColumnMapping, errors: CellError[]): number | null {
  const column = mapping.amount ?? null;
  const amount = parseBatchAmount(cellOf(row, mapping.amount) ?? "");
  if (!amount.ok) {
    errors.push({ field: "amount", column, message: amount.error });
    return null;
  }
  const checked = positiveCentavosSchema.safeParse(amount.centavos);
  if (checked.success) return checked.data;
  errors.push({ field: "amount", column, message: checked.error.issues[0]?.message ?? "validation.centavos" });
  return null;
}

/**
 * Every cell of the row, mapped or not, that a spreadsheet would read as a
 * formula (./formula.ts): the results file repeats them all, so none is taken.
 */
function checkFormulas(row: ParsedRow, mapping: ColumnMapping, errors: CellError[]): void {
  row.cells.forEach((cell, column) => {
    const message = formulaMessage(cell);
    if (!message) return;
    const field = (Object.keys(mapping) as BatchField[]).find((f) => mapping[f] === column) ?? null;
    errors.push({ field, column, message });
  });
}

/**
 * One data row → the payout it asks for, or its per-cell errors (a formula in
 * any of its cells first). The amount and key go through payoutInputSchema,
 * the very schema of the single payout, so a batch accepts exactly what the
 * payout form accepts.
 */
export function validateRow(
  row: ParsedRow,
  index: number,
  mapping: ColumnMapping,
  options: RowOptions = {},
): Omit<ValidatedRow, "excluded"> {
  const errors: CellError[] = [];
  const column = (field: BatchField) => mapping[field] ?? null;
  checkFormulas(row, mapping, errors);

  const centavos = checkAmount(row, mapping, errors);

  const keyColumn = mapping.key;
  const key = keyText(cellOf(row, keyColumn) ?? "");
  const keyType = resolveKeyType({
    key,
    typeCell: cellOf(row, mapping.keyType),
    chosen: options.keyTypeChoices?.get(index),
    numericCell: keyColumn !== undefined && row.numericColumns.includes(keyColumn),
  });
  if (!keyType.ok) {
    const field = keyType.error === "batch.row.keyTypeUnknown" ? "keyType" : "key";
    errors.push({ field, column: column(field), message: keyType.error });
  }

  const description = checkText("description", row, mapping, errors);
  const name = checkText("name", row, mapping, errors);

  let value: BatchRowValue | null = null;
  if (keyType.ok) {
    // The payout schema checks amount and key together; when the amount is already refused, a stand-in lets it still check the key.
    const payout = payoutInputSchema.safeParse({
      amount_centavos: centavos ?? 1,
      pix_key_type: keyType.type,
      pix_key: key,
    });
    if (payout.success) value = { ...payout.data, pix_key_type: keyType.type, description, name };
    for (const issue of payout.success ? [] : payout.error.issues) {
      const field = PAYOUT_FIELDS[String(issue.path[0])] ?? "key";
      if (field !== "amount") errors.push({ field, column: column(field), message: issue.message });
    }
  }

  return {
    index,
    rowNumber: row.rowNumber,
    value: errors.length === 0 ? value : null,
    errors,
    keyTypeChoices: keyType.ok ? [] : keyType.choices,
  };
}

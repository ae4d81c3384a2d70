import type { PixKeyType } from "@/lib/shared/validation/pix";
import type { ColumnMapping } from "./mapping";
import { summarizeBatch, type BatchSummary } from "./summary";
import type { ParsedTable } from "./table";
import { validateRow, type ValidatedRow } from "./validate-row";

export interface BatchValidationOptions {
  /** Row indexes the operator left out: shown, never sent, not counted. */
  excluded?: ReadonlySet<number>;
  /** The operator's key type per row index (answers an ambiguous CPF-or-phone key). */
  keyTypeChoices?: ReadonlyMap<number, PixKeyType>;
}

export interface BatchValidation {
  rows: ValidatedRow[];
  summary: BatchSummary;
}

/** Validates every row of a parsed table under a mapping; excluded rows are validated too, so including one back shows its errors at once. */
export function validateBatch(
  table: ParsedTable,
  mapping: ColumnMapping,
  options: BatchValidationOptions = {},
): BatchValidation {
  const rows = table.rows.map((row, index) => ({
    ...validateRow(row, index, mapping, { keyTypeChoices: options.keyTypeChoices }),
    excluded: options.excluded?.has(index) ?? false,
  }));
  return { rows, summary: summarizeBatch(rows) };
}

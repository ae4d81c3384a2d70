import type { CsvDelimiter } from "@/lib/shared/csv";
import { reject } from "./errors";
import { formulaMessage } from "./formula";
import { BATCH_LIMITS } from "./limits";

/** One data row as it came: every cell as text, nothing trimmed or converted. */
export interface ParsedRow {
  /** The row's number as the spreadsheet shows it (the header is row 1). */
  rowNumber: number;
  cells: readonly string[];
  /**
   * Columns whose cell was a number in an .xlsx (not text). A key stored as a
   * number may have lost its leading zeros, so such keys are never inferred.
   */
  numericColumns: readonly number[];
}

export interface ParsedTable {
  format: "csv" | "xlsx";
  /** The CSV's delimiter, reused for the results file; null for .xlsx. */
  delimiter: CsvDelimiter | null;
  encoding: "utf-8" | "windows-1252" | null;
  header: readonly string[];
  rows: readonly ParsedRow[];
}

/** A record from a parser before the table rules apply. */
export interface RawRecord {
  rowNumber: number;
  cells: string[];
  numericColumns?: number[];
}

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === "");

/** "A", …, "Z", "AA": how a spreadsheet names column `index` (0-based). */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = "";
  while (n > 0) {
    const rest = (n - 1) % 26;
    out = String.fromCharCode(65 + rest) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/**
 * Applies the rules every format shares: blank rows are skipped (Excel leaves
 * ";;;" lines), the first remaining row is the header, then the limits on rows,
 * columns and cell length, every row must have the header's column count, and
 * no column name may be a spreadsheet formula (./formula.ts).
 * Throws BatchFileRejected at the first problem.
 */
export function toTable(
  records: readonly RawRecord[],
  meta: Pick<ParsedTable, "format" | "delimiter" | "encoding">,
): ParsedTable {
  const kept = records.filter((record) => !isBlank(record.cells));
  const [headerRecord, ...data] = kept;
  if (!headerRecord) reject("empty");
  const header = headerRecord.cells.map((cell) => cell.trim());
  if (header.length > BATCH_LIMITS.maxColumns)
    reject("tooManyColumns", { limit: BATCH_LIMITS.maxColumns, found: header.length });
  // A column name is not a cell to fix in place, and the results file repeats it: the file is refused (cells: validate-row.ts).
  const formulaColumn = headerRecord.cells.findIndex((cell) => formulaMessage(cell) !== null);
  if (formulaColumn >= 0) reject("formulaHeader", { column: columnLetter(formulaColumn) });
  if (data.length === 0) reject("headerOnly");
  if (data.length > BATCH_LIMITS.maxRows) reject("tooManyRows", { limit: BATCH_LIMITS.maxRows, found: data.length });

  for (const record of [headerRecord, ...data]) {
    if (record.cells.length !== header.length) {
      reject("columnCount", { row: record.rowNumber, expected: header.length, found: record.cells.length });
    }
    const long = record.cells.findIndex((cell) => cell.length > BATCH_LIMITS.maxCellChars);
    if (long >= 0)
      reject("cellTooLong", { row: record.rowNumber, column: columnLetter(long), limit: BATCH_LIMITS.maxCellChars });
  }

  const rows = data.map((record) => ({
    rowNumber: record.rowNumber,
    cells: record.cells,
    numericColumns: record.numericColumns ?? [],
  }));
  return { ...meta, header, rows };
}

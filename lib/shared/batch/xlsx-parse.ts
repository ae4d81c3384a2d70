import { readSheet } from "read-excel-file/universal";
import { BatchFileRejected, reject } from "./errors";
import type { RawRecord } from "./table";
import { assertXlsxUnzipsSmall } from "./xlsx-guard";

/** A number cell, kept as the exact decimal text the file stores (never a float). */
interface NumberText {
  numberText: string;
}

const isNumberText = (value: unknown): value is NumberText =>
  typeof value === "object" && value !== null && "numberText" in value;

/**
 * A number cell as a Brazilian sees it in Excel: the decimal comma ("1234,5").
 * The amount rules then read it as pt-BR, so 1.234 (three decimals) is refused
 * instead of being taken for one thousand two hundred and thirty-four.
 */
function numberCell(text: string): string {
  return text.replace(".", ",");
}

function cellText(value: unknown): { text: string; numeric: boolean } {
  if (value === null || value === undefined) return { text: "", numeric: false };
  if (isNumberText(value)) return { text: numberCell(value.numberText), numeric: true };
  if (value instanceof Date) return { text: value.toISOString().slice(0, 10), numeric: false };
  if (typeof value === "string") return { text: value, numeric: false };
  return { text: String(value), numeric: false };
}

/** The first sheet of an .xlsx → records, every cell as text. */
export async function parseXlsxRecords(bytes: Uint8Array): Promise<RawRecord[]> {
  assertXlsxUnzipsSmall(bytes);
  // A copy: read-excel-file takes an ArrayBuffer, and `bytes` may be a view into a larger one.
  const buffer = bytes.slice().buffer;
  let sheet: unknown[][];
  try {
    sheet = await readSheet<NumberText>(buffer, { parseNumber: (numberText) => ({ numberText }), trim: false });
  } catch (error) {
    if (error instanceof BatchFileRejected) throw error;
    reject("invalidXlsx");
  }
  return sheet.map((row, index) => {
    const cells: string[] = [];
    const numericColumns: number[] = [];
    row.forEach((value, column) => {
      const { text, numeric } = cellText(value);
      cells.push(text);
      if (numeric) numericColumns.push(column);
    });
    return { rowNumber: index + 1, cells, numericColumns };
  });
}

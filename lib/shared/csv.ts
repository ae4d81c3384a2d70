/**
 * A small CSV writer for exports that finance opens in Excel or Google Sheets.
 *
 * - RFC 4180: fields with a comma, a double quote, CR or LF are quoted, quotes
 *   are doubled; records end with CRLF.
 * - A UTF-8 byte-order mark first, so Excel reads "Conceição" as UTF-8.
 * - Formula injection guard: a text cell a spreadsheet would run — starting
 *   with = or @, a tab / CR (which some spreadsheets skip before reading a
 *   formula), or + / - when it is not a plain number, amount or phone — gets a
 *   leading single quote, so "=HYPERLINK(…)" in a customer name is shown, not
 *   run. The rule is the batch upload's own (`formulaMessage`), so what the
 *   upload accepts comes back unchanged: negative amounts ("-12.50", "-10,00")
 *   stay numbers and a phone Pix key ("+5511999999999") stays a key that
 *   uploads again.
 */

import { formulaMessage } from "@/lib/shared/batch/formula";

export type CsvValue = string | number | boolean | null | undefined;
/** Comma by default; semicolon is what Excel in a Brazilian locale writes and expects. */
export type CsvDelimiter = "," | ";";

export const CSV_BOM = "\uFEFF";
export const CSV_EOL = "\r\n";

const NEEDS_QUOTES: Record<CsvDelimiter, RegExp> = { ",": /[",\r\n]/, ";": /[";\r\n]/ };

/** Neutralises text a spreadsheet would run as a formula. */
export function guardFormula(text: string): string {
  return formulaMessage(text) === null ? text : `'${text}`;
}

/** One field, guarded and quoted as needed. null / undefined → empty. */
export function csvCell(value: CsvValue, delimiter: CsvDelimiter = ","): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "string" ? guardFormula(value) : String(value);
  return NEEDS_QUOTES[delimiter].test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record (no line ending). */
export function csvRow(values: readonly CsvValue[], delimiter: CsvDelimiter = ","): string {
  return values.map((value) => csvCell(value, delimiter)).join(delimiter);
}

export interface ToCsvOptions {
  /** Prefix the UTF-8 BOM (default true). */
  bom?: boolean;
  /** Field separator (default comma). */
  delimiter?: CsvDelimiter;
}

/** Header + rows → CSV text: BOM, CRLF after every record (including the last). */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly CsvValue[])[],
  options: ToCsvOptions = {},
): string {
  const { bom = true, delimiter = "," } = options;
  const lines = [csvRow(header, delimiter), ...rows.map((row) => csvRow(row, delimiter))];
  return `${bom ? CSV_BOM : ""}${lines.join(CSV_EOL)}${CSV_EOL}`;
}

/**
 * RFC 4180 text → records (the first is the header), for reading exports back
 * (tests, imports); `delimiter` is "," unless told (";" for a pt-BR export). A leading BOM is skipped; quoted fields may hold commas,
 * quotes ("") and line breaks.
 */
export function parseCsv(input: string, delimiter: CsvDelimiter = ","): string[][] {
  const text = input.startsWith(CSV_BOM) ? input.slice(1) : input;
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) {
      record.push(field);
      field = "";
    } else if (c === "\r" || c === "\n") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

import { CSV_BOM, CSV_EOL, guardFormula, type CsvDelimiter } from "@/lib/shared/csv";
import { wallClockText, wallDateText, type WallTime } from "@/lib/shared/format/date";
import type { Locale } from "@/lib/shared/i18n/config";
import { centavosToDecimalString } from "@/lib/shared/money";
import { headerText, readCell, type ExportCell, type ExportContext, type ExportSheet } from "./sheet";

/** pt-BR: what Excel in a Brazilian locale reads as columns (";") and numbers ("1234,56"); en: "," and "1234.56". */
export function exportDelimiter(locale: Locale): CsvDelimiter {
  return locale === "pt-BR" ? ";" : ",";
}

const pad = (n: number) => String(n).padStart(2, "0");

/** "22/11/2026" (pt-BR) or "2026-11-22" (en). */
function dayText(w: WallTime, locale: Locale): string {
  return locale === "pt-BR" ? `${pad(w.day)}/${pad(w.month)}/${String(w.year).padStart(4, "0")}` : wallDateText(w);
}

/** Quoted when it holds the separator, a quote or a line break (RFC 4180). */
function quoted(text: string, delimiter: CsvDelimiter): string {
  return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One cell as CSV text: text guarded against formulas, numbers without thousands separators so Excel reads them. */
function cellText(cell: ExportCell, locale: Locale): string {
  switch (cell.kind) {
    case "empty":
      return "";
    case "text":
      return guardFormula(cell.text);
    case "money": {
      const decimal = centavosToDecimalString(cell.centavos);
      return locale === "pt-BR" ? decimal.replace(".", ",") : decimal;
    }
    case "count":
      return String(cell.value);
    case "date":
      return dayText(cell.wall, locale);
    case "dateTime":
      return `${dayText(cell.wall, locale)} ${wallClockText(cell.wall, true)}`;
  }
}

/** The rows as CSV in the reader's language: BOM, translated header, CRLF after every record. */
export function sheetCsv<Row>(sheet: ExportSheet<Row>, rows: readonly Row[], ctx: ExportContext): string {
  const delimiter = exportDelimiter(ctx.locale);
  const line = (cells: readonly string[]) => cells.map((cell) => quoted(cell, delimiter)).join(delimiter);
  const header = line(sheet.columns.map((column) => guardFormula(headerText(column, ctx))));
  const body = rows.map((row) => line(sheet.columns.map((column) => cellText(readCell(column, row, ctx), ctx.locale))));
  return `${CSV_BOM}${[header, ...body].join(CSV_EOL)}${CSV_EOL}`;
}

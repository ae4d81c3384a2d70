import type { Cell, Row as XlsxRow, SheetData } from "write-excel-file/browser";
import type { Locale } from "@/lib/shared/i18n/config";
import { headerText, readCell, wallAsUtcDate, type ExportCell, type ExportContext, type ExportSheet } from "./sheet";

/** Reais with two decimals and the currency; Excel shows the separators of the reader's own locale. */
export const XLSX_BRL_FORMAT = '"R$" #,##0.00';
const DATE_FORMAT: Record<Locale, { date: string; dateTime: string }> = {
  "pt-BR": { date: "dd/mm/yyyy", dateTime: "dd/mm/yyyy hh:mm:ss" },
  en: { date: "yyyy-mm-dd", dateTime: "yyyy-mm-dd hh:mm:ss" },
};

/** The sheet's cells and options, for write-excel-file (its /browser or /node entry, which the caller imports). */
export interface XlsxSheet {
  data: SheetData;
  options: { sheet: string; columns: { width: number }[]; stickyRowsCount: number };
}

/** An .xlsx sheet name: at most 31 characters, none of \ / ? * [ ] : */
function sheetName(title: string): string {
  return (
    title
      .replace(/[\\/?*[\]:]/g, " ")
      .slice(0, 31)
      .trim() || "Sheet1"
  );
}

function xlsxCell(cell: ExportCell, locale: Locale): Cell {
  switch (cell.kind) {
    case "empty":
      return null;
    // A string cell is never evaluated, so "=HYPERLINK(…)" is shown as those characters.
    case "text":
      return { type: String, value: cell.text };
    case "money":
      return { type: Number, value: cell.centavos / 100, format: XLSX_BRL_FORMAT };
    case "count":
      return { type: Number, value: cell.value, format: "0" };
    case "date":
      return { type: Date, value: wallAsUtcDate(cell.wall, false), format: DATE_FORMAT[locale].date };
    case "dateTime":
      return { type: Date, value: wallAsUtcDate(cell.wall, true), format: DATE_FORMAT[locale].dateTime };
  }
}

const WIDTH: Record<string, number> = { money: 14, count: 10, date: 12, dateTime: 20, enum: 18, text: 18 };

/**
 * The rows as one worksheet: a bold translated header row kept in view, amounts as number cells in BRL format,
 * dates and times as date cells (the zone's wall-clock time), codes translated, text as string cells.
 */
export function sheetXlsx<Row>(sheet: ExportSheet<Row>, rows: readonly Row[], ctx: ExportContext): XlsxSheet {
  const headers = sheet.columns.map((column) => headerText(column, ctx));
  const header: XlsxRow = headers.map((text) => ({ type: String, value: text, fontWeight: "bold" as const }));
  const body = rows.map((row): XlsxRow =>
    sheet.columns.map((column) => xlsxCell(readCell(column, row, ctx), ctx.locale)),
  );
  return {
    data: [header, ...body],
    options: {
      sheet: sheetName(ctx.t(sheet.title)),
      columns: sheet.columns.map((column, i) => ({
        width: Math.min(40, Math.max(WIDTH[column.kind] ?? 18, (headers[i]?.length ?? 0) + 2)),
      })),
      stickyRowsCount: 1,
    },
  };
}

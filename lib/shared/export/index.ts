/**
 * Exports: one description of a table, written as a CSV or an .xlsx in the reader's language.
 *
 * Describe the table once, as an `ExportSheet<Row>`:
 *
 *   const sheet: ExportSheet<Chargeback> = {
 *     file: "chargebacks",                      // its file name: `export.file.chargebacks` (./file-name)
 *     title: "nav.chargebacks",                 // the .xlsx sheet's name, a dictionary key
 *     columns: [
 *       { kind: "text", header: "chargebacks.field.id", value: (cb) => cb.id },
 *       { kind: "enum", header: "chargebacks.field.status", labels: "status.", value: (cb) => cb.status },
 *       { kind: "money", header: "chargebacks.field.amount", value: (cb) => cb.amount_centavos },
 *       { kind: "dateTime", header: "chargebacks.field.createdAt", value: (cb) => cb.created_at },
 *     ],
 *   };
 *
 * Column kinds (sheet.ts): `text`, `money` (integer centavos), `count`, `date` (a day), `dateTime`, `enum`
 * (a code shown as `t(labels + "." + code)`, or `t(labels(code))` when `labels` is a function; the code itself
 * when the dictionary has no entry). A header is a dictionary key, or `{ text }` for a name shown as it is.
 *
 * Then, with `ctx = { locale, timeZone, t }` (useI18n() in the browser, createTranslator() on the server):
 * - `sheetCsv(sheet, rows, ctx)` → CSV text. pt-BR: ";" between fields, amounts "1234,56", days "22/11/2026",
 *   times "22/11/2026 14:05:09"; en: ",", "1234.56", "2026-11-22", "2026-11-22 14:05:09". Both: a UTF-8 BOM,
 *   CRLF, no thousands separators (Excel reads the amount as a number), translated headers and codes, a
 *   date-time header naming the zone, and every text cell a spreadsheet would run as a formula ("=…", "@…",
 *   "+…"/"-…" that is not a number) prefixed with an apostrophe (lib/shared/csv.ts's guard).
 * - `sheetXlsx(sheet, rows, ctx)` → `{ data, options }` for write-excel-file: translated bold header (kept in
 *   view), amounts as number cells formatted "R$" #,##0.00, days and times as date cells holding the zone's
 *   wall-clock time, text and codes as string cells (never evaluated).
 * - `exportFileName(sheet.file, format, { t, timeZone })` → the list's name in the reader's language, ASCII only
 *   (`export.file.<file>` folded: pt-BR "contestacoes-2026-11-22.csv", en "chargebacks-2026-11-22.csv"), dated in the
 *   zone. Every export, in the browser or a route, is named there and nowhere else.
 *
 * Writing the file:
 * - in a list (client component): `const exporter = useSheetExport()` and
 *   `<ExportButtons onExport={(f) => void exporter.run(f, sheet, rows)} busy={exporter.busy} disabled={…} />`
 *   (components/ui/export-buttons.tsx; `run` resolves true when saved, false after a toast saying it failed).
 *   Underneath, `downloadSheet` / `sheetBlob` (lib/browser/export.ts) import the writers and
 *   write-excel-file/browser only on click, so no page's first load carries them: browser code imports types
 *   from here and values only from ./sheet and ./file-name.
 * - in a route (server): `exportDownload(requestExport(ctx.request, ctx.query.format), sheet, rows, { now })`
 *   (lib/server/export.ts; the route takes `query: exportQuerySchema`, lib/server/http/params.ts) answers the
 *   route's `Download` in the person's language and zone (their cookies).
 */

export { exportDelimiter, sheetCsv } from "./csv";
export { asciiFileName, CSV_CONTENT_TYPE, exportFileName, XLSX_CONTENT_TYPE } from "./file-name";
export { EXPORT_FILES, type ExportFile } from "./files";
export { sheetXlsx, XLSX_BRL_FORMAT, type XlsxSheet } from "./xlsx";
export {
  EXPORT_FORMATS,
  enumLabel,
  type ExportColumn,
  type ExportContext,
  type ExportDateValue,
  type ExportFormat,
  type ExportHeader,
  type ExportSheet,
} from "./sheet";

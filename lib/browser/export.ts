import {
  exportFileName,
  sheetCsv,
  sheetXlsx,
  type ExportContext,
  type ExportFormat,
  type ExportSheet,
} from "@/lib/shared/export";

/** Saves a Blob as a file (a link to it, so nothing leaves the page). */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL is revoked.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Builds the file's bytes: CSV text, or an .xlsx written by write-excel-file/browser, loaded now and not before. */
export async function sheetBlob<Row>(
  format: ExportFormat,
  sheet: ExportSheet<Row>,
  rows: readonly Row[],
  ctx: ExportContext,
): Promise<Blob> {
  if (format === "csv") return new Blob([sheetCsv(sheet, rows, ctx)], { type: "text/csv;charset=utf-8" });
  const { default: writeXlsxFile } = await import("write-excel-file/browser");
  const { data, options } = sheetXlsx(sheet, rows, ctx);
  return writeXlsxFile(data, options).toBlob();
}

/** Saves the rows as "<sheet.file>-<day in the zone>.csv" or ".xlsx"; resolves with the file's name. */
export async function downloadSheet<Row>(
  format: ExportFormat,
  sheet: ExportSheet<Row>,
  rows: readonly Row[],
  ctx: ExportContext,
): Promise<string> {
  const blob = await sheetBlob(format, sheet, rows, ctx);
  const fileName = exportFileName(sheet.file, format, ctx.timeZone);
  downloadBlob(fileName, blob);
  return fileName;
}

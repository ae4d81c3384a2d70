import { exportFileName } from "@/lib/shared/export/file-name";
import type { ExportContext, ExportFormat, ExportSheet } from "@/lib/shared/export/sheet";

function clickLink(href: string, fileName: string): void {
  const link = document.createElement("a");
  link.href = href;
  link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** Saves a Blob as a file (a link to it, so nothing leaves the page). */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  clickLink(url, fileName);
  // Give the browser time to start the download before the URL is revoked.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads a file the BFF writes (its own name comes with it): `${path}?format=csv|xlsx`. */
export function downloadExportFrom(path: string, format: ExportFormat): void {
  clickLink(`${path}?format=${format}`, "");
}

/**
 * Builds the file's bytes: CSV text, or an .xlsx written by write-excel-file/browser. The writers are loaded
 * now and not before, so a list's first load carries only its sheet description and the buttons.
 */
export async function sheetBlob<Row>(
  format: ExportFormat,
  sheet: ExportSheet<Row>,
  rows: readonly Row[],
  ctx: ExportContext,
): Promise<Blob> {
  if (format === "csv") {
    const { sheetCsv } = await import("@/lib/shared/export/csv");
    return new Blob([sheetCsv(sheet, rows, ctx)], { type: "text/csv;charset=utf-8" });
  }
  const [{ default: writeXlsxFile }, { sheetXlsx }] = await Promise.all([
    import("write-excel-file/browser"),
    import("@/lib/shared/export/xlsx"),
  ]);
  const { data, options } = sheetXlsx(sheet, rows, ctx);
  return writeXlsxFile(data, options).toBlob();
}

/** Saves the rows as "<the list's name in the reader's language>-<day in the zone>.csv" or ".xlsx"; resolves with the file's name. */
export async function downloadSheet<Row>(
  format: ExportFormat,
  sheet: ExportSheet<Row>,
  rows: readonly Row[],
  ctx: ExportContext,
): Promise<string> {
  const blob = await sheetBlob(format, sheet, rows, ctx);
  const fileName = exportFileName(sheet.file, format, ctx);
  downloadBlob(fileName, blob);
  return fileName;
}

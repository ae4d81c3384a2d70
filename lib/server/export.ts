import "server-only";
import writeXlsxFile from "write-excel-file/node";
import type { Download } from "@/lib/server/services/context";
import {
  CSV_CONTENT_TYPE,
  sheetCsv,
  sheetXlsx,
  XLSX_CONTENT_TYPE,
  type ExportContext,
  type ExportFormat,
  type ExportSheet,
} from "@/lib/shared/export";

/** The rows as a route's download: CSV text or .xlsx bytes in the reader's language, named `${fileBase}.${format}`. */
export async function sheetDownload<Row>(
  format: ExportFormat,
  sheet: ExportSheet<Row>,
  rows: readonly Row[],
  ctx: ExportContext,
  fileBase: string,
): Promise<Download> {
  const fileName = `${fileBase}.${format}`;
  if (format === "csv")
    return { download: { body: sheetCsv(sheet, rows, ctx), contentType: CSV_CONTENT_TYPE, fileName } };
  const { data, options } = sheetXlsx(sheet, rows, ctx);
  const body = new Uint8Array(await writeXlsxFile(data, options).toBuffer());
  return { download: { body, contentType: XLSX_CONTENT_TYPE, fileName } };
}

import "server-only";
import writeXlsxFile from "write-excel-file/node";
import type { Download } from "@/lib/server/services/context";
import {
  CSV_CONTENT_TYPE,
  exportFileName,
  sheetCsv,
  sheetXlsx,
  XLSX_CONTENT_TYPE,
  type ExportContext,
  type ExportFormat,
  type ExportSheet,
} from "@/lib/shared/export";
import type { Locale } from "@/lib/shared/i18n/config";
import { createTranslator } from "@/lib/shared/i18n/translate";

/** What a route passes to a service that exports (lib/server/http/request-context.ts `requestExport`). */
export interface ExportRequest {
  format: ExportFormat;
  locale: Locale;
  timeZone: string;
}

/**
 * The rows as the route's download, named by `exportFileName` in the person's language ("repasses-2026-11-22.csv",
 * `detail` after the list's name when given), written in their language and zone.
 */
export function exportDownload<Row>(
  request: ExportRequest,
  sheet: ExportSheet<Row>,
  rows: readonly Row[],
  options: { now: number; detail?: string },
): Promise<Download> {
  const ctx: ExportContext = {
    locale: request.locale,
    timeZone: request.timeZone,
    t: createTranslator(request.locale),
  };
  const fileName = exportFileName(sheet.file, request.format, ctx, { now: options.now, detail: options.detail });
  return sheetDownload(request.format, sheet, rows, ctx, fileName.replace(/\.[a-z]+$/, ""));
}

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

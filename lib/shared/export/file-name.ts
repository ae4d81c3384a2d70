import { wallDateText, wallTimeIn } from "@/lib/shared/format/date";
import type { ExportFormat } from "./sheet";

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

/** "chargebacks" → "chargebacks-2026-11-22.csv" (or .xlsx), the day in `timeZone`. */
export function exportFileName(
  prefix: string,
  format: ExportFormat,
  timeZone: string,
  now: Date | number = Date.now(),
): string {
  return `${prefix}-${wallDateText(wallTimeIn(timeZone, new Date(now).getTime()))}.${format}`;
}

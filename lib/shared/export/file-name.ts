import { wallDateText, wallTimeIn } from "@/lib/shared/format/date";
import type { Translate } from "@/lib/shared/i18n/translator";
import type { ExportFile } from "./files";
import type { ExportFormat } from "./sheet";

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

/**
 * Words as a file name's part, ASCII only: accents folded ("contestações" → "contestacoes"), lower case, every
 * run of anything but letters and digits one "-" ("links de pagamento" → "links-de-pagamento").
 */
export function asciiFileName(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * The one place an export's file is named: "<list in the reader's language>[-<detail>]-<day in the zone>.<format>",
 * ASCII only (pt-BR "contestacoes-2026-11-22.csv", en "chargebacks-2026-11-22.csv"). `t` is the reader's
 * language (useI18n() in the browser, createTranslator(locale) on the server); `detail` tells two files of one
 * list apart (a member's id on their security history), kept as it is but for characters a name should not hold.
 */
export function exportFileName(
  file: ExportFile,
  format: ExportFormat,
  reader: { t: Translate; timeZone: string },
  options: { now?: Date | number; detail?: string } = {},
): string {
  const day = wallDateText(wallTimeIn(reader.timeZone, new Date(options.now ?? Date.now()).getTime()));
  // An id as it is, anything a file name should not hold replaced.
  const detail = options.detail?.replace(/[^A-Za-z0-9_-]+/g, "-");
  const parts = [asciiFileName(reader.t(`export.file.${file}`)) || file, detail, day];
  return `${parts.filter(Boolean).join("-")}.${format}`;
}

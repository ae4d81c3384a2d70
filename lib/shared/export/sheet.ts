import { toDate, utcMs, wallTimeIn, type WallTime } from "@/lib/shared/format/date";
import type { Locale } from "@/lib/shared/i18n/config";
import type { MessageKey } from "@/lib/shared/i18n/dictionaries";
import type { Translate } from "@/lib/shared/i18n/translator";
import type { ExportFile } from "./files";

/** The two files every export offers. */
export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** A column's title: a dictionary key, or a text shown as it is (a field the dashboard does not know, by its name). */
export type ExportHeader = MessageKey | { text: string };

/** A date or time as the API sends it (ISO text), a calendar day ("2026-11-22"), epoch ms or a Date. */
export type ExportDateValue = string | number | Date | null | undefined;

/**
 * One column: its title and what kind of value it holds, which decides how each writer writes it.
 * - `text`: as it is (a text cell; in the CSV guarded against formulas).
 * - `money`: integer centavos → reais ("1234,56" / "1234.56"; a number cell in BRL format in the .xlsx).
 * - `count`: an integer.
 * - `date`: the calendar day in the business's zone (a "YYYY-MM-DD" day is kept as that day).
 * - `dateTime`: the wall-clock time in the business's zone, seconds included; the title says which zone.
 * - `enum`: a code translated through the dictionary as `${labels}.${value}` (or `labels(value)`); a code without an
 *   entry is kept as it is.
 */
export type ExportColumn<Row> =
  | { kind: "text"; header: ExportHeader; value: (row: Row) => string | number | null | undefined }
  | { kind: "money" | "count"; header: ExportHeader; value: (row: Row) => number | null | undefined }
  | { kind: "date" | "dateTime"; header: ExportHeader; value: (row: Row) => ExportDateValue }
  | {
      kind: "enum";
      header: ExportHeader;
      /**
       * The start of the keys, with its dot ("status." → "status.needs_response"; the dot lets the pages' message check
       * see what is read), or the key for a code when one prefix is not enough.
       */
      labels: `${string}.` | ((code: string) => string);
      value: (row: Row) => string | null | undefined;
    };

/** What one export is: its file (named in the reader's language, see ./file-name), its sheet's title and its columns in order. */
export interface ExportSheet<Row> {
  file: ExportFile;
  title: MessageKey;
  columns: readonly ExportColumn<Row>[];
}

/** The reader's language and the business's zone, and `t()` in that language. */
export interface ExportContext {
  locale: Locale;
  timeZone: string;
  t: Translate;
}

/** A cell's value once read, before a writer formats it. */
export type ExportCell =
  | { kind: "empty" }
  | { kind: "text"; text: string }
  | { kind: "money"; centavos: number }
  | { kind: "count"; value: number }
  | { kind: "date" | "dateTime"; wall: WallTime };

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A value of a date column as a wall-clock time in the zone; a calendar day stays that day. Null when unreadable. */
export function wallOf(value: ExportDateValue, timeZone: string): WallTime | null {
  if (typeof value === "string") {
    const day = DAY_RE.exec(value);
    if (day) return { year: Number(day[1]), month: Number(day[2]), day: Number(day[3]), hour: 0, minute: 0, second: 0 };
  }
  const date = toDate(value);
  return date ? wallTimeIn(timeZone, date.getTime()) : null;
}

/** A wall-clock time as a Date whose UTC fields are that time (how a spreadsheet's date cell holds it: no zone). */
export function wallAsUtcDate(w: WallTime, withTime: boolean): Date {
  return withTime
    ? new Date(utcMs(w.year, w.month, w.day, w.hour, w.minute, w.second))
    : new Date(utcMs(w.year, w.month, w.day));
}

/** The translation of `${prefix}${code}` (or of `prefix(code)`), or the code itself when the dictionary has none. */
export function enumLabel(t: Translate, prefix: `${string}.` | ((code: string) => string), code: string): string {
  const key = typeof prefix === "string" ? `${prefix}${code}` : prefix(code);
  const label = t(key);
  return label === key ? code : label;
}

/** A column's title in the reader's language; a date-time's says the zone ("Aberta em (America/Sao_Paulo)"). */
export function headerText<Row>(column: ExportColumn<Row>, ctx: ExportContext): string {
  const title = typeof column.header === "string" ? ctx.t(column.header) : column.header.text;
  return column.kind === "dateTime" ? `${title} (${ctx.timeZone})` : title;
}

/** One row's value under one column, read and typed. */
export function readCell<Row>(column: ExportColumn<Row>, row: Row, ctx: ExportContext): ExportCell {
  switch (column.kind) {
    case "text": {
      const value = column.value(row);
      return value === null || value === undefined || value === ""
        ? { kind: "empty" }
        : { kind: "text", text: String(value) };
    }
    case "money": {
      const value = column.value(row);
      return typeof value === "number" && Number.isSafeInteger(value)
        ? { kind: "money", centavos: value }
        : { kind: "empty" };
    }
    case "count": {
      const value = column.value(row);
      return typeof value === "number" && Number.isFinite(value) ? { kind: "count", value } : { kind: "empty" };
    }
    case "date":
    case "dateTime": {
      const value = column.value(row);
      if (value === null || value === undefined || value === "") return { kind: "empty" };
      const wall = wallOf(value, ctx.timeZone);
      // Text the API sent that is not a date is kept as it came rather than lost.
      return wall ? { kind: column.kind, wall } : { kind: "text", text: String(value) };
    }
    case "enum": {
      const value = column.value(row);
      return value === null || value === undefined || value === ""
        ? { kind: "empty" }
        : { kind: "text", text: enumLabel(ctx.t, column.labels, value) };
    }
  }
}

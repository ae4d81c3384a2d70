/**
 * Date and time formatting in the operator's time zone. Pure functions (no React,
 * no cookies) so both the server (`getI18n()`) and the client (`useI18n()`) use
 * exactly the same rules. Every function accepts the API's ISO strings and
 * returns "—"-free output: callers decide what to show for a missing date.
 */

export const DEFAULT_TIME_ZONE = "America/Sao_Paulo";

const formatterCache = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatterCache.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatterCache.set(key, formatter);
  }
  return formatter;
}

// Zone names already checked (`remember`): a page asks about its business's zone many times a render, and the
// answer never changes.
const canonicalZoneCache = new Map<string, string | null>();
const validZoneCache = new Map<string, boolean>();

/**
 * The zone's canonical IANA name as the runtime knows it ("BET" → "America/Sao_Paulo", "IST" → "Asia/Calcutta",
 * "Etc/UTC" → "UTC"), or null when it is not a zone. Old three-letter aliases mean different places to different
 * libraries (PostgreSQL reads "IST" as Israel, ICU as India): only the canonical region name goes on to the
 * ledger's day buckets, so the database and the page count the same days.
 */
export function canonicalTimeZone(value: unknown): string | null {
  if (!isValidTimeZone(value)) return null;
  const known = canonicalZoneCache.get(value);
  if (known !== undefined) return known;
  const resolved = new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  const canonical = resolved === "UTC" || Intl.supportedValuesOf("timeZone").includes(resolved) ? resolved : null;
  remember(canonicalZoneCache, value, canonical);
  return canonical;
}

/** True when the runtime knows this IANA zone name ("America/Manaus", "UTC"). */
export function isValidTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > 64) return false;
  const known = validZoneCache.get(value);
  if (known !== undefined) return known;
  let valid = true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
  } catch {
    valid = false;
  }
  remember(validZoneCache, value, valid);
  return valid;
}

/**
 * Bounded: anyone may send a zone name (a cookie), and Intl takes any spelling of a known one ("america/sao_paulo"),
 * so past 500 names a cache starts over.
 */
function remember<V>(cache: Map<string, V>, name: string, answer: V): void {
  if (cache.size >= 500) cache.clear();
  cache.set(name, answer);
}

/** A Date, epoch millis or an ISO string, as the formatters take it. */
export type DateInput = Date | number | string | null | undefined;

/** Accepts a Date, epoch millis or an ISO string; null for anything unparseable. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An API timestamp as epoch milliseconds; null when missing, not a string, or unreadable. */
export function isoToMs(value: unknown): number | null {
  if (typeof value !== "string" || value === "") return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

export interface DateFormatOptions extends Intl.DateTimeFormatOptions {
  /** Append the zone's short name ("BRT", "GMT-4"): use wherever a time is shown without other context. */
  withZone?: boolean;
}

function withoutExtras(options: DateFormatOptions): Intl.DateTimeFormatOptions {
  const { withZone, ...rest } = options;
  // dateStyle/timeStyle cannot be combined with timeZoneName: expand them to fields. A short date is expanded
  // always: en-US's short style writes the year in two digits ("11/29/26") where every other date shows four. A time
  // alone too, so that a short date-time and a lone time have two-digit hours ("04:14 AM", not "4:14 AM"); a
  // medium or longer date keeps the locale's own style.
  const expand = withZone || rest.dateStyle === "short" || (rest.timeStyle !== undefined && !rest.dateStyle);
  if (!expand) return rest;
  const expanded: Intl.DateTimeFormatOptions = { ...rest };
  if (rest.dateStyle || rest.timeStyle) {
    delete expanded.dateStyle;
    delete expanded.timeStyle;
    if (rest.dateStyle) {
      expanded.day = "2-digit";
      expanded.month = rest.dateStyle === "short" ? "2-digit" : "short";
      expanded.year = "numeric";
    }
    if (rest.timeStyle) {
      expanded.hour = "2-digit";
      expanded.minute = "2-digit";
      if (rest.timeStyle === "medium" || rest.timeStyle === "long") expanded.second = "2-digit";
    }
  }
  // A long or full time names its zone: kept when expanded.
  if (withZone || rest.timeStyle === "long" || rest.timeStyle === "full") expanded.timeZoneName = "short";
  return expanded;
}

/** A formatter in the zone that uses `defaults` when the caller names no fields (`withZone` alone names none). */
function zonedFormatter(defaults: Intl.DateTimeFormatOptions) {
  return (value: DateInput, locale: string, timeZone: string, options: DateFormatOptions = {}): string => {
    const date = toDate(value);
    if (!date) return "";
    const hasFields = Object.keys(options).some((k) => k !== "withZone");
    const base: DateFormatOptions = hasFields ? options : { ...options, ...defaults };
    return dateTimeFormat(locale, { ...withoutExtras(base), timeZone }).format(date);
  };
}

/** "22 de nov. de 2026" / "Nov 22, 2026" in the zone. */
export const formatDate = zonedFormatter({ dateStyle: "medium" });

/** "22/11/2026, 14:05" / "11/22/2026, 02:05 PM" in the zone; pass `{ withZone: true }` to add "BRT". */
export const formatDateTime = zonedFormatter({ dateStyle: "short", timeStyle: "short" });

/** The zone's short name at a given instant: "BRT", "GMT-4", "UTC". */
export function timeZoneShortName(timeZone: string, locale: string, at: Date | number | string = Date.now()): string {
  const date = toDate(at) ?? new Date();
  const part = dateTimeFormat(locale, { timeZone, timeZoneName: "short" })
    .formatToParts(date)
    .find((p) => p.type === "timeZoneName");
  return part?.value ?? timeZone;
}

/** A readable city for the zone: "America/Sao_Paulo" → "Sao Paulo". */
export function timeZoneCity(timeZone: string): string {
  const last = timeZone.split("/").pop() ?? timeZone;
  return last.replace(/_/g, " ");
}

const RELATIVE_UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
];

const relativeCache = new Map<string, Intl.RelativeTimeFormat>();

/** "em 3 h" / "in 3 hr." / "há 5 min": the largest unit that fits, rounded. */
export function formatRelative(value: DateInput, locale: string, now: Date | number = Date.now()): string {
  const date = toDate(value);
  if (!date) return "";
  const nowMs = typeof now === "number" ? now : now.getTime();
  const diffSeconds = Math.round((date.getTime() - nowMs) / 1000);
  const abs = Math.abs(diffSeconds);
  let formatter = relativeCache.get(locale);
  if (!formatter) {
    formatter = new Intl.RelativeTimeFormat(locale, { numeric: "auto", style: "short" });
    relativeCache.set(locale, formatter);
  }
  if (abs < 45) return formatter.format(0, "second");
  for (const [unit, seconds] of RELATIVE_UNITS) {
    if (abs >= seconds * 0.95 || unit === "second") {
      return formatter.format(Math.round(diffSeconds / seconds), unit);
    }
  }
  return formatter.format(diffSeconds, "second");
}

/** A wall-clock time in some zone, as numbers (hour 0–23). */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** What a clock in `timeZone` shows at the instant `ms`. */
export function wallTimeIn(timeZone: string, ms: number): WallTime {
  const parts = dateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    era: "short",
  }).formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value ?? "0");
  // Intl counts the years before 1 as 1 BC, 2 BC…; ISO 8601 as 0, −1…
  const bc = parts.find((p) => p.type === "era")?.value === "BC";
  return {
    year: bc ? 1 - get("year") : get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour") % 24,
    minute: get("minute"),
    second: get("second"),
  };
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * The wall-clock time written as six digit groups (year, month, day, hour, minute, second; a group left out
 * reads as 0), or null when the calendar lacks the day or the time of day is past 23:59:59.
 */
export function wallTimeFromDigits(digits: readonly (string | undefined)[]): WallTime | null {
  const field = (index: number) => Number(digits[index] ?? "0");
  const w: WallTime = {
    year: field(0),
    month: field(1),
    day: field(2),
    hour: field(3),
    minute: field(4),
    second: field(5),
  };
  if (w.month < 1 || w.month > 12 || w.day < 1 || w.day > daysInMonth(w.year, w.month)) return null;
  return w.hour > 23 || w.minute > 59 || w.second > 59 ? null : w;
}

const pad = (n: number, len = 2) => String(n).padStart(len, "0");

/** "2026-11-22": the calendar day of a wall-clock time. */
export function wallDateText(w: WallTime): string {
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** "14:05", or "14:05:09" with seconds: the time of day of a wall-clock time. */
export function wallClockText(w: WallTime, withSeconds = false): string {
  return `${pad(w.hour)}:${pad(w.minute)}${withSeconds ? `:${pad(w.second)}` : ""}`;
}

/**
 * Epoch ms of a UTC wall time (month 1–12; days past the month's end roll over).
 * Not Date.UTC, which reads the years 0–99 as 1900–1999.
 */
export function utcMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

/** Offset of the zone from UTC at an instant, in milliseconds (São Paulo: −3 h). */
function zoneOffsetMs(timeZone: string, ms: number): number {
  const w = wallTimeIn(timeZone, ms);
  const asUtc = utcMs(w.year, w.month, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * "2026-11-22T14:05" read as a wall-clock time in `timeZone` → ISO UTC
 * ("2026-11-22T17:05:00Z"). Null for malformed or non-existent times.
 */
export function zonedLocalToUtcIso(local: string, timeZone: string): string | null {
  const m = LOCAL_RE.exec(local.trim());
  const w = m ? wallTimeFromDigits(m.slice(1, 7)) : null;
  if (!w) return null;
  const guess = utcMs(w.year, w.month, w.day, w.hour, w.minute, w.second);
  // Two passes settle the offset around DST transitions.
  let utc = guess - zoneOffsetMs(timeZone, guess);
  const secondPass = guess - zoneOffsetMs(timeZone, utc);
  if (secondPass !== utc) utc = secondPass;
  return new Date(utc).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** ISO instant → "YYYY-MM-DDTHH:mm" wall-clock time in `timeZone`, for <input type="datetime-local">. */
export function utcIsoToZonedLocal(iso: string, timeZone: string): string {
  const date = toDate(iso);
  if (!date) return "";
  const w = wallTimeIn(timeZone, date.getTime());
  return `${wallDateText(w)}T${wallClockText(w)}`;
}

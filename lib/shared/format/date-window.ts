import { isoToMs, utcMs, wallTimeFromDigits } from "./date";
import { dayStartMs } from "./zone-days";

/** "2026-11-22" → the next calendar day "2026-11-23". */
export function nextDay(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(utcMs(y, m, d + 1)).toISOString().slice(0, 10);
}

/** The first instant of a calendar day in a zone, as ISO text ("2026-11-22T03:00:00Z"); null for a day the calendar lacks. */
export function dayStartIso(day: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
  if (!m || !wallTimeFromDigits(m.slice(1, 4))) return null;
  return new Date(dayStartMs(day.trim(), timeZone)).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * The inclusive window of calendar days `from`…`to` in a zone, as instants: the start of `from`, and the
 * start of the day after `to` (exclusive). A missing (or unreadable) day leaves that side open (`null`).
 * A day starts at its first instant, not always at 00:00: a day whose midnight the clocks skipped (São Paulo,
 * 2018-11-04) starts at 01:00, as the insights' windows count it (lib/shared/insights/window.ts).
 */
export function dateWindowIso(
  from: string | undefined,
  to: string | undefined,
  timeZone: string,
): { start: string | null; end: string | null } {
  return {
    start: from ? dayStartIso(from, timeZone) : null,
    end: to ? dayStartIso(nextDay(to), timeZone) : null,
  };
}

/** The same window as epoch ms, for filtering rows in the browser. */
export function dateWindow(
  from: string | undefined,
  to: string | undefined,
  timeZone: string,
): { start: number | null; end: number | null } {
  const { start, end } = dateWindowIso(from, to, timeZone);
  return { start: isoToMs(start), end: isoToMs(end) };
}

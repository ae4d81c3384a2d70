import { isoToMs, utcMs, zonedLocalToUtcIso } from "./date";

/** "2026-11-22" → the next calendar day "2026-11-23". */
export function nextDay(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(utcMs(y, m, d + 1)).toISOString().slice(0, 10);
}

/**
 * The inclusive window of calendar days `from`…`to` in a zone, as instants: the start of `from`, and the
 * start of the day after `to` (exclusive). A missing (or unreadable) day leaves that side open (`null`).
 */
export function dateWindowIso(
  from: string | undefined,
  to: string | undefined,
  timeZone: string,
): { start: string | null; end: string | null } {
  return {
    start: from ? zonedLocalToUtcIso(`${from}T00:00`, timeZone) : null,
    end: to ? zonedLocalToUtcIso(`${nextDay(to)}T00:00`, timeZone) : null,
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

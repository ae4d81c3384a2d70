import { utcMs, wallDateText, wallTimeIn } from "@/lib/shared/format/date";
import { dayStartIso } from "@/lib/shared/format/date-window";

/** Calendar days ("2026-11-27") in a zone, and the instants they start at: what the insights' periods are made of. */

/** The calendar day the instant `ms` falls on in `zone`. */
export function dayIn(ms: number, zone: string): string {
  return wallDateText(wallTimeIn(zone, ms));
}

/** `day` moved by `days` calendar days (negative: back). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(utcMs(y, m, d + days)).toISOString().slice(0, 10);
}

/** The Monday of the week `day` is in (weeks start on Monday). */
export function mondayOf(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const weekday = new Date(utcMs(y, m, d)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * The instant `day` starts in `zone` (its first instant: 00:00, or 01:00 on a day whose midnight the clocks skipped),
 * as epoch ms; null for a day that is not one.
 */
export function dayStartMs(day: string, zone: string): number | null {
  const iso = dayStartIso(day, zone);
  return iso === null ? null : Date.parse(iso);
}

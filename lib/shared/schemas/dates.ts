import { z } from "zod/mini";
import type { Clock } from "@/lib/shared/clock";
import { utcMs, wallTimeFromDigits } from "@/lib/shared/format/date";

/*
 * Every date the BFF accepts is an ISO 8601 instant with seconds and an offset
 * ("2026-11-22T09:00:00-03:00", "…Z"; zod's format: upper-case T and Z, no leap
 * second, no date-only) and lies in a range: outside it, a 422 naming the field,
 * never a ledger query or an API request with a year the other side cannot
 * store. The range is checked on the instant the offset gives, so
 * "0001-01-01T00:00:00+14:00" (year 0 UTC) and "9999-12-31T23:59:59-12:00"
 * (year 10000 UTC) are out of range like any other.
 */

const DAY_MS = 86_400_000;

/** List filters (activity from/to): from 2000-01-01 to 2100-01-01 UTC, both included. */
export const FILTER_DATE_MIN_MS = Date.UTC(2000, 0, 1);
export const FILTER_DATE_MAX_MS = Date.UTC(2100, 0, 1);
/**
 * The calendar days a date-filter input may name (`min` / `max`): the days that
 * lie wholly in the range in every zone (−12:00 to +14:00), a "to" day running
 * to the next midnight.
 */
export const FILTER_DAY_MIN = "2000-01-02";
export const FILTER_DAY_MAX = "2099-12-30";

/** A payment link expires after now and at most 5 years (1,826 days) later. */
export const EXPIRY_HORIZON_MS = 1_826 * DAY_MS;

export const DATE_OUT_OF_RANGE = "validation.dateOutOfRange";

const INSTANT_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:(Z)|([+-])(\d{2}):(\d{2}))$/;

/**
 * Epoch milliseconds of an ISO 8601 instant with an offset, or null when it is
 * not one (or names a day the calendar lacks). Computed field by field, not with
 * Date.parse: Date.UTC reads years 0–99 as 1900–1999, and Date.parse of forms
 * outside its own (many fractional digits) depends on the engine. Fractions
 * below a millisecond are dropped.
 */
export function isoInstantMs(text: string): number | null {
  const m = INSTANT_RE.exec(text);
  const w = m ? wallTimeFromDigits(m.slice(1, 7)) : null;
  if (!m || !w) return null;
  const [offsetHours, offsetMins] = m[8] ? [0, 0] : [Number(m[10]), Number(m[11])];
  if (offsetHours > 23 || offsetMins > 59) return null;
  const offsetMinutes = (m[9] === "-" ? -1 : 1) * (offsetHours * 60 + offsetMins);
  const millis = Number((m[7] ?? "").slice(0, 3).padEnd(3, "0"));
  return utcMs(w.year, w.month, w.day, w.hour, w.minute, w.second) + millis - offsetMinutes * 60_000;
}

interface InstantRange {
  /** The earliest instant allowed (ms), read when a value is checked. */
  min: () => number;
  /** Whether `min` itself is refused (an expiry must be after now, not at it). */
  minExclusive?: boolean;
  max: () => number;
  tooEarly: string;
  tooLate: string;
}

/** An ISO 8601 instant with an offset whose instant lies in `range`; the value stays the string as sent. */
export function boundedIsoInstant(range: InstantRange) {
  return z.iso.datetime({ offset: true, error: "validation.isoDate" }).check(
    z.superRefine((value: string, ctx) => {
      const ms = isoInstantMs(value);
      if (ms === null) return; // The format check has already named it.
      const early = range.minExclusive ? ms <= range.min() : ms < range.min();
      const message = early ? range.tooEarly : ms > range.max() ? range.tooLate : null;
      if (message) ctx.addIssue({ code: "custom", message, input: value });
    }),
  );
}

/** A list filter's date: an instant from 2000-01-01 to 2100-01-01 UTC. */
export const filterDateSchema = boundedIsoInstant({
  min: () => FILTER_DATE_MIN_MS,
  max: () => FILTER_DATE_MAX_MS,
  tooEarly: DATE_OUT_OF_RANGE,
  tooLate: DATE_OUT_OF_RANGE,
});

/** A payment link's expiry: after `clock`'s now, at most EXPIRY_HORIZON_MS later. */
export function expiryDateSchema(clock: Pick<Clock, "now">) {
  return boundedIsoInstant({
    min: () => clock.now(),
    minExclusive: true,
    max: () => clock.now() + EXPIRY_HORIZON_MS,
    tooEarly: "validation.expiresInPast",
    tooLate: "validation.expiresTooFar",
  });
}

/** An ISO 8601 instant a list filter may name (what `filterDateSchema` accepts), for reading it from a URL. */
export function isFilterInstant(text: string): boolean {
  const ms = isoInstantMs(text);
  return ms !== null && ms >= FILTER_DATE_MIN_MS && ms <= FILTER_DATE_MAX_MS;
}

/** A calendar day (YYYY-MM-DD) a date filter may name: from FILTER_DAY_MIN to FILTER_DAY_MAX. */
export function isFilterDay(day: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(day) &&
    isoInstantMs(`${day}T00:00:00Z`) !== null &&
    day >= FILTER_DAY_MIN &&
    day <= FILTER_DAY_MAX
  );
}

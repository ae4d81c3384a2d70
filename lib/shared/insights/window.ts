import { wallDateText, wallTimeIn } from "@/lib/shared/format/date";
import { dayLocalMs, dayStartMs, offsetSegments, type OffsetSegment } from "@/lib/shared/format/zone-days";
import {
  MAX_CUSTOM_DAYS,
  MAX_INSIGHT_POINTS,
  type InsightBucket,
  type InsightWindow,
  type InsightWindowQuery,
  type ResolvedWindow,
} from "@/lib/shared/schemas/insights";

/*
 * An insight's window as instants, and its buckets, in the business's zone. Pure (no clock, no database): the
 * server resolves the query with its clock, and a page may call the same functions to label what it draws.
 * Local times are "local ms" (lib/shared/format/zone-days.ts): the wall-clock time written as if it were UTC.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The days of the fixed windows (today included). */
export const WINDOW_DAYS = { "7d": 7, "30d": 30, "90d": 90 } as const satisfies Partial<Record<InsightWindow, number>>;

/** The local width of a bucket (a `week` is 7 local days from Monday 00:00). */
export const BUCKET_WIDTH_MS: Readonly<Record<InsightBucket, number>> = {
  "5m": 5 * MINUTE_MS,
  hour: HOUR_MS,
  day: DAY_MS,
  week: 7 * DAY_MS,
};

/** Why a query cannot be resolved: the query field to name and the message key (validation.*) to show. */
export interface WindowRefusal {
  field: "from" | "to" | "bucket";
  message:
    | "validation.insightDayRequired"
    | "validation.insightDayOrder"
    | "validation.insightSpanTooLong"
    | "validation.insightTooManyPoints";
}

export function isWindowRefusal(value: ResolvedWindow | WindowRefusal): value is WindowRefusal {
  return "message" in value;
}

/** The bucket a window gets when the query names none: 1h → 5m, today → hour, 7d/30d → day, 90d → week; custom by its days. */
export function defaultBucket(window: InsightWindow, days = 1): InsightBucket {
  switch (window) {
    case "1h":
      return "5m";
    case "today":
      return "hour";
    case "7d":
    case "30d":
      return "day";
    case "90d":
      return "week";
    case "custom":
      return days <= 2 ? "hour" : days <= 92 ? "day" : "week";
  }
}

/* ---- Calendar days ("YYYY-MM-DD") ---- */

function localDay(localMs: number): string {
  return new Date(localMs).toISOString().slice(0, 10);
}

/** "2026-11-22" plus `n` calendar days (n may be negative). */
export function addDays(day: string, n: number): string {
  return localDay(dayLocalMs(day) + n * DAY_MS);
}

/** How many calendar days from `from` to `to`, both included (0 or less when `to` is before `from`). */
export function daysInclusive(from: string, to: string): number {
  return Math.round((dayLocalMs(to) - dayLocalMs(from)) / DAY_MS) + 1;
}

/** The calendar day in `zone` at the instant `ms`. */
export function dayInZone(ms: number, zone: string): string {
  return wallDateText(wallTimeIn(zone, ms));
}

const iso = (ms: number) => new Date(ms).toISOString();

/* ---- Buckets ---- */

/** The local ms where the bucket holding the local time `localMs` starts (weeks on Monday). */
export function bucketLocalStart(localMs: number, bucket: InsightBucket): number {
  if (bucket !== "week") return Math.floor(localMs / BUCKET_WIDTH_MS[bucket]) * BUCKET_WIDTH_MS[bucket];
  const day = Math.floor(localMs / DAY_MS);
  // Day 0 (1970-01-01) was a Thursday, 3 days after a Monday.
  const sinceMonday = (((day + 3) % 7) + 7) % 7;
  return (day - sinceMonday) * DAY_MS;
}

/** A bucket's key: its first local time as "YYYY-MM-DDTHH:mm" (what the ledger's series names its rows by). */
export function bucketKeyText(localStart: number): string {
  return new Date(localStart).toISOString().slice(0, 16);
}

/** One point of a series before it is counted: its key (local start) and its first instant (ISO UTC). */
export interface BucketSlot {
  key: string;
  start: string;
}

/** An instant where a point's bucket begins inside the window, and the point's index (in `windowBuckets`). */
export interface BucketStart {
  start: string;
  point: number;
}

function slotsOf(
  window: Pick<ResolvedWindow, "from" | "to" | "bucket" | "zone">,
  limit: number,
): { slots: BucketSlot[]; starts: BucketStart[] } | "too_many" {
  const fromMs = Date.parse(window.from);
  // An empty window (today at midnight) still has its one instant, so its series has one point.
  const endMs = Math.max(fromMs + 1, Date.parse(window.to));
  const width = BUCKET_WIDTH_MS[window.bucket];
  // A far too long range is refused before anything is read (a DST change moves the count by an hour's worth at most).
  if ((endMs - fromMs) / width > limit + HOUR_MS / width + 2) return "too_many";
  const segments = offsetSegments(window.zone, fromMs - 8 * DAY_MS, endMs + 2 * DAY_MS);
  const pointOf = new Map<number, number>();
  const slots: BucketSlot[] = [];
  const starts: BucketStart[] = [];
  for (let i = 0; i < segments.length; i++) {
    const { start: segmentStart, offset } = segments[i] as OffsetSegment;
    const from = Math.max(segmentStart, fromMs);
    const to = Math.min(segments[i + 1]?.start ?? Number.POSITIVE_INFINITY, endMs);
    if (from >= to) continue;
    const last = bucketLocalStart(to - 1 + offset, window.bucket);
    for (let key = bucketLocalStart(from + offset, window.bucket); key <= last; key += width) {
      // A point starts where the window does when its bucket begins before it (a week holding a Sunday first day).
      const start = iso(Math.max(segmentStart, fromMs, key - offset));
      // A local time the clocks repeat is the point it first fell in, which begins again there; a skipped one is none.
      let point = pointOf.get(key);
      if (point === undefined) {
        if (slots.length >= limit) return "too_many";
        point = slots.length;
        pointOf.set(key, point);
        slots.push({ key: bucketKeyText(key), start });
      }
      starts.push({ start, point });
    }
  }
  return { slots, starts };
}

/**
 * Every bucket of the window, oldest first (by when it first begins): the one holding `from` to the one holding the
 * last instant before `to`, each with its key (the bucket's local start, which may be before the window) and its
 * first instant inside the window (`from` for the first one when its bucket began before). A local hour the
 * clocks repeat (the end of daylight saving time) is one bucket of two hours, as the ledger groups it (by local
 * time); an hour they skip is no bucket.
 */
export function windowBuckets(window: Pick<ResolvedWindow, "from" | "to" | "bucket" | "zone">): BucketSlot[] {
  const walked = slotsOf(window, Number.POSITIVE_INFINITY);
  return walked === "too_many" ? [] : walked.slots;
}

/**
 * Every instant inside the window where a point's bucket begins, oldest first, with the point's index in
 * `windowBuckets`: once per point, and again where the clocks go back and a local bucket comes round a second time
 * (the 23:30 five-minute point of 2019-02-16 in São Paulo begins at 01:30Z and again at 02:30Z). A row belongs to
 * the last of these at or before it, so the ledger counts each row in the point of its local time.
 */
export function bucketStarts(window: Pick<ResolvedWindow, "from" | "to" | "bucket" | "zone">): BucketStart[] {
  const walked = slotsOf(window, Number.POSITIVE_INFINITY);
  return walked === "too_many" ? [] : walked.starts;
}

/** How many points the window's series has, or null when that is more than `limit` (counted no further). */
export function countBuckets(
  window: Pick<ResolvedWindow, "from" | "to" | "bucket" | "zone">,
  limit: number = MAX_INSIGHT_POINTS,
): number | null {
  const walked = slotsOf(window, limit);
  return walked === "too_many" ? null : walked.slots.length;
}

/* ---- Windows ---- */

interface Span {
  from: number;
  to: number;
  fromDay: string;
  toDay: string;
  previous: { from: number; to: number };
}

/**
 * Whole calendar days `fromDay`…`toDay`; previous: from the same number of days before, as long as the window has run
 * by `nowMs` (the whole days when the window is over; a window holding today has data up to now only, so comparing it
 * with whole days would show a fall that is only the rest of today).
 */
function daySpan(fromDay: string, toDay: string, zone: string, nowMs: number): Span {
  const days = daysInclusive(fromDay, toDay);
  const from = dayStartMs(fromDay, zone);
  const to = dayStartMs(addDays(toDay, 1), zone);
  const previousFrom = dayStartMs(addDays(fromDay, -days), zone);
  // A window that is over compares with the whole days before it (which may differ by an hour across a DST change).
  const previousTo = nowMs >= to ? from : Math.min(from, previousFrom + Math.max(0, nowMs - from));
  return { from, to, fromDay, toDay, previous: { from: previousFrom, to: previousTo } };
}

/**
 * The query's window as instants in `zone` at `now`, with its bucket and the window of the same length just before
 * it; or why it cannot be (the field to name and the message key).
 * - 1h: [now − 1 h, now); previous: the hour before.
 * - today: [the start of today in the zone, now); previous: yesterday from its start, as long as today so far.
 * - 7d / 30d / 90d: that many calendar days ending today, [start of the first, start of tomorrow); previous: from the
 *   same number of days before, as long as the window has run so far (6.5 days for 7d at noon): no data exists after
 *   now, so a whole previous window would be compared with a partial one.
 * - custom: the days `from`…`to`, both included (at most MAX_CUSTOM_DAYS); previous: from as many days before, as long
 *   as the window has run so far (its whole length when it is over).
 * More than MAX_INSIGHT_POINTS buckets is refused (naming `bucket`).
 */
export function resolveWindow(query: InsightWindowQuery, now: Date, zone: string): ResolvedWindow | WindowRefusal {
  const nowMs = now.getTime();
  const today = dayInZone(nowMs, zone);
  let span: Span;
  let days = 1;
  switch (query.window) {
    case "1h": {
      // Ends at the next whole second (no payout is later than now), so the register's period text is exact.
      const to = Math.ceil(nowMs / 1000) * 1000;
      const from = to - HOUR_MS;
      span = {
        from,
        to,
        fromDay: dayInZone(from, zone),
        toDay: dayInZone(to - 1, zone),
        previous: { from: from - HOUR_MS, to: from },
      };
      break;
    }
    case "today": {
      const from = dayStartMs(today, zone);
      const previousFrom = dayStartMs(addDays(today, -1), zone);
      span = {
        from,
        to: nowMs,
        fromDay: today,
        toDay: today,
        previous: { from: previousFrom, to: previousFrom + (nowMs - from) },
      };
      break;
    }
    case "7d":
    case "30d":
    case "90d":
      days = WINDOW_DAYS[query.window];
      span = daySpan(addDays(today, 1 - days), today, zone, nowMs);
      break;
    case "custom": {
      if (!query.from) return { field: "from", message: "validation.insightDayRequired" };
      if (!query.to) return { field: "to", message: "validation.insightDayRequired" };
      days = daysInclusive(query.from, query.to);
      if (days < 1) return { field: "to", message: "validation.insightDayOrder" };
      if (days > MAX_CUSTOM_DAYS) return { field: "to", message: "validation.insightSpanTooLong" };
      span = daySpan(query.from, query.to, zone, nowMs);
      break;
    }
  }
  const resolved: ResolvedWindow = {
    window: query.window,
    bucket: query.bucket ?? defaultBucket(query.window, days),
    zone,
    from: iso(span.from),
    to: iso(span.to),
    from_day: span.fromDay,
    to_day: span.toDay,
    previous: { from: iso(span.previous.from), to: iso(span.previous.to) },
  };
  if (countBuckets(resolved) === null) return { field: "bucket", message: "validation.insightTooManyPoints" };
  return resolved;
}

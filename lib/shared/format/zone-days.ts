import { utcMs, wallTimeIn } from "./date";

/*
 * A zone's offsets over a range of instants, and the instants its calendar days begin. "Local ms" is a wall-clock
 * time in the zone written as if it were UTC (utcMs of its fields), so days and hours step by plain arithmetic.
 * The offset is read once a day over the range and each change is searched to the millisecond, so turning many local
 * times back into instants needs no Intl call each.
 */

const DAY_MS = 86_400_000;

/** The local ms of a calendar day's 00:00 ("2026-11-22"). */
export function dayLocalMs(day: string): number {
  const [y, m, d] = day.split("-").map(Number);
  return utcMs(y ?? 0, m ?? 1, d ?? 1);
}

export interface OffsetSegment {
  /** From this instant (the first segment: from the start of the range) … */
  start: number;
  /** … the zone is this far ahead of UTC (negative west of Greenwich). */
  offset: number;
}

/** How far ahead of UTC the zone is at instant `ms`, in ms (negative west of Greenwich). */
export function offsetAt(zone: string, ms: number): number {
  const w = wallTimeIn(zone, ms);
  return utcMs(w.year, w.month, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000;
}

/**
 * The zone's offsets over [fromMs, toMs]: read once a day, and where two readings differ the change is searched to
 * the millisecond. Zones change offset at most a few times a year, never twice within a day.
 */
export function offsetSegments(zone: string, fromMs: number, toMs: number): OffsetSegment[] {
  const segments: OffsetSegment[] = [{ start: fromMs, offset: offsetAt(zone, fromMs) }];
  let before = fromMs;
  let beforeOffset = segments[0]?.offset ?? 0;
  while (before < toMs) {
    const next = Math.min(before + DAY_MS, toMs);
    const nextOffset = offsetAt(zone, next);
    if (nextOffset !== beforeOffset) {
      // The first instant whose offset is nextOffset lies in (before, next].
      let lo = before;
      let hi = next;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (offsetAt(zone, mid) === beforeOffset) lo = mid;
        else hi = mid;
      }
      segments.push({ start: hi, offset: nextOffset });
    }
    before = next;
    beforeOffset = nextOffset;
  }
  return segments;
}

/** The first instant of the segments' range whose local time is `localMs` or later (a skipped time: when the skip ends). */
export function firstInstantAtOrAfter(segments: readonly OffsetSegment[], localMs: number): number {
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as OffsetSegment;
    const end = segments[i + 1]?.start ?? Number.POSITIVE_INFINITY;
    if (segment.start + segment.offset >= localMs) return segment.start;
    const at = localMs - segment.offset;
    if (at < end) return at;
  }
  return localMs - (segments.at(-1)?.offset ?? 0);
}

/**
 * The first instant of a calendar day in `zone` (ms). Not always its 00:00: São Paulo skipped from 23:59:59 to 01:00
 * on 2018-11-04, so that day started at 01:00 (03:00 UTC).
 */
export function dayStartMs(day: string, zone: string): number {
  const local = dayLocalMs(day);
  return firstInstantAtOrAfter(offsetSegments(zone, local - 2 * DAY_MS, local + 2 * DAY_MS), local);
}

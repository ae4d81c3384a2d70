import { nextDay } from "@/lib/shared/format/date-window";
import { addDays, dayIn, dayStartMs } from "./zone-days";
import {
  MAX_CUSTOM_DAYS,
  type InsightBucket,
  type InsightWindowQuery,
  type ResolvedWindow,
} from "@/lib/shared/schemas/insights";

/*
 * A minimal window resolver for the payment-link insights, standing in until the payout insights' `resolveWindow`
 * (lib/shared/insights/window.ts) is merged: same signature, so replacing the import is the whole change. It reads
 * the query as the contract says (docs/insights.md); the buckets are only echoed (the link insights draw no series).
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A window the query asks for that cannot be given: which field, and the dictionary key of the message. */
export class InsightWindowError extends Error {
  constructor(
    readonly field: "from" | "to",
    readonly messageKey: string,
  ) {
    super(`insight window: ${field} ${messageKey}`);
    this.name = "InsightWindowError";
  }
}

function startOfDay(day: string, zone: string): number {
  const start = dayStartMs(day, zone);
  if (start === null) throw new InsightWindowError("from", "validation.isoDate");
  return start;
}

const dayOf = dayIn;
const iso = (ms: number) => new Date(ms).toISOString();

/** The instants of the window the query names at `now` in `zone`, and the one just before it of the same length. */
export function resolveWindowBasic(query: InsightWindowQuery, now: number, zone: string): ResolvedWindow {
  const today = dayOf(now, zone);
  let from: number;
  let to: number;
  let firstDay: string;
  let lastDay: string;
  let bucket: InsightBucket;
  if (query.window === "1h" || query.window === "today") {
    from = query.window === "1h" ? now - HOUR_MS : startOfDay(today, zone);
    to = now;
    firstDay = dayOf(from, zone);
    lastDay = today;
    bucket = query.window === "1h" ? "5m" : "hour";
  } else {
    if (query.window === "custom") {
      if (!query.from) throw new InsightWindowError("from", "validation.required");
      if (!query.to) throw new InsightWindowError("to", "validation.required");
      if (query.to < query.from) throw new InsightWindowError("to", "validation.invalid");
      firstDay = query.from;
      lastDay = query.to;
    } else {
      const days = query.window === "7d" ? 7 : query.window === "30d" ? 30 : 90;
      firstDay = addDays(today, 1 - days);
      lastDay = today;
    }
    from = startOfDay(firstDay, zone);
    to = startOfDay(nextDay(lastDay), zone);
    const span = Math.round((to - from) / DAY_MS);
    if (span > MAX_CUSTOM_DAYS) throw new InsightWindowError("to", "validation.invalid");
    bucket = span <= 2 ? "hour" : span <= 31 ? "day" : "week";
  }
  const length = to - from;
  return {
    window: query.window,
    bucket: query.bucket ?? bucket,
    zone,
    from: iso(from),
    to: iso(to),
    from_day: firstDay,
    to_day: lastDay,
    previous: { from: iso(from - length), to: iso(from) },
  };
}

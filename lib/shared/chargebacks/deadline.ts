import { isoToMs, utcMs, wallTimeIn } from "@/lib/shared/format/date";
import { isOpenChargeback, type Chargeback } from "@/lib/shared/schemas/chargeback";
import type { DueBucket } from "@/lib/shared/schemas/insights";

/**
 * The one rule for a chargeback's response deadline (`respond_by`), used by the
 * overview, the chargebacks table, drawer and tiles, and the CSV export.
 *
 * Open = not decided (`isOpenChargeback`, from the schema). Needs action =
 * `needs_response` only: the business must answer before `respond_by`. Every
 * other open status (`under_review`, or one the dashboard does not know) waits
 * for the card network or the payer's bank: its deadline is shown, not pressed.
 */
export const ACTION_STATUS = "needs_response";
export const REVIEW_STATUS = "under_review";

export const HOUR_MS = 3_600_000;
/** "Due within 72 hours": strictly less than this much time left (a deadline exactly 72 h away is not). */
export const DUE_SOON_MS = 72 * HOUR_MS;

export { isOpenChargeback };

type Status = Pick<Chargeback, "status">;

export function needsAction(cb: Status): boolean {
  return cb.status === ACTION_STATUS;
}

/**
 * How pressing a response deadline is:
 * - `overdue`, `due24h` (< 24 h), `due72h` (< 72 h), `later`: a dispute that needs action;
 * - `waiting`: open but not ours to answer (under review): deadline shown, no action expected;
 * - `closed`: decided; `none`: no deadline sent.
 */
export const URGENCIES = ["overdue", "due24h", "due72h", "later", "waiting", "closed", "none"] as const;
export type Urgency = (typeof URGENCIES)[number];

/**
 * Time left to a deadline in ms (≤ 0: it has passed), null when there is no readable one. The one reading of
 * `respond_by` for the page's urgency, countdown and deadline filter and for the insights' due buckets.
 */
export function timeLeft(respondBy: string | null | undefined, now: number): number | null {
  const deadline = isoToMs(respondBy);
  return deadline === null ? null : deadline - now;
}

/** A deadline with this much time left has passed (at the very instant of the deadline it has). */
export function isPast(left: number): boolean {
  return left <= 0;
}

export function urgencyOf(cb: Pick<Chargeback, "status" | "respond_by">, now: number): Urgency {
  const left = timeLeft(cb.respond_by, now);
  if (!isOpenChargeback(cb)) return left === null ? "none" : "closed";
  if (left === null) return "none";
  if (!needsAction(cb)) return "waiting";
  if (isPast(left)) return "overdue";
  if (left < 24 * HOUR_MS) return "due24h";
  if (left < DUE_SOON_MS) return "due72h";
  return "later";
}

/**
 * A case that needs action whose deadline has passed or is less than 72 hours away: the insights' `due_72h`, exactly
 * the page's `?deadline=72h` (cases under review wait for someone else and are not counted).
 */
export function isDueWithin72h(cb: Pick<Chargeback, "status" | "respond_by">, now: number): boolean {
  const urgency = urgencyOf(cb, now);
  return urgency === "overdue" || urgency === "due24h" || urgency === "due72h";
}

/** Calendar days from the day of `from` to the day of `to`, both read in `zone` (0: the same day). */
export function calendarDaysBetween(from: number, to: number, zone: string): number {
  const day = (ms: number) => {
    const w = wallTimeIn(zone, ms);
    return utcMs(w.year, w.month, w.day);
  };
  return Math.round((day(to) - day(from)) / (24 * HOUR_MS));
}

/**
 * Where a case that needs action falls by its deadline, by calendar day in `zone` (the insights' DUE_BUCKETS); null
 * for any other case (decided, or open but waiting for someone else: `under_review`, a status the dashboard does not
 * know). `overdue` is the page's rule (the deadline has passed, `isPast`); otherwise `today` (due later today), `3d`
 * (due on one of the next 3 calendar days), `7d` (the 4th to 7th), `later`; `none`: no readable deadline. Each
 * bucket is also a value of the page's deadline filter (`matchesDeadline`), so a bucket and its list agree.
 */
export function dueBucketOf(
  cb: Pick<Chargeback, "status" | "respond_by">,
  now: number,
  zone: string,
): DueBucket | null {
  if (!isOpenChargeback(cb) || !needsAction(cb)) return null;
  const left = timeLeft(cb.respond_by, now);
  if (left === null) return "none";
  if (isPast(left)) return "overdue";
  const days = calendarDaysBetween(now, now + left, zone);
  if (days === 0) return "today";
  if (days <= 3) return "3d";
  if (days <= 7) return "7d";
  return "later";
}

/**
 * Deadline filter in the URL (`?deadline=`), needs-action cases only: overdue, or due within 24 h / 72 h (overdue
 * included) by elapsed time; or one of the insights' due buckets by calendar day in the person's zone
 * (`dueBucketOf`: `today`, `3d`, `7d`, `later`, `none`; `overdue` is the same rule either way).
 */
export const DEADLINE_FILTERS = ["overdue", "24h", "72h", "today", "3d", "7d", "later", "none"] as const;
export type DeadlineFilter = (typeof DEADLINE_FILTERS)[number];

const FILTER_URGENCIES: Readonly<Partial<Record<DeadlineFilter, readonly Urgency[]>>> = {
  overdue: ["overdue"],
  "24h": ["overdue", "due24h"],
  "72h": ["overdue", "due24h", "due72h"],
};

/** Whether a case is in the deadline filter at `now`; the calendar-day buckets read days in `zone`. */
export function matchesDeadline(
  cb: Pick<Chargeback, "status" | "respond_by">,
  filter: DeadlineFilter,
  now: number,
  zone: string,
): boolean {
  const urgencies = FILTER_URGENCIES[filter];
  if (urgencies) return urgencies.includes(urgencyOf(cb, now));
  return dueBucketOf(cb, now, zone) === filter;
}

/** The chargebacks page listing exactly the cases of a due bucket (the insights' `by_due`). */
export function chargebacksHrefForDue(bucket: DueBucket): string {
  return `/chargebacks?deadline=${bucket}`;
}

/** The longest kind or status the page's URL keeps (chargebackUrlSchema); a longer one is not a filter. */
const MAX_FILTER_VALUE = 60;

/**
 * The chargebacks page listing exactly the open cases of one kind (the insights' `by_kind` row): `?kind=…&status=open`.
 * Null for the row of cases without a kind (the page cannot filter on "none").
 */
export function chargebacksHrefForKind(kind: string | null): string | null {
  if (!kind || kind.length > MAX_FILTER_VALUE) return null;
  return `/chargebacks?${new URLSearchParams({ kind, status: "open" }).toString()}`;
}

/**
 * The chargebacks page listing exactly the cases of one open status (the insights' `by_status` row): `?status=…`.
 * Null for the row of cases without a status, and for a status named `open` (the page reads that as every open case).
 */
export function chargebacksHrefForStatus(status: string | null): string | null {
  if (!status || status === "open" || status.length > MAX_FILTER_VALUE) return null;
  return `/chargebacks?${new URLSearchParams({ status }).toString()}`;
}

/** Open disputes, soonest `respond_by` first (overdue ones first of all, no deadline last), at most `limit`. */
export function soonestOpenChargebacks<T extends Pick<Chargeback, "status" | "respond_by" | "id">>(
  list: readonly T[],
  limit = 5,
): T[] {
  return list
    .filter(isOpenChargeback)
    .map((cb) => ({ cb, deadline: isoToMs(cb.respond_by) }))
    .sort((a, b) => {
      if (a.deadline === null && b.deadline === null) return a.cb.id.localeCompare(b.cb.id);
      if (a.deadline === null) return 1;
      if (b.deadline === null) return -1;
      return a.deadline - b.deadline || a.cb.id.localeCompare(b.cb.id);
    })
    .slice(0, limit)
    .map(({ cb }) => cb);
}

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  overdue: boolean;
}

/** A span of time (sign ignored) in whole days, hours and minutes; `overdue` when `ms` ≤ 0. */
export function durationParts(ms: number): CountdownParts {
  const totalMinutes = Math.floor(Math.abs(ms) / 60_000);
  return {
    days: Math.floor(totalMinutes / 1440),
    hours: Math.floor((totalMinutes % 1440) / 60),
    minutes: totalMinutes % 60,
    overdue: isPast(ms),
  };
}

/** Time left until (or since) a deadline; null when there is no readable deadline. */
export function countdownParts(respondBy: string | null | undefined, now: number): CountdownParts | null {
  const left = timeLeft(respondBy, now);
  return left === null ? null : durationParts(left);
}

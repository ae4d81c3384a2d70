import { isoToMs } from "@/lib/shared/format/date";
import { isOpenChargeback, type Chargeback } from "@/lib/shared/schemas/chargeback";

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

export function urgencyOf(cb: Pick<Chargeback, "status" | "respond_by">, now: number): Urgency {
  const deadline = isoToMs(cb.respond_by);
  if (!isOpenChargeback(cb)) return deadline === null ? "none" : "closed";
  if (deadline === null) return "none";
  if (!needsAction(cb)) return "waiting";
  const left = deadline - now;
  if (left <= 0) return "overdue";
  if (left < 24 * HOUR_MS) return "due24h";
  if (left < 72 * HOUR_MS) return "due72h";
  return "later";
}

/** Deadline filter in the URL: needs-action disputes overdue, or due within 24 h / 72 h (overdue included). */
export const DEADLINE_FILTERS = ["overdue", "24h", "72h"] as const;
export type DeadlineFilter = (typeof DEADLINE_FILTERS)[number];

const FILTER_URGENCIES: Readonly<Record<DeadlineFilter, readonly Urgency[]>> = {
  overdue: ["overdue"],
  "24h": ["overdue", "due24h"],
  "72h": ["overdue", "due24h", "due72h"],
};

export function matchesDeadline(
  cb: Pick<Chargeback, "status" | "respond_by">,
  filter: DeadlineFilter,
  now: number,
): boolean {
  return FILTER_URGENCIES[filter].includes(urgencyOf(cb, now));
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
    overdue: ms <= 0,
  };
}

/** Time left until (or since) a deadline; null when there is no readable deadline. */
export function countdownParts(respondBy: string | null | undefined, now: number): CountdownParts | null {
  const deadline = isoToMs(respondBy);
  return deadline === null ? null : durationParts(deadline - now);
}

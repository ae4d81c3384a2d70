import { isOpenChargeback, type Chargeback } from "@/lib/shared/schemas/chargeback";

export { isOpenChargeback };

function deadlineOf(cb: Pick<Chargeback, "respond_by">): number | null {
  if (typeof cb.respond_by !== "string" || cb.respond_by === "") return null;
  const ms = Date.parse(cb.respond_by);
  return Number.isNaN(ms) ? null : ms;
}

/** Open disputes, soonest `respond_by` first (overdue ones first of all, no deadline last), at most `limit`. */
export function soonestOpenChargebacks<T extends Pick<Chargeback, "status" | "respond_by" | "id">>(list: readonly T[], limit = 5): T[] {
  return list
    .filter(isOpenChargeback)
    .map((cb) => ({ cb, deadline: deadlineOf(cb) }))
    .sort((a, b) => {
      if (a.deadline === null && b.deadline === null) return a.cb.id.localeCompare(b.cb.id);
      if (a.deadline === null) return 1;
      if (b.deadline === null) return -1;
      return a.deadline - b.deadline || a.cb.id.localeCompare(b.cb.id);
    })
    .slice(0, limit)
    .map(({ cb }) => cb);
}

export type DeadlineUrgency = "overdue" | "critical" | "soon" | "later" | "none";

/** < 24 h: critical; < 72 h: soon. */
export function deadlineUrgency(respondBy: string | null | undefined, now: number): DeadlineUrgency {
  const deadline = deadlineOf({ respond_by: respondBy });
  if (deadline === null) return "none";
  const left = deadline - now;
  if (left <= 0) return "overdue";
  if (left < 24 * 3_600_000) return "critical";
  if (left < 72 * 3_600_000) return "soon";
  return "later";
}

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  overdue: boolean;
}

/** Time left until (or since) a deadline, in whole days/hours/minutes. */
export function countdownParts(respondBy: string, now: number): CountdownParts | null {
  const deadline = deadlineOf({ respond_by: respondBy });
  if (deadline === null) return null;
  const diff = deadline - now;
  const totalMinutes = Math.floor(Math.abs(diff) / 60_000);
  return {
    days: Math.floor(totalMinutes / 1440),
    hours: Math.floor((totalMinutes % 1440) / 60),
    minutes: totalMinutes % 60,
    overdue: diff <= 0,
  };
}

/**
 * The insights' due buckets of the disputes that need action (lib/shared/chargebacks/deadline.ts, `dueBucketOf`, `isDueWithin72h`):
 * calendar days in the zone, on the same reading of `respond_by` as the chargebacks page's urgency.
 */
import { describe, expect, it } from "vitest";
import {
  calendarDaysBetween,
  dueBucketOf,
  HOUR_MS,
  isDueWithin72h,
  urgencyOf,
} from "@/lib/shared/chargebacks/deadline";

const SP = "America/Sao_Paulo";
/** 27 Nov 2026, 23:59 in São Paulo (UTC−3, no daylight saving). */
const LATE = Date.parse("2026-11-28T02:59:00Z");
const open = (respond_by: string | null, status: string | null = "needs_response") => ({ status, respond_by });
const local = (wall: string) => `${wall}-03:00`;

describe("due buckets by calendar day in the zone", () => {
  it("a minute before midnight: a deadline at 23:59:59 is today, one at 00:00 is in 1–3 days", () => {
    expect(dueBucketOf(open(local("2026-11-27T23:59:59")), LATE, SP)).toBe("today");
    expect(dueBucketOf(open(local("2026-11-28T00:00:00")), LATE, SP)).toBe("3d");
  });

  it("the 3rd day after today is 3d, the 4th to 7th 7d, the 8th later", () => {
    expect(dueBucketOf(open(local("2026-11-30T23:59:00")), LATE, SP)).toBe("3d");
    expect(dueBucketOf(open(local("2026-12-01T00:00:00")), LATE, SP)).toBe("7d");
    expect(dueBucketOf(open(local("2026-12-04T23:59:00")), LATE, SP)).toBe("7d");
    expect(dueBucketOf(open(local("2026-12-05T00:00:00")), LATE, SP)).toBe("later");
  });

  it("a deadline at the very instant of now, or before it, is overdue (the page's rule)", () => {
    const now = new Date(LATE).toISOString();
    expect(dueBucketOf(open(now), LATE, SP)).toBe("overdue");
    expect(urgencyOf(open(now), LATE)).toBe("overdue");
    expect(dueBucketOf(open(local("2026-11-20T10:00:00")), LATE, SP)).toBe("overdue");
    expect(dueBucketOf(open(new Date(LATE + 1).toISOString()), LATE, SP)).toBe("today");
  });

  it("the zone decides the day: the same instants in UTC are a day apart", () => {
    // 02:59 UTC on the 28th; a deadline at 03:00 UTC is the same UTC day (today) but the next São Paulo day.
    const deadline = "2026-11-28T03:00:00Z";
    expect(dueBucketOf(open(deadline), LATE, "UTC")).toBe("today");
    expect(dueBucketOf(open(deadline), LATE, SP)).toBe("3d");
    expect(calendarDaysBetween(LATE, Date.parse(deadline), SP)).toBe(1);
    expect(calendarDaysBetween(LATE, Date.parse(deadline), "UTC")).toBe(0);
  });

  it("no deadline, or one that cannot be read, is `none`; a decided case has no bucket", () => {
    expect(dueBucketOf(open(null), LATE, SP)).toBe("none");
    expect(dueBucketOf(open("not a date"), LATE, SP)).toBe("none");
    expect(dueBucketOf(open(local("2026-11-27T23:59:59"), "won"), LATE, SP)).toBeNull();
    expect(dueBucketOf(open(null, "refunded"), LATE, SP)).toBeNull();
  });

  it("only a case that needs action has a bucket: under review, an unknown status or none at all wait for someone else", () => {
    for (const status of ["under_review", "pre_arbitration", null, ""])
      expect(dueBucketOf(open(local("2026-11-27T23:59:59"), status), LATE, SP)).toBeNull();
  });
});

describe("due within 72 hours", () => {
  const NOW = Date.parse("2026-11-22T12:00:00Z");
  const at = (ms: number) => new Date(NOW + ms).toISOString();

  it("strictly less than 72 h left (exactly 72 h is not), overdue included, as the page's 72h filter", () => {
    expect(isDueWithin72h(open(at(72 * HOUR_MS)), NOW)).toBe(false);
    expect(urgencyOf(open(at(72 * HOUR_MS)), NOW)).toBe("later");
    expect(isDueWithin72h(open(at(72 * HOUR_MS - 1)), NOW)).toBe(true);
    expect(urgencyOf(open(at(72 * HOUR_MS - 1)), NOW)).toBe("due72h");
    expect(isDueWithin72h(open(at(-5 * HOUR_MS)), NOW)).toBe(true);
  });

  it("a case that needs action only: never one under review, a decided one or one without a deadline", () => {
    expect(isDueWithin72h(open(at(HOUR_MS), "under_review"), NOW)).toBe(false);
    expect(isDueWithin72h(open(at(HOUR_MS), "something_new"), NOW)).toBe(false);
    expect(isDueWithin72h(open(at(HOUR_MS), "lost"), NOW)).toBe(false);
    expect(isDueWithin72h(open(null), NOW)).toBe(false);
  });
});

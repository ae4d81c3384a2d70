/**
 * The insights' window (lib/shared/insights/window.ts): what each window covers in the business's zone, its
 * buckets, the window before it, and what is refused. São Paulo had daylight saving time until 2019: on 2018-11-04
 * the clocks skipped from 23:59:59 to 01:00 (a 23-hour day) and on 2019-02-16 they repeated 23:00–23:59 (25 hours).
 */
import { describe, expect, it } from "vitest";
import {
  addDays,
  countBuckets,
  defaultBucket,
  isWindowRefusal,
  resolveWindow,
  windowBuckets,
  type WindowRefusal,
} from "@/lib/shared/insights/window";
import { dateWindowIso } from "@/lib/shared/format/date-window";
import { dayStartMs } from "@/lib/shared/format/zone-days";
import {
  insightWindowQuerySchema,
  MAX_INSIGHT_POINTS,
  type InsightWindowQuery,
  type ResolvedWindow,
} from "@/lib/shared/schemas/insights";

const SP = "America/Sao_Paulo";
const HOUR = 3_600_000;

function resolved(query: Partial<InsightWindowQuery>, now: string, zone = SP): ResolvedWindow {
  const result = resolveWindow({ window: "30d", ...query }, new Date(now), zone);
  if (isWindowRefusal(result)) throw new Error(`refused: ${result.field} ${result.message}`);
  return result;
}

function refusal(query: Partial<InsightWindowQuery>, now = "2026-11-27T15:03:20Z"): WindowRefusal {
  const result = resolveWindow({ window: "30d", ...query }, new Date(now), SP);
  if (!isWindowRefusal(result)) throw new Error(`resolved: ${JSON.stringify(result)}`);
  return result;
}

const keys = (window: ResolvedWindow) => windowBuckets(window).map((slot) => slot.key);
const starts = (window: ResolvedWindow) => windowBuckets(window).map((slot) => slot.start);
const lengthHours = (window: { from: string; to: string }) => (Date.parse(window.to) - Date.parse(window.from)) / HOUR;

describe("the windows on an ordinary day (2026-11-27 12:03:20 in São Paulo, UTC−3)", () => {
  const now = "2026-11-27T15:03:20.000Z";

  it("1h: the last hour up to now, in 5-minute buckets from the one holding its start; previous: the hour before", () => {
    const w = resolved({ window: "1h" }, now);
    expect(w).toMatchObject({
      window: "1h",
      bucket: "5m",
      zone: SP,
      from: "2026-11-27T14:03:20.000Z",
      to: now,
      from_day: "2026-11-27",
      to_day: "2026-11-27",
      previous: { from: "2026-11-27T13:03:20.000Z", to: "2026-11-27T14:03:20.000Z" },
    });
    const slots = windowBuckets(w);
    expect(slots).toHaveLength(13);
    // The first 5 minutes began at 11:00, before the window: its point starts where the window does.
    expect(slots[0]).toEqual({ key: "2026-11-27T11:00", start: "2026-11-27T14:03:20.000Z" });
    expect(slots[1]).toEqual({ key: "2026-11-27T11:05", start: "2026-11-27T14:05:00.000Z" });
    expect(slots.at(-1)).toEqual({ key: "2026-11-27T12:00", start: "2026-11-27T15:00:00.000Z" });
  });

  it("1h ends at the next whole second when now is within one (so the register can write its period exactly)", () => {
    const w = resolved({ window: "1h" }, "2026-11-27T15:03:20.123Z");
    expect([w.from, w.to]).toEqual(["2026-11-27T14:03:21.000Z", "2026-11-27T15:03:21.000Z"]);
    expect(w.previous).toEqual({ from: "2026-11-27T13:03:21.000Z", to: "2026-11-27T14:03:21.000Z" });
  });

  it("today: from midnight in the zone to now, by hour; previous: yesterday from midnight, as long", () => {
    const w = resolved({ window: "today" }, now);
    expect(w).toMatchObject({
      bucket: "hour",
      from: "2026-11-27T03:00:00.000Z",
      to: now,
      from_day: "2026-11-27",
      to_day: "2026-11-27",
      previous: { from: "2026-11-26T03:00:00.000Z", to: "2026-11-26T15:03:20.000Z" },
    });
    expect(keys(w)).toEqual(Array.from({ length: 13 }, (_, h) => `2026-11-27T${String(h).padStart(2, "0")}:00`));
  });

  it("today at midnight exactly: an empty window with its one bucket", () => {
    const w = resolved({ window: "today" }, "2026-11-27T03:00:00.000Z");
    expect(w.from).toBe(w.to);
    expect(keys(w)).toEqual(["2026-11-27T00:00"]);
  });

  it("7d: seven calendar days ending today, [start of the first, start of tomorrow); previous: from 7 days before, as long as the window so far", () => {
    const w = resolved({ window: "7d" }, now);
    expect(w).toMatchObject({
      bucket: "day",
      from: "2026-11-21T03:00:00.000Z",
      to: "2026-11-28T03:00:00.000Z",
      from_day: "2026-11-21",
      to_day: "2026-11-27",
      // At 12:03:20 the window has run 6 days and 12:03:20 (no data exists after now): so much of the previous one.
      previous: { from: "2026-11-14T03:00:00.000Z", to: "2026-11-20T15:03:20.000Z" },
    });
    expect(lengthHours(w.previous)).toBeCloseTo(6.5 * 24, 0);
    expect(keys(w)).toEqual([21, 22, 23, 24, 25, 26, 27].map((d) => `2026-11-${d}T00:00`));
  });

  it("30d: thirty days by day", () => {
    const w = resolved({ window: "30d" }, now);
    expect([w.from_day, w.to_day, w.bucket]).toEqual(["2026-10-29", "2026-11-27", "day"]);
    expect(windowBuckets(w)).toHaveLength(30);
    expect(w.previous).toEqual({ from: "2026-09-29T03:00:00.000Z", to: "2026-10-28T15:03:20.000Z" });
  });

  it("90d: by week, each starting on Monday at 00:00 in the zone, the first one holding the window's first day", () => {
    const w = resolved({ window: "90d" }, now);
    expect([w.from_day, w.to_day, w.bucket]).toEqual(["2026-08-30", "2026-11-27", "week"]);
    const slots = windowBuckets(w);
    // 2026-08-30 is a Sunday: its week began on Monday 2026-08-24, before the window, so its point starts with it.
    expect(slots[0]).toEqual({ key: "2026-08-24T00:00", start: "2026-08-30T03:00:00.000Z" });
    expect(slots[1]).toEqual({ key: "2026-08-31T00:00", start: "2026-08-31T03:00:00.000Z" });
    expect(slots.at(-1)?.key).toBe("2026-11-23T00:00");
    for (const slot of slots) expect(new Date(`${slot.key}Z`).getUTCDay()).toBe(1);
    expect(slots).toHaveLength(14);
  });

  it("a bucket the query names replaces the default", () => {
    expect(resolved({ window: "7d", bucket: "hour" }, now).bucket).toBe("hour");
    expect(windowBuckets(resolved({ window: "7d", bucket: "hour" }, now))).toHaveLength(7 * 24);
  });
});

describe("custom windows", () => {
  const now = "2026-11-27T15:03:20Z";

  it("the days from…to, both included; previous: as many days before", () => {
    const w = resolved({ window: "custom", from: "2026-11-02", to: "2026-11-05" }, now);
    expect(w).toMatchObject({
      bucket: "day",
      from: "2026-11-02T03:00:00.000Z",
      to: "2026-11-06T03:00:00.000Z",
      from_day: "2026-11-02",
      to_day: "2026-11-05",
      previous: { from: "2026-10-29T03:00:00.000Z", to: "2026-11-02T03:00:00.000Z" },
    });
  });

  it("a custom window holding today compares with as much of the days before as has run; one in the future with none", () => {
    const w = resolved({ window: "custom", from: "2026-11-26", to: "2026-11-28" }, now);
    expect(w.previous).toEqual({ from: "2026-11-23T03:00:00.000Z", to: "2026-11-24T15:03:20.000Z" });
    const ahead = resolved({ window: "custom", from: "2026-11-29", to: "2026-11-30" }, now);
    expect(ahead.previous.from).toBe(ahead.previous.to);
  });

  it.each([
    [1, "hour"],
    [2, "hour"],
    [3, "day"],
    [92, "day"],
    [93, "week"],
    [366, "week"],
  ] as const)("%i days → %s by default", (days, bucket) => {
    const from = "2026-01-05";
    expect(resolved({ window: "custom", from, to: addDays(from, days - 1) }, now).bucket).toBe(bucket);
    expect(defaultBucket("custom", days)).toBe(bucket);
  });

  it("across a year's end: days and weeks keep counting (Monday 2026-12-28 to Sunday 2027-01-10)", () => {
    const byDay = resolved({ window: "custom", from: "2026-12-30", to: "2027-01-02" }, "2027-02-01T12:00:00Z");
    expect(keys(byDay)).toEqual(["2026-12-30T00:00", "2026-12-31T00:00", "2027-01-01T00:00", "2027-01-02T00:00"]);
    expect(byDay.previous).toEqual({ from: "2026-12-26T03:00:00.000Z", to: "2026-12-30T03:00:00.000Z" });
    const byWeek = resolved({ window: "custom", from: "2026-12-28", to: "2027-01-10", bucket: "week" }, now);
    expect(keys(byWeek)).toEqual(["2026-12-28T00:00", "2027-01-04T00:00"]);
    // A week that starts in one year and holds the next one's first day.
    const straddling = resolved({ window: "custom", from: "2027-01-01", to: "2027-01-01", bucket: "week" }, now);
    expect(keys(straddling)).toEqual(["2026-12-28T00:00"]);
  });

  it("7d at the start of January reaches back into December", () => {
    const w = resolved({ window: "7d" }, "2027-01-02T12:00:00Z");
    expect([w.from_day, w.to_day]).toEqual(["2026-12-27", "2027-01-02"]);
    expect(w.previous).toEqual({ from: "2026-12-20T03:00:00.000Z", to: "2026-12-26T12:00:00.000Z" });
  });

  it("the query schema reads a window alone and defaults to 30d", () => {
    expect(insightWindowQuerySchema.parse({})).toEqual({ window: "30d" });
    expect(insightWindowQuerySchema.safeParse({ window: "custom", from: "2026-1-2" }).error?.issues[0]?.message).toBe(
      "validation.isoDay",
    );
  });
});

describe("refusals", () => {
  it("custom without from or to names the missing one", () => {
    expect(refusal({ window: "custom", to: "2026-11-05" })).toEqual({
      field: "from",
      message: "validation.insightDayRequired",
    });
    expect(refusal({ window: "custom", from: "2026-11-05" })).toEqual({
      field: "to",
      message: "validation.insightDayRequired",
    });
  });

  it("from after to", () => {
    expect(refusal({ window: "custom", from: "2026-11-06", to: "2026-11-05" })).toEqual({
      field: "to",
      message: "validation.insightDayOrder",
    });
  });

  it("more than MAX_CUSTOM_DAYS days (366 is the most)", () => {
    expect(resolved({ window: "custom", from: "2025-01-01", to: "2026-01-01" }, "2026-11-27T15:00:00Z").bucket).toBe(
      "week",
    );
    expect(refusal({ window: "custom", from: "2025-01-01", to: "2026-01-02" })).toEqual({
      field: "to",
      message: "validation.insightSpanTooLong",
    });
  });

  it("more than MAX_INSIGHT_POINTS points names the bucket", () => {
    expect(refusal({ window: "7d", bucket: "5m" })).toEqual({
      field: "bucket",
      message: "validation.insightTooManyPoints",
    });
    expect(refusal({ window: "90d", bucket: "hour" }).field).toBe("bucket");
    expect(refusal({ window: "custom", from: "2025-01-01", to: "2026-01-01", bucket: "hour" }).field).toBe("bucket");
    // 33 days by hour is 792 points: allowed; 34 days is 816: refused.
    const edge = resolved(
      { window: "custom", from: "2026-10-01", to: "2026-11-02", bucket: "hour" },
      "2026-11-27T15:00:00Z",
    );
    expect(countBuckets(edge)).toBe(792);
    expect(countBuckets(edge)).toBeLessThanOrEqual(MAX_INSIGHT_POINTS);
    expect(refusal({ window: "custom", from: "2026-10-01", to: "2026-11-03", bucket: "hour" }).field).toBe("bucket");
  });
});

describe("daylight saving time in São Paulo", () => {
  it("2018-11-04 began at 01:00 (the clocks skipped midnight): 23 hours, no 00:00 bucket", () => {
    expect(new Date(dayStartMs("2018-11-04", SP)).toISOString()).toBe("2018-11-04T03:00:00.000Z");
    const w = resolved({ window: "custom", from: "2018-11-04", to: "2018-11-04" }, "2026-11-27T15:00:00Z");
    expect(w).toMatchObject({ bucket: "hour", from: "2018-11-04T03:00:00.000Z", to: "2018-11-05T02:00:00.000Z" });
    expect(lengthHours(w)).toBe(23);
    const slots = windowBuckets(w);
    expect(slots).toHaveLength(23);
    expect(slots[0]).toEqual({ key: "2018-11-04T01:00", start: "2018-11-04T03:00:00.000Z" });
    expect(slots.map((s) => s.key)).not.toContain("2018-11-04T00:00");
    // The day before is whole (24 hours, UTC−3), the day after too (UTC−2).
    expect(
      lengthHours(resolved({ window: "custom", from: "2018-11-03", to: "2018-11-03" }, "2026-11-27T15:00:00Z")),
    ).toBe(24);
  });

  it("the register's day filter takes the same instants (the list counts what the chart counts)", () => {
    const w = resolved({ window: "custom", from: "2018-11-04", to: "2018-11-04" }, "2026-11-27T15:00:00Z");
    const register = dateWindowIso(w.from_day, w.to_day, SP);
    expect([register.start, register.end].map((at) => new Date(at ?? "").toISOString())).toEqual([w.from, w.to]);
    expect(dateWindowIso("2018-11-03", "2018-11-03", SP)).toEqual({
      start: "2018-11-03T03:00:00Z",
      end: "2018-11-04T03:00:00Z",
    });
    expect(dateWindowIso("2026-02-30", undefined, SP).start).toBeNull();
  });

  it("by day across the skip: each day starts at its first instant", () => {
    const w = resolved({ window: "custom", from: "2018-11-03", to: "2018-11-05" }, "2026-11-27T15:00:00Z");
    expect(w.bucket).toBe("day");
    expect(starts(w)).toEqual(["2018-11-03T03:00:00.000Z", "2018-11-04T03:00:00.000Z", "2018-11-05T02:00:00.000Z"]);
    expect(w.to).toBe("2018-11-06T02:00:00.000Z");
  });

  it("2019-02-16 lasted 25 hours: 23:00–23:59 happened twice and is one bucket of two hours", () => {
    const w = resolved({ window: "custom", from: "2019-02-16", to: "2019-02-16" }, "2026-11-27T15:00:00Z");
    expect(w).toMatchObject({ from: "2019-02-16T02:00:00.000Z", to: "2019-02-17T03:00:00.000Z" });
    expect(lengthHours(w)).toBe(25);
    const slots = windowBuckets(w);
    expect(slots).toHaveLength(24);
    expect(slots.at(-1)).toEqual({ key: "2019-02-16T23:00", start: "2019-02-17T01:00:00.000Z" });
    expect(new Date(dayStartMs("2019-02-17", SP)).toISOString()).toBe("2019-02-17T03:00:00.000Z");
  });

  it("the last hour across the repeat: the local times in the order they happened, none twice", () => {
    // 2019-02-17T02:30Z is 23:30 the second time (UTC−3); an hour before was 23:30 the first time (UTC−2).
    const w = resolved({ window: "1h" }, "2019-02-17T02:30:00Z");
    const slots = windowBuckets(w);
    expect(slots.map((s) => s.key)).toEqual([
      ...[30, 35, 40, 45, 50, 55].map((m) => `2019-02-16T23:${m}`),
      ...["00", "05", 10, 15, 20, 25].map((m) => `2019-02-16T23:${m}`),
    ]);
    expect(slots[0]?.start).toBe("2019-02-17T01:30:00.000Z");
    expect(slots[6]).toEqual({ key: "2019-02-16T23:00", start: "2019-02-17T02:00:00.000Z" });
  });

  it("today on the short day, and 7d holding the long one", () => {
    const today = resolved({ window: "today" }, "2018-11-04T15:00:00Z");
    expect(today.from).toBe("2018-11-04T03:00:00.000Z");
    expect(today.previous).toEqual({ from: "2018-11-03T03:00:00.000Z", to: "2018-11-03T15:00:00.000Z" });
    expect(keys(today)[0]).toBe("2018-11-04T01:00");
    const week = resolved({ window: "7d" }, "2019-02-20T15:00:00Z");
    expect(week).toMatchObject({ from: "2019-02-14T02:00:00.000Z", to: "2019-02-21T03:00:00.000Z" });
    expect(lengthHours(week)).toBe(7 * 24 + 1);
    expect(week.previous).toEqual({ from: "2019-02-07T02:00:00.000Z", to: "2019-02-13T15:00:00.000Z" });
    // Over, it compares with the whole 7 days before (168 hours against its 169).
    const over = resolved({ window: "custom", from: "2019-02-14", to: "2019-02-20" }, "2019-03-01T15:00:00Z");
    expect(over.previous).toEqual({ from: "2019-02-07T02:00:00.000Z", to: "2019-02-14T02:00:00.000Z" });
  });

  it("a zone without daylight saving time and one east of UTC", () => {
    expect(resolved({ window: "7d" }, "2026-11-27T15:00:00Z", "UTC").from).toBe("2026-11-21T00:00:00.000Z");
    const kolkata = resolved({ window: "today" }, "2026-11-27T15:00:00Z", "Asia/Kolkata");
    expect(kolkata.from).toBe("2026-11-26T18:30:00.000Z");
    expect(keys(kolkata)[0]).toBe("2026-11-27T00:00");
    expect(starts(kolkata)[1]).toBe("2026-11-26T19:30:00.000Z");
  });
});

/**
 * The pure parts of the disputes, payment-link and overview insights: what they count from a list they are given.
 */
import { describe, expect, it } from "vitest";
import type { LinkCounterSnapshot } from "@/lib/server/ledger";
import { aggregateDisputes } from "@/lib/server/services/insights/disputes";
import {
  creationTimes,
  measuredFrom,
  readLinks,
  revenueFromSnapshots,
  snapshotToleranceMs,
} from "@/lib/server/services/insights/link-counters";
import { overviewPeriods } from "@/lib/server/services/insights/overview";
import { isWindowRefusal, resolveWindow } from "@/lib/shared/insights/window";
import { thisWeekLinksHref } from "@/lib/shared/insights/zone-days";
import type { InsightWindowQuery } from "@/lib/shared/schemas/insights";
import { funnelOf, rankLinks, totalFunnel } from "@/lib/server/services/insights/payment-links";
import { disputeInsightsSchema, DUE_BUCKETS } from "@/lib/shared/schemas/insights";
import { homePathFor } from "@/components/shell/nav-items";
import { can, ROLES } from "@/lib/shared/auth/roles";

const SP = "America/Sao_Paulo";
/** Friday 27 Nov 2026, 15:00 in São Paulo. */
const NOW = Date.parse("2026-11-27T18:00:00Z");
const HOUR = 3_600_000;
const at = (hours: number) => new Date(NOW + hours * HOUR).toISOString();

describe("aggregateDisputes", () => {
  const list: unknown[] = [
    { id: "a", kind: "pix_med", status: "needs_response", amount_centavos: "10000", respond_by: at(-1) },
    { id: "b", kind: "pix_med", status: "under_review", amount_centavos: 2500, respond_by: at(2) },
    { id: "c", kind: "card_chargeback", status: "needs_response", amount_centavos: "700", respond_by: at(71) },
    { id: "d", kind: "card_chargeback", status: "escalated", respond_by: at(72) },
    { id: "e", kind: "pix_med", status: "won", amount_centavos: 99_999, respond_by: at(1) },
    { id: "f", status: "needs_response", amount_centavos: 300, respond_by: null },
    { id: "g", kind: "pix_med", status: "needs_response", amount_centavos: "12.5", respond_by: at(1) },
    { kind: "pix_med", status: "needs_response" },
    "not an object",
  ];
  const result = aggregateDisputes(list, NOW, SP);

  it("counts the open cases and their amount (a missing amount counts 0), skipping unreadable items", () => {
    expect(result.open).toEqual({ count: 5, amount_centavos: 10_000 + 2500 + 700 + 300 });
    expect(result.skipped).toBe(3);
    expect(result.as_of).toBe(new Date(NOW).toISOString());
    expect(result.zone).toBe(SP);
    expect(disputeInsightsSchema.safeParse(result).success).toBe(true);
  });

  it("buckets the cases that need action by due day (under review and unknown statuses wait: not bucketed), every bucket present and in order", () => {
    expect(result.by_due.map((g) => g.key)).toEqual([...DUE_BUCKETS]);
    const byKey = Object.fromEntries(result.by_due.map((g) => [g.key, g.count]));
    // a: overdue; c: 15:00 + 71 h is Monday, the 3rd day after Friday; f: no deadline. b (under review, + 2 h) and
    // d (escalated, + 72 h) are open but wait for someone else.
    expect(byKey).toEqual({ overdue: 1, today: 0, "3d": 1, "7d": 0, later: 0, none: 1 });
    expect(result.by_due.find((g) => g.key === "none")?.amount_centavos).toBe(300);
  });

  it("due within 72 h: cases that need action, overdue and under 72 h; under review is not counted", () => {
    expect(result.due_72h).toEqual({ count: 2, amount_centavos: 10_000 + 700 });
  });

  it("groups by kind and status, most cases first (then most money), a missing one as null", () => {
    expect(result.by_kind).toEqual([
      { key: "pix_med", count: 2, amount_centavos: 12_500 },
      { key: "card_chargeback", count: 2, amount_centavos: 700 },
      { key: null, count: 1, amount_centavos: 300 },
    ]);
    expect(result.by_status.map((g) => [g.key, g.count])).toEqual([
      ["needs_response", 3],
      ["under_review", 1],
      ["escalated", 1],
    ]);
  });
});

const link = (id: string, counters: Partial<Record<string, unknown>> = {}) => ({
  id,
  name: `Link ${id}`,
  slug: id,
  status: "active",
  visits: 0,
  checkouts_started: 0,
  sales_count: 0,
  revenue_centavos: "0",
  ...counters,
});

describe("the links' funnel and ranking", () => {
  it("a rate is null when the step before it is 0", () => {
    expect(funnelOf({ visits: 0, checkouts_started: 0, sales: 0, revenue_centavos: 0 })).toMatchObject({
      checkout_rate: null,
      sale_rate: null,
      conversion: null,
    });
    expect(funnelOf({ visits: 10, checkouts_started: 0, sales: 0, revenue_centavos: 0 })).toMatchObject({
      checkout_rate: 0,
      sale_rate: null,
      conversion: 0,
    });
  });

  it("notes the readable links whose counters were missing (shown as 0)", () => {
    const { links, skipped, uncounted } = readLinks([
      link("a", { revenue_centavos: "5000" }),
      link("no-revenue", { revenue_centavos: undefined }),
      link("null-visits", { visits: null }),
    ]);
    expect(skipped).toBe(0);
    expect(links.map((l) => [l.id, l.revenue_centavos, l.visits])).toEqual([
      ["a", 5000, 0],
      ["no-revenue", 0, 0],
      ["null-visits", 0, 0],
    ]);
    expect([...uncounted]).toEqual(["no-revenue", "null-visits"]);
  });

  it("sums every readable link's counters (amounts as numeric strings too)", () => {
    const { links, skipped } = readLinks([
      link("a", { visits: 100, checkouts_started: 20, sales_count: 5, revenue_centavos: "5000" }),
      link("b", { visits: 300, checkouts_started: 30, sales_count: 15, revenue_centavos: 9000 }),
      { id: "broken" },
    ]);
    expect(skipped).toBe(1);
    expect(totalFunnel(links)).toEqual({
      visits: 400,
      checkouts_started: 50,
      sales: 20,
      revenue_centavos: 14_000,
      checkout_rate: 50 / 400,
      sale_rate: 20 / 50,
      conversion: 20 / 400,
    });
  });

  it("top: by revenue, only links that brought some, at most 5; worst: lowest conversion among links with visits", () => {
    const { links } = readLinks([
      link("none"),
      link("r1", { visits: 10, sales_count: 1, revenue_centavos: 100 }),
      link("r2", { visits: 10, sales_count: 2, revenue_centavos: 900 }),
      link("r3", { visits: 100, sales_count: 3, revenue_centavos: 300 }),
      link("r4", { visits: 5, sales_count: 1, revenue_centavos: 400 }),
      link("r5", { visits: 50, sales_count: 1, revenue_centavos: 500 }),
      link("r6", { visits: 40, sales_count: 1, revenue_centavos: 600 }),
      link("lost", { visits: 80 }),
      link("lost-more", { visits: 90 }),
    ]);
    const { top, worst } = rankLinks(links);
    expect(top.map((l) => l.id)).toEqual(["r2", "r6", "r5", "r4", "r3"]);
    expect(worst.map((l) => l.id)).toEqual(["lost-more", "lost", "r5", "r6", "r3"]);
    expect(worst[0]).toMatchObject({ name: "Link lost-more", status: "active", conversion: 0, sales: 0 });
  });
});

describe("revenue from snapshots", () => {
  const from = new Date("2026-11-20T03:00:00Z");
  const to = new Date("2026-11-27T03:00:00Z");
  const snap = (linkId: string, observedAt: string, sales: number, revenue: number): LinkCounterSnapshot => ({
    linkId,
    observedAt: new Date(observedAt),
    visits: 0,
    checkoutsStarted: 0,
    sales,
    revenueCentavos: revenue,
  });
  const map = (...s: LinkCounterSnapshot[]) => new Map(s.map((x) => [x.linkId, x]));

  it("null when the dashboard's first snapshot is after the window's start", () => {
    const end = map(snap("a", "2026-11-26T00:00:00Z", 5, 500));
    expect(revenueFromSnapshots(new Map(), end, { from, to }, new Map(), null)).toBeNull();
    expect(revenueFromSnapshots(new Map(), end, { from, to }, new Map(), new Date("2026-11-21T00:00:00Z"))).toBeNull();
  });

  it("end minus start per link; a link first seen inside counts from 0 only if created inside the window", () => {
    const start = map(snap("a", "2026-11-19T00:00:00Z", 2, 200));
    const end = map(
      snap("a", "2026-11-26T00:00:00Z", 5, 500),
      snap("new", "2026-11-25T00:00:00Z", 1, 70),
      snap("old-unseen", "2026-11-25T00:00:00Z", 9, 9000),
      snap("no-date", "2026-11-25T00:00:00Z", 4, 4000),
    );
    const created = new Map([
      ["new", Date.parse("2026-11-24T12:00:00Z")],
      ["old-unseen", Date.parse("2026-10-01T00:00:00Z")],
    ]);
    expect(revenueFromSnapshots(start, end, { from, to }, created, new Date("2026-11-01T00:00:00Z"))).toEqual({
      count: 3 + 1,
      amount_centavos: 300 + 70,
    });
  });

  it("a link absent from a whole read of the list at or before the start is new since: counted from zero", () => {
    const start = map(snap("a", "2026-11-19T00:00:00Z", 2, 200));
    const end = map(snap("a", "2026-11-26T00:00:00Z", 5, 500), snap("no-date", "2026-11-25T00:00:00Z", 4, 4000));
    const since = new Date("2026-11-01T00:00:00Z");
    // No whole read before the start: a link without a creation time is left out, as before.
    expect(revenueFromSnapshots(start, end, { from, to }, new Map(), since, null)).toEqual({
      count: 3,
      amount_centavos: 300,
    });
    // The whole list was read 10 minutes before the start without it: it is new, all of its revenue is the window's.
    const read = new Date("2026-11-20T02:50:00Z");
    expect(revenueFromSnapshots(start, end, { from, to }, new Map(), since, read)).toEqual({
      count: 3 + 4,
      amount_centavos: 300 + 4000,
    });
    // Measured from that read when it is older than the tolerance.
    expect(measuredFrom(start, end, { from, to }, 30 * 60_000, new Date("2026-11-19T00:00:00Z"))).toEqual(
      new Date("2026-11-19T00:00:00Z"),
    );
    expect(measuredFrom(new Map(), end, { from, to }, 30 * 60_000, new Date("2026-11-19T00:00:00Z"))).toEqual(
      new Date("2026-11-19T00:00:00Z"),
    );
  });

  it("the tolerance is two watcher beats, but at most 5% of the window", () => {
    const HOUR = 3_600_000;
    // The default 15-minute watcher: 30 minutes on a week, 3 minutes on the last hour.
    expect(snapshotToleranceMs(7 * 24 * HOUR, 15 * 60_000)).toBe(30 * 60_000);
    expect(snapshotToleranceMs(HOUR, 15 * 60_000)).toBe(3 * 60_000);
    // A daily watcher: "today" (24 hours) tolerates 72 minutes, not two days; 90 days tolerate the two days.
    expect(snapshotToleranceMs(24 * HOUR, 24 * HOUR)).toBe(72 * 60_000);
    expect(snapshotToleranceMs(90 * 24 * HOUR, 24 * HOUR)).toBe(48 * HOUR);
    // So a start known as of yesterday evening is flagged on today's window.
    const day = { from: new Date("2026-11-27T03:00:00Z"), to: new Date("2026-11-28T03:00:00Z") };
    const end = map(snap("a", "2026-11-27T20:00:00Z", 5, 500));
    const start = map(snap("a", "2026-11-26T23:00:00Z", 2, 200));
    const tolerance = snapshotToleranceMs(24 * HOUR, 24 * HOUR);
    expect(measuredFrom(start, end, day, tolerance)).toEqual(new Date("2026-11-26T23:00:00Z"));
  });

  it("measured from the window's start while every start snapshot is within the tolerance; else from the earliest", () => {
    const TOLERANCE = 30 * 60_000;
    const end = map(snap("a", "2026-11-26T00:00:00Z", 5, 500), snap("b", "2026-11-26T00:00:00Z", 1, 100));
    // 29 minutes and exactly 30 minutes before the start: the window's figure.
    const close = map(snap("a", "2026-11-20T02:31:00Z", 2, 200), snap("b", "2026-11-20T02:30:00Z", 0, 0));
    expect(measuredFrom(close, end, { from, to }, TOLERANCE)).toBeNull();
    // One link's start snapshot is 3 hours old: the figure holds what arrived since then.
    const stale = map(snap("a", "2026-11-20T02:59:00Z", 2, 200), snap("b", "2026-11-20T00:00:00Z", 0, 0));
    expect(measuredFrom(stale, end, { from, to }, TOLERANCE)).toEqual(new Date("2026-11-20T00:00:00Z"));
    // A start snapshot of a link gone from the end is not used, so it does not count.
    const gone = map(snap("a", "2026-11-20T02:59:00Z", 2, 200), snap("z", "2026-11-01T00:00:00Z", 0, 0));
    expect(measuredFrom(gone, end, { from, to }, TOLERANCE)).toBeNull();
    expect(measuredFrom(new Map(), end, { from, to }, TOLERANCE)).toBeNull();
  });

  it("a whole read of the list close to the start vouches for older, unchanged start snapshots", () => {
    const TOLERANCE = 30 * 60_000;
    const end = map(snap("a", "2026-11-26T00:00:00Z", 5, 500), snap("b", "2026-11-26T00:00:00Z", 1, 100));
    // Rows are written only on a change: b's last row is days old, but the list was read 10 minutes before the start.
    const old = map(snap("a", "2026-11-20T02:59:00Z", 2, 200), snap("b", "2026-11-10T00:00:00Z", 0, 0));
    expect(measuredFrom(old, end, { from, to }, TOLERANCE, new Date("2026-11-20T02:50:00Z"))).toBeNull();
    // The last whole read is 2 hours before the start: measured from it.
    expect(measuredFrom(old, end, { from, to }, TOLERANCE, new Date("2026-11-20T01:00:00Z"))).toEqual(
      new Date("2026-11-20T01:00:00Z"),
    );
  });

  it("reads the links' creation times from the list (absent when unreadable)", () => {
    const { links } = readLinks([
      link("a", { created_at: "2026-11-24T12:00:00Z" }),
      link("b"),
      link("c", { created_at: "x" }),
    ]);
    expect([...creationTimes(links)]).toEqual([["a", Date.parse("2026-11-24T12:00:00Z")]]);
  });
});

describe("the overview's periods", () => {
  it("today since midnight against yesterday up to the same time; this week (Monday to Sunday) against last week's", () => {
    const p = overviewPeriods(NOW, SP);
    expect(new Date(p.today.from).toISOString()).toBe("2026-11-27T03:00:00.000Z");
    expect(new Date(p.yesterday.from).toISOString()).toBe("2026-11-26T03:00:00.000Z");
    expect(new Date(p.yesterday.to).toISOString()).toBe("2026-11-26T18:00:00.000Z");
    expect(new Date(p.week.from).toISOString()).toBe("2026-11-23T03:00:00.000Z");
    // To next Monday (nothing is recorded after now), as the link insights page's window for the same days.
    expect(new Date(p.week.to).toISOString()).toBe("2026-11-30T03:00:00.000Z");
    expect(new Date(p.lastWeek.from).toISOString()).toBe("2026-11-16T03:00:00.000Z");
    expect(new Date(p.lastWeek.to).toISOString()).toBe("2026-11-20T18:00:00.000Z");
  });

  it("the figure's link opens the link insights over the same window, whose trend compares with the same days", () => {
    for (const now of [NOW, Date.parse("2026-11-30T03:00:01Z"), Date.parse("2026-11-30T02:59:59Z")]) {
      const p = overviewPeriods(now, SP);
      const href = new URL(thisWeekLinksHref(new Date(now).toISOString(), SP), "http://x");
      const query = Object.fromEntries(href.searchParams) as unknown as InsightWindowQuery;
      const page = resolveWindow(query, new Date(now), SP);
      if (isWindowRefusal(page)) throw new Error(page.message);
      expect([page.from, page.to, page.previous.from, page.previous.to]).toEqual(
        [p.week.from, p.week.to, p.lastWeek.from, p.lastWeek.to].map((ms) => new Date(ms).toISOString()),
      );
    }
  });

  it("on a Monday just after midnight the week has just begun", () => {
    const p = overviewPeriods(Date.parse("2026-11-30T03:00:01Z"), SP);
    expect(new Date(p.week.from).toISOString()).toBe("2026-11-30T03:00:00.000Z");
  });
});

describe("who reads the overview's figures", () => {
  it("exactly the roles whose home is the overview", () => {
    for (const role of ROLES) expect(can(role, "insights.overview"), role).toBe(homePathFor(role) === "/");
  });
});

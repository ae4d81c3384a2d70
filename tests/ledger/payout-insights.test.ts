/**
 * The payout insights over a real ledger (lib/server/ledger/payout-insights.ts through the service
 * lib/server/services/insights/payouts.ts): rows bucketed by their creation in the business's zone, empty buckets
 * filled, one outcome per row, fees and nets only of rows that did not fail, the window before, the reasons ranked,
 * and the chart equal to the register's totals for the same days and outcome.
 */
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payouts, type PayoutState } from "@/lib/server/ledger/schema";
import { inTransaction, listPayouts, sumPayouts } from "@/lib/server/ledger";
import { filterWhere, payoutOutcomeSql, unsuccessfulSql } from "@/lib/server/ledger/payouts";
import {
  firstPayoutAt,
  payoutFigures,
  payoutReasons,
  payoutSeries,
  withIndexScanCosts,
} from "@/lib/server/ledger/payout-insights";
import { loadPayoutInsights, payoutInsights } from "@/lib/server/services/insights/payouts";
import { dateWindowIso } from "@/lib/shared/format/date-window";
import { isWindowRefusal, resolveWindow } from "@/lib/shared/insights/window";
import { PAYOUT_STATES } from "@/lib/shared/schemas/register";
import {
  PAYOUT_OUTCOMES,
  payoutInsightsSchema,
  type InsightWindowQuery,
  type PayoutOutcome,
  type ResolvedWindow,
} from "@/lib/shared/schemas/insights";
import type { Ledger } from "@/lib/server/ledger";
import { ACME, BETA, drivers, insertTestBatch, useLedger } from "./helpers";

const SP = "America/Sao_Paulo";

interface Row {
  at: string;
  state: PayoutState;
  status?: string | null;
  amount: number;
  fee?: number | null;
  net?: number | null;
  failureReason?: string | null;
  errorCode?: string | null;
  batch?: boolean;
  business?: string;
}

let seq = 0;

async function insert(ledger: Ledger, rows: readonly Row[]): Promise<void> {
  const batchId = rows.some((r) => r.batch) ? await insertTestBatch(ledger, rows.length) : null;
  await ledger.db.insert(payouts).values(
    rows.map((r, i) => ({
      businessId: r.business ?? ACME,
      idempotencyKey: `k-${++seq}`,
      state: r.state,
      status: r.status ?? null,
      amountCentavos: r.amount,
      feeCentavos: r.fee ?? null,
      netCentavos: r.net ?? null,
      pixKeyType: "email",
      pixKeyMasked: "m***@example.com",
      failureReason: r.failureReason ?? null,
      lastErrorCode: r.errorCode ?? null,
      createdByName: "Alice",
      createdByRole: "admin",
      createdAt: new Date(r.at),
      batchId: r.batch ? batchId : null,
      batchRowNumber: r.batch ? i + 2 : null,
    })),
  );
}

function windowOf(query: Partial<InsightWindowQuery>, now: string): ResolvedWindow {
  const w = resolveWindow({ window: "30d", ...query }, new Date(now), SP);
  if (isWindowRefusal(w)) throw new Error(w.message);
  return w;
}

const NOW = "2026-11-27T15:00:00Z";

describe.each(drivers)("payout insights (%s)", (driver) => {
  const ledger = useLedger(driver);
  const scope = () => ({ ledger: ledger(), businessId: ACME });

  it("hour buckets of one day in São Paulo: empty ones filled, a row on a boundary in the later bucket", async () => {
    await insert(ledger(), [
      // 00:00 local exactly: the first bucket.
      { at: "2026-11-10T03:00:00Z", state: "submitted", status: "paid", amount: 100, fee: 1, net: 99 },
      { at: "2026-11-10T03:59:59.999Z", state: "submitted", status: "paid", amount: 200, fee: 2, net: 198 },
      // 01:00 local exactly: the second bucket, not the first.
      { at: "2026-11-10T04:00:00Z", state: "submitted", status: "pending", amount: 400 },
      { at: "2026-11-11T02:59:59Z", state: "rejected", amount: 800, errorCode: "invalid_pix_key" },
      // The day before and the day after: outside.
      { at: "2026-11-10T02:59:59Z", state: "submitted", status: "paid", amount: 1600 },
      // The register's first payout, before the previous window: so it covers that window.
      { at: "2026-11-01T12:00:00Z", state: "submitted", status: "paid", amount: 12800 },
      { at: "2026-11-11T03:00:00Z", state: "submitted", status: "paid", amount: 3200 },
      // Another business: never counted.
      { at: "2026-11-10T05:00:00Z", state: "submitted", status: "paid", amount: 6400, business: BETA },
    ]);
    const data = await loadPayoutInsights(
      scope(),
      windowOf({ window: "custom", from: "2026-11-10", to: "2026-11-10" }, NOW),
    );
    expect(payoutInsightsSchema.parse(data)).toEqual(data);
    expect(data.points).toHaveLength(24);
    expect(data.points.map((p) => p.start)[0]).toBe("2026-11-10T03:00:00.000Z");
    expect(data.points.map((p) => p.count)).toEqual([2, 1, ...Array(21).fill(0), 1]);
    expect(data.points[0]).toMatchObject({ amount_centavos: 300, fee_centavos: 3, net_centavos: 297 });
    expect(data.points[0]?.outcomes.paid).toEqual({ count: 2, amount_centavos: 300 });
    expect(data.points[1]?.outcomes.pending).toEqual({ count: 1, amount_centavos: 400 });
    expect(data.points[23]?.outcomes.not_sent).toEqual({ count: 1, amount_centavos: 800 });
    expect(data.points[5]).toEqual({
      start: "2026-11-10T08:00:00.000Z",
      count: 0,
      amount_centavos: 0,
      fee_centavos: 0,
      net_centavos: 0,
      outcomes: Object.fromEntries(PAYOUT_OUTCOMES.map((o) => [o, { count: 0, amount_centavos: 0 }])),
    });
    expect(data.totals).toMatchObject({ count: 4, amount_centavos: 1500, fee_centavos: 3, net_centavos: 297 });
    // The previous window is the day before: the row at 23:59:59 of the 9th.
    expect(data.previous).toMatchObject({ count: 1, amount_centavos: 1600 });
  });

  it("no previous figures when the previous window began before the register's first payout (not 'up from zero')", async () => {
    const window = windowOf({ window: "7d" }, NOW);
    // An empty register: nothing to compare with.
    expect((await loadPayoutInsights(scope(), window)).previous).toBeNull();
    expect(await firstPayoutAt(ledger(), ACME)).toBeNull();
    // Its first payout inside the window, one second after the previous window began, and another business's older one.
    await insert(ledger(), [
      { at: "2026-11-24T12:00:00Z", state: "submitted", status: "paid", amount: 500 },
      { at: "2026-11-14T03:00:01Z", state: "submitted", status: "paid", amount: 7 },
      { at: "2026-10-01T12:00:00Z", state: "submitted", status: "paid", amount: 9, business: BETA },
    ]);
    const late = await loadPayoutInsights(scope(), window);
    expect(late.totals.count).toBe(1);
    expect(late.previous).toBeNull();
    expect(payoutInsightsSchema.parse(late).previous).toBeNull();
    // A payout at the previous window's first instant: the register covers it, an empty week compares as 0.
    await insert(ledger(), [{ at: "2026-11-14T03:00:00Z", state: "submitted", status: "failed", amount: 3 }]);
    expect(await firstPayoutAt(ledger(), ACME)).toEqual(new Date("2026-11-14T03:00:00Z"));
    const covered = await loadPayoutInsights(scope(), window);
    expect(covered.previous).toMatchObject({ count: 2, amount_centavos: 10 });
  });

  it("every state has its outcome; a failed row counts and adds its amount but no fee or net", async () => {
    const at = "2026-11-24T15:00:00Z";
    await insert(ledger(), [
      { at, state: "submitted", status: "paid", amount: 1000, fee: 10, net: 990 },
      { at, state: "submitted", status: "failed", amount: 2000, fee: 20, net: 1980, failureReason: "conta encerrada" },
      { at, state: "submitted", status: "pending", amount: 3000, fee: 30, net: 2970 },
      { at, state: "submitted", status: null, amount: 4000 },
      { at, state: "submitted", status: "something_new", amount: 5000 },
      { at, state: "intent", amount: 6000 },
      { at, state: "uncertain", amount: 7000 },
      { at, state: "needs_review", amount: 8000 },
      { at, state: "rejected", amount: 9000, errorCode: "insufficient_balance" },
      { at, state: "handled", amount: 10000 },
    ]);
    const data = await loadPayoutInsights(scope(), windowOf({ window: "7d" }, NOW));
    expect(data.totals.outcomes).toEqual({
      paid: { count: 1, amount_centavos: 1000 },
      pending: { count: 5, amount_centavos: 3000 + 4000 + 5000 + 6000 + 7000 },
      failed: { count: 1, amount_centavos: 2000 },
      needs_review: { count: 1, amount_centavos: 8000 },
      not_sent: { count: 1, amount_centavos: 9000 },
      handled: { count: 1, amount_centavos: 10000 },
    });
    expect(data.totals).toMatchObject({ count: 10, amount_centavos: 55000, fee_centavos: 40, net_centavos: 3960 });
    const day = data.points.find((p) => p.count > 0);
    expect(day).toMatchObject({ start: "2026-11-24T03:00:00.000Z", fee_centavos: 40, net_centavos: 3960 });
    // Every state of the table's CHECK is placed (a new one would have to be placed to count).
    expect(PAYOUT_STATES).toHaveLength(6);
  });

  it("reasons: failed by failure_reason, not sent by the API's code; most payouts first, then most money", async () => {
    const at = "2026-11-25T12:00:00Z";
    await insert(ledger(), [
      { at, state: "submitted", status: "failed", amount: 100, failureReason: "conta encerrada" },
      { at, state: "submitted", status: "failed", amount: 100, failureReason: "conta encerrada" },
      { at, state: "submitted", status: "failed", amount: 5000, failureReason: "chave inexistente" },
      { at, state: "rejected", amount: 300, errorCode: "insufficient_balance" },
      { at, state: "rejected", amount: 200, errorCode: "insufficient_balance" },
      { at, state: "rejected", amount: 700, errorCode: null },
      { at, state: "submitted", status: "failed", amount: 50, failureReason: "  " },
      // Not reasons: paid, and a failure outside the window.
      { at, state: "submitted", status: "paid", amount: 9999, failureReason: "ignored" },
      { at: "2026-10-01T12:00:00Z", state: "submitted", status: "failed", amount: 1, failureReason: "old" },
    ]);
    const data = await loadPayoutInsights(scope(), windowOf({ window: "7d" }, NOW));
    expect(data.reasons).toEqual([
      { outcome: "not_sent", reason: "insufficient_balance", count: 2, amount_centavos: 500 },
      { outcome: "failed", reason: "conta encerrada", count: 2, amount_centavos: 200 },
      { outcome: "failed", reason: "chave inexistente", count: 1, amount_centavos: 5000 },
      { outcome: "not_sent", reason: null, count: 1, amount_centavos: 700 },
      { outcome: "failed", reason: null, count: 1, amount_centavos: 50 },
    ]);
    expect(await payoutReasons(ledger(), ACME, { from: data.window.from, to: data.window.to }, 2)).toHaveLength(2);
  });

  it("batch rows, and the previous 7 days from the 7 days before, as long as the window so far", async () => {
    await insert(ledger(), [
      { at: "2026-11-22T12:00:00Z", state: "submitted", status: "paid", amount: 1000, batch: true },
      { at: "2026-11-22T12:00:00Z", state: "submitted", status: "failed", amount: 2000, batch: true },
      { at: "2026-11-22T12:00:00Z", state: "submitted", status: "paid", amount: 4000 },
    ]);
    await insert(ledger(), [
      // The previous window [2026-11-14 03:00Z, 2026-11-20 15:00Z): at 12:00 the window has run 6½ days.
      { at: "2026-11-14T03:00:00Z", state: "submitted", status: "paid", amount: 10, fee: 1, net: 9 },
      { at: "2026-11-20T14:59:59Z", state: "submitted", status: "failed", amount: 20, fee: 2, net: 18 },
      { at: "2026-11-14T02:59:59Z", state: "submitted", status: "paid", amount: 40 },
      { at: "2026-11-20T15:00:00Z", state: "submitted", status: "paid", amount: 80 },
    ]);
    const data = await loadPayoutInsights(scope(), windowOf({ window: "7d" }, NOW));
    expect(data.batch).toEqual({ count: 2, amount_centavos: 3000 });
    expect(data.totals).toMatchObject({ count: 3, amount_centavos: 7000 });
    expect(data.previous).toMatchObject({ count: 2, amount_centavos: 30, fee_centavos: 1, net_centavos: 9 });
    expect(data.previous?.outcomes.failed).toEqual({ count: 1, amount_centavos: 20 });
  });

  it("5-minute and week buckets, and the repeated hour of 2019-02-16 as one bucket", async () => {
    await insert(ledger(), [
      { at: "2026-11-27T14:04:59Z", state: "submitted", status: "paid", amount: 1 },
      { at: "2026-11-27T14:05:00Z", state: "submitted", status: "paid", amount: 2 },
      { at: "2026-11-27T14:59:59Z", state: "submitted", status: "paid", amount: 4 },
      // Sunday 2026-11-22 23:59 local and Monday 2026-11-23 00:00 local: two weeks.
      { at: "2026-11-23T02:59:00Z", state: "submitted", status: "paid", amount: 8 },
      { at: "2026-11-23T03:00:00Z", state: "submitted", status: "paid", amount: 16 },
      // 23:30 local the first time (UTC−2) and the second time (UTC−3).
      { at: "2019-02-17T01:30:00Z", state: "submitted", status: "paid", amount: 32 },
      { at: "2019-02-17T02:30:00Z", state: "submitted", status: "paid", amount: 64 },
    ]);
    const hour = await loadPayoutInsights(scope(), windowOf({ window: "1h" }, "2026-11-27T15:00:00Z"));
    expect(hour.points.map((p) => p.amount_centavos)).toEqual([1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4]);
    const weeks = await loadPayoutInsights(
      scope(),
      windowOf({ window: "custom", from: "2026-11-16", to: "2026-11-29", bucket: "week" }, NOW),
    );
    expect(weeks.points.map((p) => [p.start, p.amount_centavos])).toEqual([
      ["2026-11-16T03:00:00.000Z", 8],
      ["2026-11-23T03:00:00.000Z", 16 + 1 + 2 + 4],
    ]);
    const longDay = await loadPayoutInsights(
      scope(),
      windowOf({ window: "custom", from: "2019-02-16", to: "2019-02-16" }, NOW),
    );
    expect(longDay.points).toHaveLength(24);
    expect(longDay.points.at(-1)).toMatchObject({ start: "2019-02-17T01:00:00.000Z", count: 2, amount_centavos: 96 });
    expect(longDay.totals.count).toBe(2);
    // In 5-minute points, both 23:30s of that night are the 23:30 point (its local time), not the hour's last point.
    const longDay5m = await loadPayoutInsights(
      scope(),
      windowOf({ window: "custom", from: "2019-02-16", to: "2019-02-16", bucket: "5m" }, NOW),
    );
    expect(longDay5m.points).toHaveLength(24 * 12);
    const nonEmpty = longDay5m.points.filter((p) => p.count > 0);
    expect(nonEmpty).toEqual([expect.objectContaining({ start: "2019-02-17T01:30:00.000Z", amount_centavos: 96 })]);
  });

  it("the chart equals the register: for each outcome, the register's totals and list under {from, to, outcome}", async () => {
    const rows: Row[] = [];
    const states: [PayoutState, string | null][] = [
      ["submitted", "paid"],
      ["submitted", "failed"],
      ["submitted", "pending"],
      ["submitted", null],
      ["intent", null],
      ["uncertain", null],
      ["needs_review", null],
      ["rejected", null],
      ["handled", null],
    ];
    // Rows every 7 hours over 40 days around the window (some before, some after), with fees on some.
    for (let i = 0; i < 140; i++) {
      const [state, status] = states[i % states.length] as [PayoutState, string | null];
      const fee = i % 3 === 0 ? 10 + i : null;
      rows.push({
        at: new Date(Date.parse("2026-10-20T00:00:00Z") + i * 7 * 3_600_000).toISOString(),
        state,
        status,
        amount: 100 + i * 37,
        fee,
        net: fee === null ? null : 100 + i * 37 - fee,
      });
    }
    await insert(ledger(), rows);
    const data = await payoutInsights(
      { ...scope(), clock: { now: () => Date.parse(NOW) } },
      { window: "custom", from: "2026-10-25", to: "2026-11-14" },
    ).then((a) => a.data);
    // The register filters by the days the browser sends: the same instants.
    const { start, end } = dateWindowIso(data.window.from_day, data.window.to_day, SP);
    const filter = { from: start ?? "", to: end ?? "" };
    expect([new Date(filter.from).toISOString(), new Date(filter.to).toISOString()]).toEqual([
      data.window.from,
      data.window.to,
    ]);
    const all = await sumPayouts(ledger(), ACME, filter);
    expect(all.count).toBeGreaterThan(50);
    expect(data.totals).toMatchObject({
      count: all.count,
      amount_centavos: all.amountCentavos,
      fee_centavos: all.feeCentavos,
      net_centavos: all.netCentavos,
    });
    let counted = 0;
    for (const outcome of PAYOUT_OUTCOMES) {
      const register = await sumPayouts(ledger(), ACME, { ...filter, outcome });
      expect(data.totals.outcomes[outcome], outcome).toEqual({
        count: register.count,
        amount_centavos: register.amountCentavos,
      });
      const listed = await listPayouts(ledger(), ACME, { ...filter, outcome, limit: 500 });
      expect(listed.items).toHaveLength(register.count);
      counted += register.count;
    }
    expect(counted).toBe(all.count);
    // The points add up to the totals.
    const pointSum = (pick: (p: (typeof data.points)[number]) => number) =>
      data.points.reduce((s, p) => s + pick(p), 0);
    expect(pointSum((p) => p.count)).toBe(data.totals.count);
    expect(pointSum((p) => p.amount_centavos)).toBe(data.totals.amount_centavos);
    expect(pointSum((p) => p.fee_centavos)).toBe(data.totals.fee_centavos);
    for (const outcome of PAYOUT_OUTCOMES)
      expect(pointSum((p) => p.outcomes[outcome].count)).toBe(data.totals.outcomes[outcome].count);
    // Each day's bar is the register's totals for that one day and outcome.
    const day = data.points[3];
    if (!day) throw new Error("no fourth day");
    const oneDay = dateWindowIso("2026-10-28", "2026-10-28", SP);
    expect(day.start).toBe(new Date(oneDay.start ?? "").toISOString());
    const failedThatDay = await sumPayouts(ledger(), ACME, {
      from: oneDay.start ?? "",
      to: oneDay.end ?? "",
      outcome: "failed" satisfies PayoutOutcome,
    });
    expect(day.outcomes.failed).toEqual({ count: failedThatDay.count, amount_centavos: failedThatDay.amountCentavos });
  });

  it("sums past 2^53 are refused, never rounded", async () => {
    const half = Math.floor(Number.MAX_SAFE_INTEGER / 2) + 1;
    await insert(ledger(), [
      { at: "2026-11-26T12:00:00Z", state: "submitted", status: "paid", amount: half },
      { at: "2026-11-26T12:00:00Z", state: "submitted", status: "paid", amount: half },
    ]);
    const range = { from: "2026-11-26T03:00:00Z", to: "2026-11-27T03:00:00Z" };
    await expect(payoutFigures(ledger(), ACME, range)).rejects.toThrow(/beyond what the app counts exactly/);
    await expect(payoutSeries(ledger(), ACME, range, [{ start: range.from, point: 0 }])).rejects.toThrow(
      /beyond what the app counts exactly/,
    );
  });

  it("an empty ledger: every bucket, all zero; bucket starts after the range or out of order are refused", async () => {
    const data = await loadPayoutInsights(scope(), windowOf({ window: "30d" }, NOW));
    expect(data.points).toHaveLength(30);
    expect(data.points.every((p) => p.count === 0)).toBe(true);
    expect(data.totals.count).toBe(0);
    expect(data.reasons).toEqual([]);
    expect(data.batch).toEqual({ count: 0, amount_centavos: 0 });
    const range = { from: data.window.from, to: data.window.to };
    const [first, second] = data.points.map((p) => p.start);
    if (!first || !second) throw new Error("expected two points");
    const at = (start: string, point: number) => ({ start, point });
    await expect(payoutSeries(ledger(), ACME, range, [at(second, 0)])).rejects.toThrow(/at or before the range/);
    await expect(payoutSeries(ledger(), ACME, range, [at(first, 0), at(second, 1), at(first, 2)])).rejects.toThrow(
      /in order/,
    );
  });

  it("the reasons' rows are exactly the failed and refused ones, read from their own partial index", async () => {
    const at = "2026-11-25T12:00:00Z";
    const statuses = [null, "paid", "failed", "pending", "something_new"];
    await insert(
      ledger(),
      PAYOUT_STATES.flatMap((state) => statuses.map((status) => ({ at, state, status, amount: 1 }))),
    );
    const [check] = await ledger()
      .db.select({
        rows: sql<number>`count(*)::int`,
        // As filters: a row the predicate leaves NULL (a submitted row without a status) is left out, as by false.
        same: sql<boolean>`bool_and((${payoutOutcomeSql} IN ('failed', 'not_sent')) = coalesce(${unsuccessfulSql}, false))`,
      })
      .from(payouts)
      .where(eq(payouts.businessId, ACME));
    expect(check).toEqual({ rows: PAYOUT_STATES.length * statuses.length, same: true });
    // With sequential scans priced out, the planner picks the partial index only if it sees the query implies it.
    const where = and(filterWhere(ACME, { from: "2026-11-20T03:00:00Z", to: NOW }), unsuccessfulSql);
    const plan = await ledger().db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      // The result's shape differs between drivers (rows or { rows }); the plan's text is in either.
      return JSON.stringify(await tx.execute(sql`EXPLAIN SELECT count(*) FROM payouts WHERE ${where}`));
    });
    expect(plan).toContain("payouts_business_unsuccessful_idx");
  });

  it("the series is read with index pages costed as the table's next page, for that read only", async () => {
    const setting = async (db: Ledger["db"]) => {
      const [row] = await db
        .select({ cost: sql<string>`current_setting('random_page_cost')` })
        .from(sql`(SELECT 1) AS one`);
      return Number(row?.cost);
    };
    const before = await setting(ledger().db);
    if (driver === "pglite") expect(before).toBe(1.1);
    // Never above what the server is set to (4 by default on PostgreSQL).
    expect(await withIndexScanCosts(ledger(), setting)).toBe(Math.min(before, 1.1));
    // PostgreSQL's own setting is back once the read's transaction ends.
    expect(await setting(ledger().db)).toBe(before);
    // Inside a caller's transaction nothing is changed: the caller's later statements are planned as before.
    const inCaller = await inTransaction(ledger(), async (tx) => {
      const during = await withIndexScanCosts(tx, setting);
      return { during, after: await setting(tx.db) };
    });
    expect(inCaller).toEqual({ during: before, after: before });
  });
});

/**
 * The payouts' hourly summary (migration 0029; lib/server/ledger/payout-hours.ts) and the insights' series read from
 * it (lib/server/ledger/payout-insights.ts): every way the register is written keeps the summary equal to the
 * register's own rows; folding keeps every sum; writes during a folding are neither lost nor counted twice; and the
 * series, read from whole hours of the summary and the rest from the rows, equals a count of the rows made here, for
 * bucket starts on the hour, on the half and quarter hour, every 5 minutes, and ranges that start and end mid-hour.
 */
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { compactPayoutHours, type Ledger } from "@/lib/server/ledger";
import { payoutFigures, payoutSeries, seriesSources, type PointStart } from "@/lib/server/ledger/payout-insights";
import { payoutHours, payouts, type PayoutState } from "@/lib/server/ledger/schema";
import { runHousekeeping } from "@/lib/server/services/operations/housekeeping";
import type { PayoutOutcome } from "@/lib/shared/schemas/insights";
import { ACME, BETA, drivers, insertTestBatch, useLedger } from "./helpers";

const HOUR = 3_600_000;
const MINUTE = 60_000;

interface Row {
  at: number;
  state: PayoutState;
  status: string | null;
  amount: number;
  fee: number | null;
  net: number | null;
  business: string;
  batch: boolean;
}

/** The combinations the register holds, with the outcome each has (lib/server/ledger/payouts.ts outcomeSqlOf). */
const KINDS: readonly { state: PayoutState; status: string | null; outcome: PayoutOutcome; fee: boolean }[] = [
  { state: "submitted", status: "paid", outcome: "paid", fee: true },
  { state: "submitted", status: "pending", outcome: "pending", fee: true },
  { state: "submitted", status: "failed", outcome: "failed", fee: true },
  { state: "submitted", status: null, outcome: "pending", fee: false },
  { state: "rejected", status: null, outcome: "not_sent", fee: false },
  { state: "needs_review", status: null, outcome: "needs_review", fee: false },
  { state: "intent", status: null, outcome: "pending", fee: false },
  { state: "handled", status: null, outcome: "handled", fee: false },
];

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function randomRows(next: () => number, count: number, from: number, to: number): Row[] {
  return Array.from({ length: count }, (_, i) => {
    const kind = KINDS[Math.floor(next() * KINDS.length)] ?? KINDS[0];
    if (!kind) throw new Error("no kind");
    // One row in five exactly on a quarter hour: the edges of hours and of buckets.
    const at =
      i % 5 === 0
        ? from + Math.floor((next() * (to - from)) / (15 * MINUTE)) * 15 * MINUTE
        : from + Math.floor(next() * (to - from));
    const amount = 1 + Math.floor(next() * 500_000);
    const fee = kind.fee ? Math.floor(amount / 100) : null;
    return {
      at,
      state: kind.state,
      status: kind.status,
      amount,
      fee,
      net: fee === null ? null : amount - fee,
      business: i % 7 === 0 ? BETA : ACME,
      batch: i % 3 === 0,
    };
  });
}

let seq = 0;

async function insertRows(ledger: Ledger, rows: readonly Row[]): Promise<void> {
  const batchId = await insertTestBatch(ledger, rows.length);
  for (let i = 0; i < rows.length; i += 500) {
    await ledger.db.insert(payouts).values(
      rows.slice(i, i + 500).map((r, j) => ({
        businessId: r.business,
        idempotencyKey: `k-${++seq}`,
        state: r.state,
        status: r.status,
        amountCentavos: r.amount,
        feeCentavos: r.fee,
        netCentavos: r.net,
        pixKeyType: "email",
        pixKeyMasked: "m***@example.com",
        createdByName: "Alice",
        createdByRole: "admin",
        createdAt: new Date(r.at),
        batchId: r.batch ? batchId : null,
        batchRowNumber: r.batch ? i + j + 2 : null,
      })),
    );
  }
}

const groupKey = sql`business_id, hour, state, coalesce(status, '∅'), batched`;

/** The summary's sums per group (several rows of a group added up), groups that come to nothing left out, sorted. */
async function summarySums(ledger: Ledger): Promise<string[]> {
  const rows = await ledger.db
    .select({
      group: sql<string>`concat_ws('|', business_id, to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24'), state,
        coalesce(status, '∅'), batched, sum(payouts), sum(amount_centavos), sum(fee_centavos), sum(net_centavos))`,
    })
    .from(payoutHours)
    .groupBy(groupKey)
    .having(sql`sum(payouts) <> 0 OR sum(amount_centavos) <> 0 OR sum(fee_centavos) <> 0 OR sum(net_centavos) <> 0`);
  return rows.map((r) => r.group).sort();
}

/** The same sums counted from the register's rows themselves. */
async function registerSums(ledger: Ledger): Promise<string[]> {
  const hour = sql`date_trunc('hour', ${payouts.createdAt} AT TIME ZONE 'UTC')`;
  const rows = await ledger.db
    .select({
      group: sql<string>`concat_ws('|', ${payouts.businessId}, to_char(${hour}, 'YYYY-MM-DD"T"HH24'), ${payouts.state},
        coalesce(${payouts.status}, '∅'), ${payouts.batchId} IS NOT NULL, count(*), sum(${payouts.amountCentavos}),
        coalesce(sum(${payouts.feeCentavos}), 0), coalesce(sum(${payouts.netCentavos}), 0))`,
    })
    .from(payouts)
    .groupBy(
      payouts.businessId,
      hour,
      payouts.state,
      sql`coalesce(${payouts.status}, '∅')`,
      sql`${payouts.batchId} IS NOT NULL`,
    );
  return rows.map((r) => r.group).sort();
}

async function summaryRowCount(ledger: Ledger): Promise<number> {
  const [row] = await ledger.db.select({ n: sql<number>`count(*)::int` }).from(payoutHours);
  return row?.n ?? 0;
}

/** What the series should say, counted here from the rows: a row belongs to the last start at or before it. */
function expectedSeries(rows: readonly Row[], businessId: string, from: number, to: number, starts: PointStart[]) {
  const points = new Map<number, { count: number; amount: number; fee: number; net: number }>();
  const outcomes = new Map<PayoutOutcome, { count: number; amount: number }>();
  const batch = { count: 0, amount: 0 };
  for (const row of rows) {
    if (row.business !== businessId || row.at < from || row.at >= to) continue;
    let point = -1;
    for (const s of starts) if (new Date(s.start).getTime() <= row.at) point = s.point;
    const p = points.get(point) ?? { count: 0, amount: 0, fee: 0, net: 0 };
    const kind = KINDS.find((k) => k.state === row.state && k.status === row.status);
    if (!kind) throw new Error("unknown kind");
    const feeCounts = row.status !== "failed";
    points.set(point, {
      count: p.count + 1,
      amount: p.amount + row.amount,
      fee: p.fee + (feeCounts ? (row.fee ?? 0) : 0),
      net: p.net + (feeCounts ? (row.net ?? 0) : 0),
    });
    const byOutcome = outcomes.get(kind.outcome) ?? { count: 0, amount: 0 };
    outcomes.set(kind.outcome, { count: byOutcome.count + 1, amount: byOutcome.amount + row.amount });
    if (row.batch) {
      batch.count += 1;
      batch.amount += row.amount;
    }
  }
  return { points, outcomes, batch };
}

async function checkSeries(
  ledger: Ledger,
  rows: readonly Row[],
  from: number,
  to: number,
  starts: PointStart[],
): Promise<void> {
  const result = await payoutSeries(ledger, ACME, { from: new Date(from), to: new Date(to) }, starts);
  const expected = expectedSeries(rows, ACME, from, to, starts);
  result.points.forEach((point, index) => {
    const want = expected.points.get(index) ?? { count: 0, amount: 0, fee: 0, net: 0 };
    expect(
      { count: point.count, amount: point.amountCentavos, fee: point.feeCentavos, net: point.netCentavos },
      `point ${index}`,
    ).toEqual(want);
  });
  for (const [outcome, want] of expected.outcomes)
    expect(
      { count: result.totals.outcomes[outcome].count, amount: result.totals.outcomes[outcome].amountCentavos },
      outcome,
    ).toEqual(want);
  expect({ count: result.batch.count, amount: result.batch.amountCentavos }).toEqual(expected.batch);
}

/** Bucket starts every `step` ms from `first` while before `to`, numbered in order. */
function startsEvery(first: number, step: number, to: number): PointStart[] {
  const starts: PointStart[] = [];
  for (let at = first, point = 0; at < to; at += step, point++) starts.push({ start: new Date(at), point });
  return starts;
}

describe("seriesSources: which parts of a range the hourly summary answers", () => {
  const h = (n: number) => Date.UTC(2026, 10, 20) + n * HOUR;

  it("whole hours from the summary; the parts of hours at the edges from the rows", () => {
    expect(seriesSources(h(0), h(24), [h(0), h(6)])).toEqual({ hours: { from: h(0), to: h(24), cut: [] }, rows: [] });
    expect(seriesSources(h(0) + 10 * MINUTE, h(5) + 20 * MINUTE, [h(0)])).toEqual({
      hours: { from: h(1), to: h(5), cut: [] },
      rows: [
        [h(0) + 10 * MINUTE, h(1)],
        [h(5), h(5) + 20 * MINUTE],
      ],
    });
  });

  it("an hour a bucket begins inside of is read from the rows; next to an edge, the two ranges are one", () => {
    expect(seriesSources(h(0), h(48), [h(0) - 30 * MINUTE, h(23) + 30 * MINUTE, h(1) - 45 * MINUTE])).toEqual({
      hours: { from: h(0), to: h(48), cut: [h(0), h(23)] },
      rows: [
        [h(0), h(1)],
        [h(23), h(24)],
      ],
    });
    expect(seriesSources(h(0) + MINUTE, h(3), [h(0), h(1) + 30 * MINUTE])).toEqual({
      hours: { from: h(1), to: h(3), cut: [h(1)] },
      rows: [[h(0) + MINUTE, h(2)]],
    });
  });

  it("a range within one hour, or across one hour's boundary only, is all rows", () => {
    expect(seriesSources(h(2) + MINUTE, h(2) + 50 * MINUTE, [h(2)])).toEqual({
      hours: null,
      rows: [[h(2) + MINUTE, h(2) + 50 * MINUTE]],
    });
    expect(seriesSources(h(2) + MINUTE, h(3) + MINUTE, [h(2)])).toEqual({
      hours: null,
      rows: [[h(2) + MINUTE, h(3) + MINUTE]],
    });
  });
});

describe.each(drivers)("the payouts' hourly summary (%s)", (driver) => {
  const ledger = useLedger(driver);
  const from = Date.UTC(2026, 9, 30, 0, 0);
  const to = Date.UTC(2026, 10, 3, 0, 0);

  it("every way the register is written keeps the summary equal to its rows", async () => {
    const rows = randomRows(random(1), 400, from, to);
    await insertRows(ledger(), rows);
    expect(await summarySums(ledger())).toEqual(await registerSums(ledger()));

    // The follow-up's answer: pending payouts paid, with their fee and net.
    await ledger()
      .db.update(payouts)
      .set({ status: "paid", feeCentavos: 5, netCentavos: sql`${payouts.amountCentavos} - 5` })
      .where(and(eq(payouts.state, "submitted"), eq(payouts.status, "pending")));
    expect(await summarySums(ledger())).toEqual(await registerSums(ledger()));

    // A person handles the payouts waiting for review; a refused one's amount is corrected; a batch is detached.
    await ledger().db.update(payouts).set({ state: "handled" }).where(eq(payouts.state, "needs_review"));
    await ledger()
      .db.update(payouts)
      .set({ amountCentavos: sql`${payouts.amountCentavos} + 1` })
      .where(eq(payouts.state, "rejected"));
    await ledger().db.update(payouts).set({ batchId: null, batchRowNumber: null }).where(eq(payouts.businessId, BETA));
    // Rows moved to another business (as migration 0013 moved ids written in capitals).
    await ledger().db.update(payouts).set({ businessId: BETA }).where(eq(payouts.state, "handled"));
    expect(await summarySums(ledger())).toEqual(await registerSums(ledger()));

    // Written by a session in a zone half an hour off UTC: the hours are still UTC's.
    await ledger().db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL TIME ZONE 'Asia/Kolkata'`);
      await tx
        .update(payouts)
        .set({ createdAt: sql`${payouts.createdAt} + interval '30 minutes'` })
        .where(eq(payouts.state, "rejected"));
    });
    expect(await summarySums(ledger())).toEqual(await registerSums(ledger()));

    // A write that changes nothing summed (a status check's stamp) appends nothing.
    const before = await summaryRowCount(ledger());
    await ledger().db.update(payouts).set({ statusCheckedAt: new Date(), updatedAt: new Date() });
    expect(await summaryRowCount(ledger())).toBe(before);

    // An insert whose key is already taken inserts nothing; one that updates on conflict is counted as an update.
    const [taken] = await ledger().db.select().from(payouts).limit(1);
    if (!taken) throw new Error("no row");
    const copy = { ...taken, id: undefined };
    await ledger().db.insert(payouts).values(copy).onConflictDoNothing();
    await ledger()
      .db.insert(payouts)
      .values({ ...copy, amountCentavos: 777 })
      .onConflictDoUpdate({
        target: [payouts.businessId, payouts.idempotencyKey],
        set: { amountCentavos: 777, state: "rejected", status: null },
      });
    expect(await summarySums(ledger())).toEqual(await registerSums(ledger()));

    // Rows removed (a batch's rows left out before sending), then the whole register truncated.
    await ledger().db.delete(payouts).where(eq(payouts.state, "intent"));
    expect(await summarySums(ledger())).toEqual(await registerSums(ledger()));
    await ledger().db.execute(sql`TRUNCATE payout_batch_rows, payouts`);
    expect(await summaryRowCount(ledger())).toBe(0);
  });

  it("housekeeping folds: one row per group with the same sums, groups that came to nothing dropped; again, nothing changes", async () => {
    const rows = randomRows(random(2), 300, from, to);
    await insertRows(ledger(), rows.slice(0, 150));
    await insertRows(ledger(), rows.slice(150));
    await ledger().db.update(payouts).set({ status: "failed" }).where(eq(payouts.status, "pending"));
    // Every row of one hour moved out of it: that hour's groups come to nothing.
    const emptied = new Date(from + 5 * HOUR);
    await ledger()
      .db.update(payouts)
      .set({ createdAt: new Date(from + 6 * HOUR) })
      .where(
        and(
          sql`${payouts.createdAt} >= ${emptied.toISOString()}::timestamptz`,
          sql`${payouts.createdAt} < ${new Date(emptied.getTime() + HOUR).toISOString()}::timestamptz`,
        ),
      );
    const sums = await registerSums(ledger());
    expect(await summarySums(ledger())).toEqual(sums);
    const groups = await ledger()
      .db.select({ n: sql<number>`count(DISTINCT (${groupKey}))::int` })
      .from(payoutHours);
    const unfolded = await summaryRowCount(ledger());
    expect(unfolded).toBeGreaterThan(sums.length);

    // Housekeeping's pass folds them.
    await runHousekeeping(ledger(), new Date(to), {
      HOUSEKEEPING_INTERVAL_MS: 60_000,
      SECURITY_LOG_RETENTION_DAYS: 30,
    });
    expect(await summarySums(ledger())).toEqual(sums);
    expect(await summaryRowCount(ledger())).toBe(sums.length);
    expect(sums.length).toBeLessThan(groups[0]?.n ?? 0);
    const [open] = await ledger()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(payoutHours)
      .where(eq(payoutHours.compacted, false));
    expect(open?.n).toBe(0);

    await compactPayoutHours(ledger());
    expect(await summarySums(ledger())).toEqual(sums);
    expect(await summaryRowCount(ledger())).toBe(sums.length);
  });

  // On PostgreSQL they run at once on the pool's connections; PGlite interleaves their statements.
  it("writes and foldings at the same time (several instances): nothing lost, nothing counted twice", async () => {
    const next = random(3);
    await insertRows(ledger(), randomRows(next, 200, from, to));
    const writers = Array.from({ length: 6 }, async (_, i) => {
      await insertRows(ledger(), randomRows(next, 40, from, to));
      await ledger()
        .db.update(payouts)
        .set({ status: i % 2 === 0 ? "paid" : "failed" })
        .where(eq(payouts.status, "pending"));
    });
    const folders = Array.from({ length: 4 }, () => compactPayoutHours(ledger()));
    await Promise.all([...writers, ...folders]);
    const sums = await registerSums(ledger());
    expect(await summarySums(ledger())).toEqual(sums);
    await compactPayoutHours(ledger());
    expect(await summarySums(ledger())).toEqual(sums);
    expect(await summaryRowCount(ledger())).toBe(sums.length);
  });

  it("the series read from the summary's hours and the rows equals the rows counted one by one", async () => {
    const rows = randomRows(random(4), 1_500, from, to);
    await insertRows(ledger(), rows);
    const check = async () => {
      // Day buckets of São Paulo (on the hour), of India (half past) and Nepal (a quarter to).
      for (const offset of [3 * HOUR, -5.5 * HOUR, -5.75 * HOUR]) {
        const first = from + offset;
        await checkSeries(ledger(), rows, first, first + 3 * 24 * HOUR, startsEvery(first, 24 * HOUR, to + offset));
      }
      // Hours, 30 minutes and 5 minutes; a range that starts and ends mid-hour, its first bucket before it.
      await checkSeries(ledger(), rows, from, to, startsEvery(from, HOUR, to));
      await checkSeries(ledger(), rows, from + 30 * MINUTE, to, startsEvery(from + 30 * MINUTE, 30 * MINUTE, to));
      const mid = from + 7 * HOUR + 17 * MINUTE;
      await checkSeries(ledger(), rows, mid, mid + 26 * HOUR, startsEvery(mid - 2 * MINUTE, 2 * HOUR, to));
      await checkSeries(ledger(), rows, mid, mid + HOUR, startsEvery(mid, 5 * MINUTE, mid + HOUR));
      // A local hour the clocks repeat: two starts naming one point.
      const repeated: PointStart[] = [
        { start: new Date(from), point: 0 },
        { start: new Date(from + 24 * HOUR), point: 1 },
        { start: new Date(from + 25 * HOUR), point: 1 },
        { start: new Date(from + 26 * HOUR), point: 2 },
      ];
      await checkSeries(ledger(), rows, from, from + 48 * HOUR, repeated);
    };
    await check();
    await ledger().db.update(payouts).set({ status: "paid" }).where(eq(payouts.status, "pending"));
    for (const row of rows) if (row.status === "pending") row.status = "paid";
    await check();
    await compactPayoutHours(ledger());
    await check();
  });

  it("an empty range (before a window still to come) reads nothing and says zero", async () => {
    await insertRows(ledger(), randomRows(random(5), 50, from, to));
    const at = new Date(from + 36 * HOUR);
    const empty = await payoutSeries(ledger(), ACME, { from: at, to: at }, [{ start: at, point: 0 }]);
    expect(empty.totals).toMatchObject({ count: 0, amountCentavos: 0, feeCentavos: 0, netCentavos: 0 });
    expect(empty.points).toHaveLength(1);
    expect(empty.batch).toEqual({ count: 0, amountCentavos: 0 });
    expect(await payoutFigures(ledger(), ACME, { from: at, to: at })).toMatchObject({ count: 0, amountCentavos: 0 });
  });
});

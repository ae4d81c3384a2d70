/**
 * The payout insights' figures, summed by the database over the register's rows (docs/insights.md): one outcome per
 * row (`payoutOutcomeSql`), the rows of a window the ones created at or after its start and before its end, as the
 * register's date filter chooses them, fees and nets as `sumPayouts` counts them (not for failed rows). The series
 * reads whole hours from the register's hourly summary (migration 0029) and the rest from the rows. Sums are exact in
 * SQL (bigint and numeric), read as text and refused past 2^53 (`safeSum`), never rounded.
 */
import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { PgTransaction, unionAll } from "drizzle-orm/pg-core";
import { PAYOUT_OUTCOMES, type PayoutOutcome } from "@/lib/shared/schemas/insights";
import { feeCountsSqlOf, filterWhere, outcomeSqlOf, payoutOutcomeSql, safeSum, unsuccessfulSql } from "./payouts";
import { payoutHours, payouts } from "./schema";
import type { Ledger, LedgerDatabase } from "./types";

/** Created in [from, to): an instant each (the register's `from`/`to`). */
export interface InsightRange {
  from: Date | string;
  to: Date | string;
}

/** Where a point's bucket begins (`start`) and which point it is (lib/shared/insights/window.ts `bucketStarts`). */
export interface PointStart {
  start: Date | string;
  point: number;
}

export interface CountAmountTotals {
  count: number;
  amountCentavos: number;
}

/** Count and amount of every row; fee and net of the rows whose fee counts (not failed); count and amount by outcome. */
export interface PayoutFigureTotals extends CountAmountTotals {
  feeCentavos: number;
  netCentavos: number;
  outcomes: Record<PayoutOutcome, CountAmountTotals>;
}

export interface PayoutSeriesResult {
  /** The figures of each point the starts name, by its index. */
  points: PayoutFigureTotals[];
  totals: PayoutFigureTotals;
  /** The rows sent as a batch's rows (batch_id set). */
  batch: CountAmountTotals;
}

export interface PayoutReasonTotals extends CountAmountTotals {
  outcome: "failed" | "not_sent";
  /** null: the API gave none (or an empty one). */
  reason: string | null;
}

/** The most reasons `payoutReasons` ranks (the rest are left out: the outcome's totals still count them). */
export const PAYOUT_REASONS_LIMIT = 10;

function emptyFigures(): PayoutFigureTotals {
  const outcomes = Object.fromEntries(PAYOUT_OUTCOMES.map((o) => [o, { count: 0, amountCentavos: 0 }])) as Record<
    PayoutOutcome,
    CountAmountTotals
  >;
  return { count: 0, amountCentavos: 0, feeCentavos: 0, netCentavos: 0, outcomes };
}

interface FigureRow {
  /** The 1-based number of the bucket (width_bucket over the bucket starts). */
  slot: number | string;
  outcome: string | null;
  count: string;
  amount: string | null;
  fee: string | null;
  net: string | null;
  batchCount: string;
  batchAmount: string | null;
}

/** a + b, refused past 2^53 rather than rounded (the parts are the database's exact sums). */
function add(a: number, b: number): number {
  const sum = a + b;
  if (!Number.isSafeInteger(sum)) throw new Error("ledger: a payout total is beyond what the app counts exactly");
  return sum;
}

function addFigures(target: PayoutFigureTotals, row: FigureRow, outcome: PayoutOutcome): void {
  const count = safeSum(row.count);
  const amount = safeSum(row.amount);
  target.count = add(target.count, count);
  target.amountCentavos = add(target.amountCentavos, amount);
  target.feeCentavos = add(target.feeCentavos, safeSum(row.fee));
  target.netCentavos = add(target.netCentavos, safeSum(row.net));
  const byOutcome = target.outcomes[outcome];
  target.outcomes[outcome] = {
    count: add(byOutcome.count, count),
    amountCentavos: add(byOutcome.amountCentavos, amount),
  };
}

const HOUR_MS = 3_600_000;

/**
 * Where the series of [from, to) reads its rows from (`payoutSeries`): the whole UTC hours inside it from the hourly
 * summary (migration 0029), except the hours a bucket begins inside of (`cut`: a zone half or three quarters of an
 * hour off UTC, 5-minute buckets), whose rows go to two buckets; those, and the parts of hours at the range's edges,
 * from the payouts themselves (`rows`, [from, to) each, in order, adjacent ones merged). Instants in ms.
 */
export interface SeriesSources {
  hours: { from: number; to: number; cut: number[] } | null;
  rows: [number, number][];
}

export function seriesSources(from: number, to: number, starts: readonly number[]): SeriesSources {
  const rows: [number, number][] = [];
  const addRows = (a: number, b: number) => {
    if (a >= b) return;
    const previous = rows.at(-1);
    if (previous && previous[1] === a) previous[1] = b;
    else rows.push([a, b]);
  };
  const first = Math.ceil(from / HOUR_MS) * HOUR_MS;
  const last = Math.floor(to / HOUR_MS) * HOUR_MS;
  if (first >= last) {
    addRows(from, to);
    return { hours: null, rows };
  }
  const cut = [
    ...new Set(
      starts.filter((s) => s % HOUR_MS !== 0 && s > first && s < last).map((s) => Math.floor(s / HOUR_MS) * HOUR_MS),
    ),
  ].sort((a, b) => a - b);
  addRows(from, first);
  for (const hour of cut) addRows(hour, hour + HOUR_MS);
  addRows(last, to);
  return { hours: { from: first, to: last, cut }, rows };
}

function timestamps(instants: readonly number[]): SQL {
  return sql`ARRAY[${sql.join(
    instants.map((ms) => sql`${new Date(ms).toISOString()}::timestamptz`),
    sql`, `,
  )}]::timestamptz[]`;
}

/**
 * The business's payouts created in `range`, by point: `starts` are the instants where a point's bucket begins, oldest
 * first, the first at or before `range.from`, each naming its point (lib/shared/insights/window.ts `bucketStarts`: a
 * local bucket the clocks repeat begins twice). A row belongs to the last start at or before it, so a point holds
 * exactly the rows the register's from/to filter gives between its start and the next. Every point named, empty ones
 * included; with the totals of the range and its rows sent by a batch.
 *
 * Two steps of one query. First the rows are grouped by bucket, state, status and batch (their bucket found by
 * `width_bucket` among the buckets' first instants: a binary search per row instead of a zone conversion and a text
 * key, which on PGlite made the 90-day series three times slower): the whole hours from the hourly summary, which
 * has those groups already (an hour no bucket begins inside of belongs to one bucket whole), the rest from the
 * payouts (`seriesSources`); then those few hundred groups are grouped again by outcome (`outcomeSqlOf`, the
 * register's rule), fee and net kept for the groups whose fee counts. Sums exact (bigint and numeric); each point's
 * and the window's totals added up here with checked additions.
 */
export async function payoutSeries(
  ledger: Ledger,
  businessId: string,
  range: InsightRange,
  starts: readonly PointStart[],
): Promise<PayoutSeriesResult> {
  const pointCount = checkedPointCount(range, starts);
  const thresholds = timestamps(starts.map((s) => instant(s.start)));
  const sources = seriesSources(
    instant(range.from),
    instant(range.to),
    starts.map((s) => instant(s.start)),
  );
  const fromHours = sources.hours ? groupsFromHours(ledger, businessId, sources.hours, thresholds) : null;
  const fromRows = sources.rows.length > 0 ? groupsFromRows(ledger, businessId, sources.rows, thresholds) : null;
  const result: PayoutSeriesResult = {
    points: Array.from({ length: pointCount }, () => emptyFigures()),
    totals: emptyFigures(),
    batch: { count: 0, amountCentavos: 0 },
  };
  for (const row of await groupsByOutcome(ledger, fromHours, fromRows)) {
    const rowOutcome = PAYOUT_OUTCOMES.find((o) => o === row.outcome);
    // The table's CHECK allows no other state: a row without an outcome is refused, not counted as something.
    if (!rowOutcome) throw new Error(`ledger: a payout row has no insight outcome (${row.outcome ?? "null"})`);
    const point = result.points[starts[Number(row.slot) - 1]?.point ?? -1];
    // Every row is at or after the first start (checked), so its bucket is one of them.
    if (!point) throw new Error(`ledger: a payout row fell outside the buckets (${String(row.slot)})`);
    addFigures(point, row, rowOutcome);
    addFigures(result.totals, row, rowOutcome);
    result.batch = {
      count: add(result.batch.count, safeSum(row.batchCount)),
      amountCentavos: add(result.batch.amountCentavos, safeSum(row.batchAmount)),
    };
  }
  return result;
}

/** How many points `starts` name, once they are known to begin at or before the range, in order, each naming one. */
function checkedPointCount(range: InsightRange, starts: readonly PointStart[]): number {
  const first = starts[0];
  if (first === undefined || instant(first.start) > instant(range.from))
    throw new Error("ledger: the first bucket must start at or before the range");
  for (let i = 1; i < starts.length; i++)
    if (instant((starts[i] as PointStart).start) <= instant((starts[i - 1] as PointStart).start))
      throw new Error("ledger: bucket starts must be in order");
  if (!starts.every((s) => Number.isInteger(s.point) && s.point >= 0))
    throw new Error("ledger: a bucket start names no point");
  return Math.max(...starts.map((s) => s.point)) + 1;
}

/** The whole hours' groups (bucket, state, status, batched), from the hourly summary, the cut hours left out. */
function groupsFromHours(
  ledger: Ledger,
  businessId: string,
  hours: NonNullable<SeriesSources["hours"]>,
  thresholds: SQL,
) {
  return ledger.db
    .select({
      slot: sql<number>`width_bucket(${payoutHours.hour}, ${thresholds})`.as("slot"),
      state: sql<string>`${payoutHours.state}`.as("group_state"),
      status: sql<string | null>`${payoutHours.status}`.as("group_status"),
      batched: sql<boolean>`${payoutHours.batched}`.as("batched"),
      count: sql<string>`sum(${payoutHours.payouts})`.as("group_count"),
      amount: sql<string>`sum(${payoutHours.amountCentavos})`.as("group_amount"),
      fee: sql<string | null>`sum(${payoutHours.feeCentavos})`.as("group_fee"),
      net: sql<string | null>`sum(${payoutHours.netCentavos})`.as("group_net"),
    })
    .from(payoutHours)
    .where(
      and(
        eq(payoutHours.businessId, businessId),
        gte(payoutHours.hour, new Date(hours.from)),
        lt(payoutHours.hour, new Date(hours.to)),
        hours.cut.length > 0 ? sql`${payoutHours.hour} <> ALL (${timestamps(hours.cut)})` : undefined,
      ),
    )
    .groupBy(sql`1, 2, 3, 4`);
}

/**
 * The same groups from the payouts themselves, for the parts of the range the summary cannot give: each range's rows
 * from the register's index by day (a range scan per range, joined to the list of ranges).
 */
function groupsFromRows(ledger: Ledger, businessId: string, rows: SeriesSources["rows"], thresholds: SQL) {
  return ledger.db
    .select({
      slot: sql<number>`width_bucket(${payouts.createdAt}, ${thresholds})`.as("slot"),
      state: sql<string>`${payouts.state}`.as("group_state"),
      status: sql<string | null>`${payouts.status}`.as("group_status"),
      batched: sql<boolean>`(${payouts.batchId} IS NOT NULL)`.as("batched"),
      count: sql<string>`count(*)`.as("group_count"),
      amount: sql<string>`sum(${payouts.amountCentavos})`.as("group_amount"),
      fee: sql<string | null>`sum(${payouts.feeCentavos})`.as("group_fee"),
      net: sql<string | null>`sum(${payouts.netCentavos})`.as("group_net"),
    })
    .from(
      sql`unnest(${timestamps(rows.map(([a]) => a))}, ${timestamps(rows.map(([, b]) => b))}) AS part(from_at, to_at)`,
    )
    .innerJoin(
      payouts,
      and(
        eq(payouts.businessId, businessId),
        sql`${payouts.createdAt} >= part.from_at`,
        sql`${payouts.createdAt} < part.to_at`,
      ),
    )
    .groupBy(sql`1, 2, 3, 4`);
}

/**
 * Both sources' groups grouped again by bucket and outcome (the register's rule), fee and net kept where the fee
 * counts. An empty range (a window still to come has an empty one before it) has neither: nothing to read.
 */
async function groupsByOutcome(
  ledger: Ledger,
  fromHours: ReturnType<typeof groupsFromHours> | null,
  fromRows: ReturnType<typeof groupsFromRows> | null,
): Promise<FigureRow[]> {
  const parts = fromHours && fromRows ? unionAll(fromHours, fromRows) : (fromHours ?? fromRows);
  if (!parts) return [];
  const groups = ledger.db.$with("insight_groups").as(parts);
  const outcome = outcomeSqlOf(groups.state, groups.status);
  const feeCounts = feeCountsSqlOf(groups.status);
  return withIndexScanCosts(ledger, (db) =>
    db
      .with(groups)
      .select({
        slot: groups.slot,
        outcome: sql<string | null>`${outcome}`,
        count: sql<string>`sum(${groups.count})::text`,
        amount: sql<string | null>`sum(${groups.amount})::text`,
        fee: sql<string | null>`(sum(${groups.fee}) FILTER (WHERE ${feeCounts}))::text`,
        net: sql<string | null>`(sum(${groups.net}) FILTER (WHERE ${feeCounts}))::text`,
        batchCount: sql<string>`coalesce(sum(${groups.count}) FILTER (WHERE ${groups.batched}), 0)::text`,
        batchAmount: sql<string | null>`(sum(${groups.amount}) FILTER (WHERE ${groups.batched}))::text`,
      })
      .from(groups)
      .groupBy(groups.slot, outcome),
  );
}

/**
 * Runs the series' read where the planner costs an index page as it costs the table's next page. A window is often
 * most of a young register (90 of its 120 days, in the bench), and at PostgreSQL's default `random_page_cost` of 4
 * the planner then reads the whole table although migration 0024's covering index holds every column the series
 * reads: measured on a 100,000-payout register, 137 ms against 80 ms (docs/performance.md, "Insights"). On
 * PostgreSQL the read runs in a read-only transaction that lowers the cost to 1.1 for itself only (`SET LOCAL`
 * through `set_config`), never above what the server is set to; PGlite starts with 1.1 (db.ts). Inside a caller's
 * transaction it runs as it is: a savepoint would not end the setting, which would then hold for the caller's
 * later statements.
 */
export async function withIndexScanCosts<T>(ledger: Ledger, read: (db: LedgerDatabase) => Promise<T>): Promise<T> {
  if (ledger.driver !== "postgres" || ledger.db instanceof PgTransaction) return read(ledger.db);
  return ledger.db.transaction(
    async (tx) => {
      await tx.execute(
        sql`SELECT set_config('random_page_cost', least(current_setting('random_page_cost')::float8, 1.1)::text, true)`,
      );
      return read(tx);
    },
    { accessMode: "read only" },
  );
}

function instant(value: Date | string): number {
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  if (Number.isNaN(ms)) throw new Error(`ledger: not an instant ${String(value)}`);
  return ms;
}

/** The totals alone of the business's payouts created in `range` (the previous window's, for trends). */
export async function payoutFigures(
  ledger: Ledger,
  businessId: string,
  range: InsightRange,
): Promise<PayoutFigureTotals> {
  return (await payoutSeries(ledger, businessId, range, [{ start: range.from, point: 0 }])).totals;
}

/**
 * When the business's first payout in the register was created, or null when it has none: a window before it is no
 * period to compare with (the register did not hold payouts then). One read of payouts_business_created_idx's end.
 */
export async function firstPayoutAt(ledger: Ledger, businessId: string): Promise<Date | null> {
  const [row] = await ledger.db
    .select({ first: sql<Date | null>`min(${payouts.createdAt})`.mapWith(payouts.createdAt) })
    .from(payouts)
    .where(eq(payouts.businessId, businessId));
  return row?.first ?? null;
}

/**
 * Why payouts created in `range` failed (their `failure_reason`) or were not sent (the API's error code of a refused
 * one, `last_error_code`): most payouts first, then most money, at most `limit`.
 */
export async function payoutReasons(
  ledger: Ledger,
  businessId: string,
  range: InsightRange,
  limit: number = PAYOUT_REASONS_LIMIT,
): Promise<PayoutReasonTotals[]> {
  const rows = ledger.db.$with("reason_rows").as(
    ledger.db
      .select({
        outcome: sql<string | null>`${payoutOutcomeSql}`.as("outcome"),
        reason: sql<string | null>`nullif(btrim(CASE ${payoutOutcomeSql} WHEN 'failed' THEN ${payouts.failureReason}
          ELSE ${payouts.lastErrorCode} END), '')`.as("reason"),
        amount: sql<string>`${payouts.amountCentavos}`.as("amount"),
      })
      .from(payouts)
      // Only the failed and refused rows are read, from migration 0028's partial index, not every row of the window.
      .where(and(filterWhere(businessId, { from: range.from, to: range.to }), unsuccessfulSql)),
  );
  const count = sql<string>`count(*)`;
  const amount = sql<string>`sum(${rows.amount})`;
  const ranked = await ledger.db
    .with(rows)
    .select({
      outcome: rows.outcome,
      reason: rows.reason,
      count: sql<string>`${count}::text`,
      amount: sql<string>`${amount}::text`,
    })
    .from(rows)
    .where(sql`${rows.outcome} IN ('failed', 'not_sent')`)
    .groupBy(rows.outcome, rows.reason)
    .orderBy(desc(count), desc(amount), rows.outcome, sql`${rows.reason} NULLS LAST`)
    .limit(limit);
  return ranked.map((row) => ({
    outcome: row.outcome === "failed" ? "failed" : "not_sent",
    reason: row.reason,
    count: safeSum(row.count),
    amountCentavos: safeSum(row.amount),
  }));
}

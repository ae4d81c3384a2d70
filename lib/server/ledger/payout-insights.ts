/**
 * The payout insights' figures, summed by the database over the register's rows (docs/insights.md): one outcome per
 * row (`payoutOutcomeSql`), the rows of a window chosen exactly as the register's date filter chooses them
 * (`filterWhere` with from/to), fees and nets as `sumPayouts` counts them (not for failed rows). Sums are bigint in
 * SQL, read as text and refused past 2^53 (`safeSum`), never rounded.
 */
import { desc, eq, sql, type SQL } from "drizzle-orm";
import { PAYOUT_OUTCOMES, type InsightBucket, type PayoutOutcome } from "@/lib/shared/schemas/insights";
import { canonicalTimeZone } from "@/lib/shared/format/date";
import { feeCountsSql, filterWhere, payoutOutcomeSql, safeSum } from "./payouts";
import { payouts } from "./schema";
import type { Ledger } from "./types";

/** Created in [from, to): an instant each (the register's `from`/`to`). */
export interface InsightRange {
  from: Date | string;
  to: Date | string;
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
  /** The figures of each bucket that has rows, by its key (its first local time, "YYYY-MM-DDTHH:mm"). */
  points: Map<string, PayoutFigureTotals>;
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

/**
 * The local time in `zone` where a row's bucket starts (a timestamp without zone): date_trunc on created_at AT TIME
 * ZONE zone, and for 5 minutes the floor of the minutes. PostgreSQL's weeks start on Monday. A local hour the clocks
 * repeat is one key, so its two hours are one bucket. Grouped on this value and named as text only per group
 * ("YYYY-MM-DDTHH:mm", as lib/shared/insights/window.ts names buckets), not per row.
 */
function bucketStartSql(bucket: InsightBucket, zone: string): SQL<string> {
  const local = sql`(${payouts.createdAt} AT TIME ZONE ${zone})`;
  return bucket === "5m"
    ? sql<string>`date_trunc('hour', ${local}) + floor(date_part('minute', ${local}) / 5) * interval '5 minutes'`
    : sql<string>`date_trunc(${sql.raw(`'${bucket}'`)}, ${local})`;
}

interface FigureRow {
  key: string | null;
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

/**
 * The figures of the business's payouts created in `range`, by bucket and outcome: one pass of the database over
 * the rows (grouped once, by bucket and outcome; bigint sums per group), then each point's, each outcome's and the
 * window's totals added up here from those exact group sums (a few hundred integers, each addition checked).
 * Without `series`, grouped by outcome alone.
 */
async function figures(
  ledger: Ledger,
  businessId: string,
  range: InsightRange,
  series: { bucket: InsightBucket; zone: string } | null,
): Promise<PayoutSeriesResult> {
  // Only a canonical region name reaches SQL: an alias ("IST") means another place to PostgreSQL than to ICU.
  if (series && canonicalTimeZone(series.zone) !== series.zone)
    throw new Error(`ledger: not a canonical time zone ${series.zone}`);
  const rows = ledger.db.$with("insight_rows").as(
    ledger.db
      .select({
        start: (series ? bucketStartSql(series.bucket, series.zone) : sql<string | null>`NULL::timestamp`).as(
          "bucket_start",
        ),
        outcome: sql<string | null>`${payoutOutcomeSql}`.as("outcome"),
        amount: sql<string>`${payouts.amountCentavos}`.as("amount"),
        fee: sql<string | null>`CASE WHEN ${feeCountsSql} THEN ${payouts.feeCentavos} END`.as("fee"),
        net: sql<string | null>`CASE WHEN ${feeCountsSql} THEN ${payouts.netCentavos} END`.as("net"),
        batched: sql<boolean>`(${payouts.batchId} IS NOT NULL)`.as("batched"),
      })
      .from(payouts)
      .where(filterWhere(businessId, { from: range.from, to: range.to })),
  );
  const grouped: FigureRow[] = await ledger.db
    .with(rows)
    .select({
      key: sql<string | null>`to_char(${rows.start}, 'YYYY-MM-DD"T"HH24:MI')`,
      outcome: rows.outcome,
      count: sql<string>`count(*)::text`,
      amount: sql<string | null>`sum(${rows.amount})::text`,
      fee: sql<string | null>`sum(${rows.fee})::text`,
      net: sql<string | null>`sum(${rows.net})::text`,
      batchCount: sql<string>`(count(*) FILTER (WHERE ${rows.batched}))::text`,
      batchAmount: sql<string | null>`(sum(${rows.amount}) FILTER (WHERE ${rows.batched}))::text`,
    })
    .from(rows)
    .groupBy(rows.start, rows.outcome);

  const result: PayoutSeriesResult = {
    points: new Map(),
    totals: emptyFigures(),
    batch: { count: 0, amountCentavos: 0 },
  };
  for (const row of grouped) {
    const outcome = PAYOUT_OUTCOMES.find((o) => o === row.outcome);
    // The table's CHECK allows no other state: a row without an outcome is refused, not counted as something.
    if (!outcome) throw new Error(`ledger: a payout row has no insight outcome (${row.outcome ?? "null"})`);
    if (series) {
      const key = row.key ?? "";
      let point = result.points.get(key);
      if (!point) {
        point = emptyFigures();
        result.points.set(key, point);
      }
      addFigures(point, row, outcome);
    }
    addFigures(result.totals, row, outcome);
    result.batch = {
      count: add(result.batch.count, safeSum(row.batchCount)),
      amountCentavos: add(result.batch.amountCentavos, safeSum(row.batchAmount)),
    };
  }
  return result;
}

/**
 * The business's payouts created in `range`, by bucket of `bucket` in `zone` (only the buckets that have rows: the
 * caller lays them on the window's buckets, lib/shared/insights/window.ts `windowBuckets`), with the totals of the
 * range and its rows sent by a batch.
 */
export function payoutSeries(
  ledger: Ledger,
  businessId: string,
  range: InsightRange,
  series: { bucket: InsightBucket; zone: string },
): Promise<PayoutSeriesResult> {
  return figures(ledger, businessId, range, series);
}

/** The totals alone of the business's payouts created in `range` (the previous window's, for trends). */
export async function payoutFigures(
  ledger: Ledger,
  businessId: string,
  range: InsightRange,
): Promise<PayoutFigureTotals> {
  return (await figures(ledger, businessId, range, null)).totals;
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
      .where(filterWhere(businessId, { from: range.from, to: range.to })),
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

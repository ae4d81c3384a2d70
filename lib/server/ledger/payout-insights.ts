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
 * The local time in `zone` where a row's bucket starts, as "YYYY-MM-DDTHH:mm" (lib/shared/insights/window.ts names
 * buckets the same way): date_trunc on created_at AT TIME ZONE zone, and for 5 minutes the floor of the minutes.
 * PostgreSQL's weeks start on Monday. A local hour the clocks repeat is one key, so its two hours are one bucket.
 */
function bucketKeySql(bucket: InsightBucket, zone: string): SQL<string> {
  const local = sql`(${payouts.createdAt} AT TIME ZONE ${zone})`;
  const start =
    bucket === "5m"
      ? sql`date_trunc('hour', ${local}) + floor(date_part('minute', ${local}) / 5) * interval '5 minutes'`
      : sql`date_trunc(${sql.raw(`'${bucket}'`)}, ${local})`;
  return sql<string>`to_char(${start}, 'YYYY-MM-DD"T"HH24:MI')`;
}

interface FigureRow {
  key: string | null;
  outcome: string | null;
  keyGrouped: number;
  outcomeGrouped: number;
  count: string;
  amount: string | null;
  fee: string | null;
  net: string | null;
  batchCount: string;
  batchAmount: string | null;
}

/**
 * The figures of the business's payouts created in `range`: by bucket and outcome, by bucket, by outcome and in
 * all (one query, GROUPING SETS), so every total is the database's own sum. Without `series`, only the totals.
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
        key: (series ? bucketKeySql(series.bucket, series.zone) : sql<string | null>`NULL::text`).as("bucket_key"),
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
      key: series ? rows.key : sql<string | null>`NULL::text`,
      outcome: rows.outcome,
      keyGrouped: series ? sql<number>`GROUPING(${rows.key})::int` : sql<number>`1`,
      outcomeGrouped: sql<number>`GROUPING(${rows.outcome})::int`,
      count: sql<string>`count(*)::text`,
      amount: sql<string | null>`sum(${rows.amount})::text`,
      fee: sql<string | null>`sum(${rows.fee})::text`,
      net: sql<string | null>`sum(${rows.net})::text`,
      batchCount: sql<string>`(count(*) FILTER (WHERE ${rows.batched}))::text`,
      batchAmount: sql<string | null>`(sum(${rows.amount}) FILTER (WHERE ${rows.batched}))::text`,
    })
    .from(rows)
    .groupBy(
      series
        ? sql`GROUPING SETS ((${rows.key}, ${rows.outcome}), (${rows.key}), (${rows.outcome}), ())`
        : sql`GROUPING SETS ((${rows.outcome}), ())`,
    );

  const result: PayoutSeriesResult = {
    points: new Map(),
    totals: emptyFigures(),
    batch: { count: 0, amountCentavos: 0 },
  };
  const pointOf = (key: string) => {
    let point = result.points.get(key);
    if (!point) {
      point = emptyFigures();
      result.points.set(key, point);
    }
    return point;
  };
  for (const row of grouped) {
    const byKey = Number(row.keyGrouped) === 0;
    const byOutcome = Number(row.outcomeGrouped) === 0;
    const countAmount = { count: safeSum(row.count), amountCentavos: safeSum(row.amount) };
    if (byOutcome) {
      const outcome = PAYOUT_OUTCOMES.find((o) => o === row.outcome);
      // The table's CHECK allows no other state: a row without an outcome is refused, not counted as something.
      if (!outcome) throw new Error(`ledger: a payout row has no insight outcome (${row.outcome ?? "null"})`);
      const target = byKey ? pointOf(row.key ?? "") : result.totals;
      target.outcomes[outcome] = countAmount;
      continue;
    }
    const target = byKey ? pointOf(row.key ?? "") : result.totals;
    Object.assign(target, countAmount, { feeCentavos: safeSum(row.fee), netCentavos: safeSum(row.net) });
    if (!byKey) result.batch = { count: safeSum(row.batchCount), amountCentavos: safeSum(row.batchAmount) };
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

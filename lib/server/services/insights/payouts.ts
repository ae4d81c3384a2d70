import "server-only";
import { serverClock } from "@/lib/server/clock";
import { BffError } from "@/lib/server/errors/bff-error";
import { exportDownload, type ExportRequest } from "@/lib/server/export";
import {
  firstPayoutAt,
  payoutFigures,
  payoutReasons,
  payoutSeries,
  type PayoutFigureTotals,
} from "@/lib/server/ledger/payout-insights";
import type { Answer, Download, LedgerScope } from "@/lib/server/services/context";
import type { Clock } from "@/lib/shared/clock";
import { DEFAULT_TIME_ZONE } from "@/lib/shared/format/date";
import { PAYOUT_INSIGHTS_SHEET } from "@/lib/shared/insights/payouts-export";
import { bucketStarts, isWindowRefusal, resolveWindow, windowBuckets } from "@/lib/shared/insights/window";
import {
  PAYOUT_OUTCOMES,
  type InsightWindowQuery,
  type PayoutFigures,
  type PayoutInsights,
  type ResolvedWindow,
} from "@/lib/shared/schemas/insights";

/**
 * The payout insights (docs/insights.md, "Payouts"): the register's rows of a window, bucketed in the person's
 * zone, by outcome, with the window before it and the reasons of failed and refused payouts. Read from the ledger
 * only (no call to the payments API): the figures are what the register holds, so a chart's bar and the register
 * filtered to the same days and outcome (`/payouts?outcome=…&from=…&to=…`) count the same rows.
 */

/** What the payout insights read: the ledger and the business, the clock (the server's by default) and the zone. */
export interface PayoutInsightsDeps extends LedgerScope {
  clock?: Pick<Clock, "now">;
  /**
   * The zone days are counted in: the route passes the person's (their `tz` cookie, as the register's day filter reads
   * days); the dashboard's default (America/Sao_Paulo) when absent. Workspaces have no zone setting.
   */
  zone?: string;
}

/** The zone the insights count days in: the deps' zone, else the dashboard's default. */
export function insightsZone(deps: Pick<PayoutInsightsDeps, "zone">): string {
  return deps.zone ?? DEFAULT_TIME_ZONE;
}

/**
 * The query's window at the deps' clock, in their zone: a refusal (a custom window without its days, in the wrong
 * order or too long; too many points) is a 422 `validation_error` naming the field, as a schema's would be.
 */
export function resolvePayoutInsightsWindow(deps: PayoutInsightsDeps, query: InsightWindowQuery): ResolvedWindow {
  const now = new Date((deps.clock ?? serverClock()).now());
  const window = resolveWindow(query, now, insightsZone(deps));
  if (isWindowRefusal(window))
    throw new BffError("validation_error", "The window cannot be read.", {
      fields: { [window.field]: window.message },
    });
  return window;
}

function figuresView(totals: PayoutFigureTotals): PayoutFigures {
  const outcomes = Object.fromEntries(
    PAYOUT_OUTCOMES.map((o) => [
      o,
      { count: totals.outcomes[o].count, amount_centavos: totals.outcomes[o].amountCentavos },
    ]),
  ) as PayoutFigures["outcomes"];
  return {
    count: totals.count,
    amount_centavos: totals.amountCentavos,
    fee_centavos: totals.feeCentavos,
    net_centavos: totals.netCentavos,
    outcomes,
  };
}

function emptyTotals(): PayoutFigureTotals {
  const outcomes = Object.fromEntries(PAYOUT_OUTCOMES.map((o) => [o, { count: 0, amountCentavos: 0 }]));
  return {
    count: 0,
    amountCentavos: 0,
    feeCentavos: 0,
    netCentavos: 0,
    outcomes: outcomes as PayoutFigureTotals["outcomes"],
  };
}

/**
 * The payout insights of a window already resolved (resolveWindow, lib/shared/insights/window.ts): for a page that
 * resolves the window itself. Every bucket of the window is a point, empty ones included, oldest first.
 */
export async function loadPayoutInsights(deps: LedgerScope, window: ResolvedWindow): Promise<PayoutInsights> {
  const { ledger, businessId } = deps;
  const range = { from: window.from, to: window.to };
  // A previous window that began before the register's first payout (or a register with none) is not a period of
  // no payouts but one the register does not cover: no comparison ("—"), never "up from zero"; and not summed.
  const first = await firstPayoutAt(ledger, businessId);
  const comparable = first !== null && first.getTime() <= Date.parse(window.previous.from);
  const slots = windowBuckets(window);
  const [series, previous, reasons] = await Promise.all([
    payoutSeries(ledger, businessId, range, bucketStarts(window)),
    comparable ? payoutFigures(ledger, businessId, window.previous) : null,
    payoutReasons(ledger, businessId, range),
  ]);
  return {
    window,
    points: slots.map((slot, i) => ({ start: slot.start, ...figuresView(series.points[i] ?? emptyTotals()) })),
    totals: figuresView(series.totals),
    previous: previous ? figuresView(previous) : null,
    reasons: reasons.map((r) => ({
      outcome: r.outcome,
      reason: r.reason,
      count: r.count,
      amount_centavos: r.amountCentavos,
    })),
    batch: { count: series.batch.count, amount_centavos: series.batch.amountCentavos },
  };
}

/** GET /api/insights/payouts: the window of the query at the deps' clock, and its figures. */
export async function payoutInsights(
  deps: PayoutInsightsDeps,
  query: InsightWindowQuery,
): Promise<Answer<PayoutInsights>> {
  return { data: await loadPayoutInsights(deps, resolvePayoutInsightsWindow(deps, query)) };
}

/**
 * GET /api/insights/payouts?format=csv|xlsx: the points as a file in the reader's language, their start in the
 * window's zone (the buckets' zone, named in the column's title).
 */
export async function exportPayoutInsights(
  deps: PayoutInsightsDeps,
  query: InsightWindowQuery,
  request: ExportRequest,
): Promise<Download> {
  const window = resolvePayoutInsightsWindow(deps, query);
  const data = await loadPayoutInsights(deps, window);
  // Named with the window's days: "indicadores-de-repasses-2026-10-29_2026-11-27-<today>.csv".
  return exportDownload({ ...request, timeZone: window.zone }, PAYOUT_INSIGHTS_SHEET, data.points, {
    now: (deps.clock ?? serverClock()).now(),
    detail: `${window.from_day}_${window.to_day}`,
  });
}

import { prefetched, type Prefetched } from "../_prefetch/prefetched";
import { insightsQuery, overviewInsightsQuery } from "@/lib/browser/query/insights";
import { asQueryData, prefetchService } from "@/lib/server/pages/prefetch";
import { disputeInsights } from "@/lib/server/services/insights/disputes";
import { overviewInsights } from "@/lib/server/services/insights/overview";
import { paymentLinkInsights } from "@/lib/server/services/insights/payment-links";
import { getI18n } from "@/lib/server/i18n";
import { payoutInsights } from "@/lib/server/services/insights/payouts";
import {
  disputeInsightsSchema,
  linkInsightsSchema,
  overviewInsightsSchema,
  payoutInsightsSchema,
  type InsightWindowQuery,
} from "@/lib/shared/schemas/insights";
import { windowSearch } from "@/components/insights/insight-model";

/*
 * The insights pages' first data, each read by the service its BFF route calls (with the route's permission) and
 * parsed as the browser's query parses the route's reply, under that query's key (as _prefetch/queries.ts does
 * for the lists). Any failure leaves the data to the browser.
 */

// As GET /api/insights/payouts?window=… (insightsQuery.payouts).
export async function payoutInsightsFirst(query: InsightWindowQuery): Promise<Prefetched | null> {
  const { timeZone: zone } = await getI18n();
  const answer = await prefetchService("insights.payouts", `/api/insights/payouts?${windowSearch(query)}`, (deps) =>
    payoutInsights({ ...deps, zone }, query),
  );
  return prefetched(insightsQuery.payouts(query).queryKey, answer && asQueryData(answer.data, payoutInsightsSchema));
}

// As GET /api/insights/disputes (insightsQuery.disputes).
export async function disputeInsightsFirst(): Promise<Prefetched | null> {
  const { timeZone: zone } = await getI18n();
  const answer = await prefetchService("insights.disputes", "/api/insights/disputes", (deps) =>
    disputeInsights(deps, { zone }),
  );
  return prefetched(insightsQuery.disputes().queryKey, answer && asQueryData(answer.data, disputeInsightsSchema));
}

// As GET /api/insights/payment-links?window=… (insightsQuery.paymentLinks).
export async function linkInsightsFirst(query: InsightWindowQuery): Promise<Prefetched | null> {
  const { timeZone: zone } = await getI18n();
  const answer = await prefetchService(
    "insights.payment_links",
    `/api/insights/payment-links?${windowSearch(query)}`,
    (deps) => paymentLinkInsights(deps, { query, zone }),
  );
  return prefetched(insightsQuery.paymentLinks(query).queryKey, answer && asQueryData(answer.data, linkInsightsSchema));
}

// As GET /api/insights/overview (overviewInsightsQuery): for every role whose home is the overview; its sections say what the role reads.
export async function overviewInsightsFirst(): Promise<Prefetched | null> {
  const { timeZone: zone } = await getI18n();
  const answer = await prefetchService("insights.overview", "/api/insights/overview", (deps) =>
    overviewInsights(deps, { zone }),
  );
  return prefetched(overviewInsightsQuery().queryKey, answer && asQueryData(answer.data, overviewInsightsSchema));
}

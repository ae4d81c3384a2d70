import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { bffFetch } from "@/lib/browser/bff-client/client";
import {
  disputeInsightsSchema,
  linkInsightsSchema,
  overviewInsightsSchema,
  payoutInsightsSchema,
  type InsightWindowQuery,
} from "@/lib/shared/schemas/insights";

/**
 * The insights (GET /api/insights/*, lib/shared/schemas/insights.ts). The window-based ones are keyed by the
 * window's query as the page's URL holds it (components/insights/insight-model.ts `windowQueryOf`), so the server
 * page's first data lands under the same key, and a window change fetches the new figures while the previous
 * ones stay on screen (no page reload).
 */
export const insightKeys = {
  all: ["insights"] as const,
  payouts: (query: InsightWindowQuery) => [...insightKeys.all, "payouts", query] as const,
  disputes: () => [...insightKeys.all, "disputes"] as const,
  paymentLinks: (query: InsightWindowQuery) => [...insightKeys.all, "payment-links", query] as const,
  overview: () => [...insightKeys.all, "overview"] as const,
};

function windowParams(query: InsightWindowQuery) {
  return { window: query.window, from: query.from, to: query.to, bucket: query.bucket };
}

/** The queries of the insights pages, one per section. */
export const insightsQuery = {
  payouts: (query: InsightWindowQuery) =>
    queryOptions({
      queryKey: insightKeys.payouts(query),
      placeholderData: keepPreviousData,
      queryFn: ({ signal }) =>
        bffFetch("/api/insights/payouts", { query: windowParams(query), schema: payoutInsightsSchema, signal }),
    }),
  disputes: () =>
    queryOptions({
      queryKey: insightKeys.disputes(),
      queryFn: ({ signal }) => bffFetch("/api/insights/disputes", { schema: disputeInsightsSchema, signal }),
    }),
  paymentLinks: (query: InsightWindowQuery) =>
    queryOptions({
      queryKey: insightKeys.paymentLinks(query),
      placeholderData: keepPreviousData,
      queryFn: ({ signal }) =>
        bffFetch("/api/insights/payment-links", { query: windowParams(query), schema: linkInsightsSchema, signal }),
    }),
};

/** GET /api/insights/overview: the start page's four figures (a section the role may not read is null). */
export function overviewInsightsQuery() {
  return queryOptions({
    queryKey: insightKeys.overview(),
    queryFn: ({ signal }) => bffFetch("/api/insights/overview", { schema: overviewInsightsSchema, signal }),
  });
}

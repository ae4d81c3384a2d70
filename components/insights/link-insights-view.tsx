"use client";

import { useQuery } from "@tanstack/react-query";
import { PageHeader } from "@/components/ui/page-header";
import { QueryErrorPanel } from "@/components/ui/query-error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { StatCard } from "@/components/ui/stat-card";
import { useUrlState } from "@/lib/browser/hooks/use-url-state";
import { useI18n } from "@/lib/browser/i18n";
import { insightsQuery } from "@/lib/browser/query/insights";
import type { LinkInsights } from "@/lib/shared/schemas/insights";
import { funnelSheet, linkRankSheet } from "./insight-exports";
import { funnelSteps, insightWindowUrlSchema, windowQueryOf, withoutBucket } from "./insight-model";
import { InsightSection } from "./insight-section";
import { InsightsTabs } from "./insights-tabs";
import { usePercent } from "./funnel-steps";
import { LinkRankTable, LinksFunnel } from "./links-funnel";
import { TrendHint } from "./trend";
import { WindowPicker } from "./window-picker";

/** The links' figures: their funnel (since each was created), the revenue seen in the window, the best and worst. */
export function LinkInsightsBody({ data }: { data: LinkInsights }) {
  const { t, formatMoney, formatDateTime } = useI18n();
  const percent = usePercent();
  const revenue = data.revenue_in_window;
  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard
          label={t("insights.links.figure.revenueWindow")}
          value={revenue ? formatMoney(revenue.amount_centavos) : t("common.none")}
          hint={
            revenue && data.measured_from ? (
              t("insights.links.measuredFrom", { at: formatDateTime(data.measured_from, { withZone: true }) })
            ) : revenue ? (
              <TrendHint
                current={revenue.amount_centavos}
                // A previous week measured over a shorter stretch is no fair comparison: no trend then.
                previous={data.previous_measured_from ? null : (data.revenue_in_previous?.amount_centavos ?? null)}
              />
            ) : data.observed_since ? (
              t("insights.links.observedSince", { at: formatDateTime(data.observed_since, { withZone: true }) })
            ) : (
              t("insights.links.notObserved")
            )
          }
        />
        <StatCard
          label={t("insights.links.figure.revenueTotal")}
          value={formatMoney(data.funnel.revenue_centavos)}
          hint={t("insights.links.figure.links", { count: data.links })}
        />
        <StatCard
          label={t("insights.links.col.conversion")}
          value={percent(data.funnel.conversion)}
          hint={t("insights.links.figure.conversionHint")}
        />
      </div>
      <InsightSection
        title={t("insights.links.funnel.title")}
        description={t("insights.links.funnel.description")}
        exportOf={{ sheet: funnelSheet(percent), rows: funnelSteps(data.funnel) }}
      >
        <LinksFunnel funnel={data.funnel} />
      </InsightSection>
      <div className="grid gap-4 2xl:grid-cols-2">
        <InsightSection
          title={t("insights.links.top.title")}
          description={t("insights.links.top.description")}
          exportOf={{ sheet: linkRankSheet("insightsLinksTop", "insights.links.top.title", percent), rows: data.top }}
        >
          <LinkRankTable links={data.top} label={t("insights.links.top.title")} />
        </InsightSection>
        <InsightSection
          title={t("insights.links.worst.title")}
          description={t("insights.links.worst.description")}
          exportOf={{
            sheet: linkRankSheet("insightsLinksWorst", "insights.links.worst.title", percent),
            rows: data.worst,
          }}
        >
          <LinkRankTable links={data.worst} label={t("insights.links.worst.title")} />
        </InsightSection>
      </div>
    </div>
  );
}

/** The payment-links insights (GET /api/insights/payment-links?window=…). */
export function LinkInsightsView() {
  const { t } = useI18n();
  const [state] = useUrlState(insightWindowUrlSchema);
  const query = useQuery(insightsQuery.paymentLinks(withoutBucket(windowQueryOf(state))));
  return (
    <>
      <PageHeader title={t("insights.title")} description={t("insights.links.description")} />
      <InsightsTabs />
      <div className="grid gap-4" aria-busy={query.isFetching || undefined}>
        <WindowPicker resolved={query.data?.window} showBucket={false} />
        {query.isError && !query.data ? (
          <QueryErrorPanel query={query} />
        ) : query.data ? (
          <LinkInsightsBody data={query.data} />
        ) : (
          <Skeleton className="h-80 w-full" aria-label={t("common.loading")} />
        )}
      </div>
    </>
  );
}

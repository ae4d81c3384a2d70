"use client";

import { useQuery } from "@tanstack/react-query";
import { PageHeader } from "@/components/ui/page-header";
import { QueryErrorPanel } from "@/components/ui/query-error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { StatCard } from "@/components/ui/stat-card";
import { useUrlState } from "@/lib/browser/hooks/use-url-state";
import { useI18n } from "@/lib/browser/i18n";
import { insightsQuery } from "@/lib/browser/query/insights";
import { INSIGHTS_FIRST_FIGURE } from "@/lib/shared/insights/timing";
import type { PayoutInsights } from "@/lib/shared/schemas/insights";
import { BatchShare, FailureReasons } from "./failure-reasons";
import { insightWindowUrlSchema, windowQueryOf } from "./insight-model";
import { payoutReasonsSheet, payoutSeriesRows, payoutSeriesSheet } from "./insight-exports";
import { InsightSection } from "./insight-section";
import { InsightsTabs } from "./insights-tabs";
import { PayoutSeriesChart } from "./payout-series-chart";
import { PayoutSeriesTable } from "./payout-series-table";
import { TrendHint } from "./trend";
import { WindowPicker } from "./window-picker";
import { zoneText } from "@/lib/shared/i18n/zone-label";

/** The window's headline figures, each against the previous window ("—" when the register does not cover it). */
function PayoutFiguresRow({ data }: { data: PayoutInsights }) {
  const { t, formatNumber, formatMoney } = useI18n();
  const { totals, previous } = data;
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-insights-figures="">
      {(
        [
          ["insights.payouts.figure.count", totals.count, previous?.count, formatNumber],
          ["insights.payouts.figure.amount", totals.amount_centavos, previous?.amount_centavos, formatMoney],
          [
            "insights.payouts.figure.failed",
            totals.outcomes.failed.count,
            previous?.outcomes.failed.count,
            formatNumber,
          ],
          ["insights.payouts.figure.fee", totals.fee_centavos, previous?.fee_centavos, formatMoney],
        ] as const
      ).map(([label, current, before, format], i) => (
        <StatCard
          key={label}
          timing={i === 0 ? INSIGHTS_FIRST_FIGURE : undefined}
          label={t(label)}
          value={format(current)}
          hint={<TrendHint current={current} previous={before ?? null} />}
        />
      ))}
    </div>
  );
}

/** The payouts insights with their data: figures, the series (chart and table), the reasons and the batch share. */
export function PayoutInsightsBody({ data }: { data: PayoutInsights }) {
  const { t, intlLocale } = useI18n();
  const { window, points } = data;
  // The export's column names the zone as every export does (its IANA name); the page says it in words.
  const periodHeader = t("insights.payouts.col.period", { zone: window.zone });
  const seriesRows = payoutSeriesRows(points, window, { intlLocale, t });
  return (
    <div className="grid gap-4">
      <PayoutFiguresRow data={data} />
      <InsightSection
        title={t("insights.payouts.series.title")}
        description={t("insights.payouts.series.description", { zone: zoneText(window.zone, t, intlLocale) })}
        exportOf={{ sheet: payoutSeriesSheet(periodHeader), rows: seriesRows }}
      >
        <PayoutSeriesChart points={points} window={window} />
        <PayoutSeriesTable points={points} window={window} />
      </InsightSection>
      <div className="grid gap-4 xl:grid-cols-[2fr_1fr]">
        <InsightSection
          title={t("insights.reasons.title")}
          description={t("insights.reasons.description")}
          exportOf={{ sheet: payoutReasonsSheet(), rows: data.reasons }}
        >
          <FailureReasons reasons={data.reasons} window={window} />
        </InsightSection>
        <InsightSection title={t("insights.batch.title")} description={t("insights.batch.description")}>
          <BatchShare batch={data.batch} totals={data.totals} />
        </InsightSection>
      </div>
    </div>
  );
}

/**
 * Payouts over a window (GET /api/insights/payouts): the window in the URL, the server's first data handed over
 * under the same key, and a window change fetched in place (the previous figures stay until the new ones land).
 */
export function PayoutInsightsView() {
  const { t } = useI18n();
  const [state] = useUrlState(insightWindowUrlSchema);
  const query = useQuery(insightsQuery.payouts(windowQueryOf(state)));
  return (
    <>
      <PageHeader title={t("insights.title")} description={t("insights.payouts.description")} />
      <InsightsTabs />
      <div className="grid gap-4" aria-busy={query.isFetching || undefined}>
        <WindowPicker resolved={query.data?.window} />
        {query.isError && !query.data ? (
          <QueryErrorPanel query={query} />
        ) : query.data ? (
          <PayoutInsightsBody data={query.data} />
        ) : (
          <Skeleton className="h-80 w-full" aria-label={t("common.loading")} />
        )}
      </div>
    </>
  );
}

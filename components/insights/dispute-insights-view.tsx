"use client";

import { useQuery } from "@tanstack/react-query";
import { PageHeader } from "@/components/ui/page-header";
import { QueryErrorPanel } from "@/components/ui/query-error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { StatCard } from "@/components/ui/stat-card";
import { useI18n } from "@/lib/browser/i18n";
import { insightsQuery } from "@/lib/browser/query/insights";
import { zoneLabel } from "@/lib/shared/i18n/zone-label";
import type { DisputeInsights } from "@/lib/shared/schemas/insights";
import { DisputeGroupsTable, DisputesDue } from "./disputes-due";
import { disputeGroupsSheet, disputesDueSheet } from "./insight-exports";
import { InsightSection } from "./insight-section";
import { InsightsTabs } from "./insights-tabs";

/** Open disputes now: what is at risk, by due day, by kind and by status. */
export function DisputeInsightsBody({ data }: { data: DisputeInsights }) {
  const { t, formatNumber, formatMoney, formatDateTime } = useI18n();
  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <StatCard
          label={t("insights.disputes.figure.open")}
          value={formatNumber(data.open.count)}
          hint={t("insights.disputes.figure.atRisk", { amount: formatMoney(data.open.amount_centavos) })}
        />
        <StatCard
          label={t("insights.disputes.figure.due72h")}
          value={formatNumber(data.due_72h.count)}
          tone={data.due_72h.count > 0 ? "warning" : "default"}
          hint={t("insights.disputes.figure.atRisk", { amount: formatMoney(data.due_72h.amount_centavos) })}
        />
      </div>
      <InsightSection
        title={t("insights.disputes.due.title")}
        description={t("insights.disputes.due.description", {
          at: formatDateTime(data.as_of, { withZone: true }),
          zone: zoneLabel(data.zone, t),
        })}
        exportOf={{ sheet: disputesDueSheet(), rows: data.by_due }}
      >
        <DisputesDue groups={data.by_due} zone={data.zone} />
      </InsightSection>
      <div className="grid gap-4 lg:grid-cols-2">
        <InsightSection
          title={t("insights.disputes.kind.title")}
          exportOf={{ sheet: disputeGroupsSheet("kind"), rows: data.by_kind }}
        >
          <DisputeGroupsTable
            groups={data.by_kind}
            title={t("insights.disputes.kind.title")}
            labelPrefix="chargebacks.kind."
            column={t("insights.disputes.col.kind")}
          />
        </InsightSection>
        <InsightSection
          title={t("insights.disputes.status.title")}
          exportOf={{ sheet: disputeGroupsSheet("status"), rows: data.by_status }}
        >
          <DisputeGroupsTable
            groups={data.by_status}
            title={t("insights.disputes.status.title")}
            labelPrefix="status."
            column={t("insights.disputes.col.status")}
          />
        </InsightSection>
      </div>
    </div>
  );
}

/** The disputes insights (GET /api/insights/disputes): no window, the cases open now. */
export function DisputeInsightsView() {
  const { t } = useI18n();
  const query = useQuery(insightsQuery.disputes());
  return (
    <>
      <PageHeader title={t("insights.title")} description={t("insights.disputes.description")} />
      <InsightsTabs />
      {query.isError && !query.data ? (
        <QueryErrorPanel query={query} />
      ) : query.data ? (
        <DisputeInsightsBody data={query.data} />
      ) : (
        <Skeleton className="h-80 w-full" aria-label={t("common.loading")} />
      )}
    </>
  );
}

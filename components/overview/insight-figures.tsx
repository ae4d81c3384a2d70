"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { ReactNode } from "react";
import { TrendHint } from "@/components/insights/trend";
import { QueryErrorPanel } from "@/components/ui/query-error-panel";
import { StatCard } from "@/components/ui/stat-card";
import { useI18n } from "@/lib/browser/i18n";
import { overviewInsightsQuery } from "@/lib/browser/query/insights";
import { NEEDS_REVIEW_HREF } from "@/components/payouts/register-filters";
import { thisWeekLinksHref } from "@/lib/shared/insights/zone-days";

/** A figure that opens the chart behind it. */
function FigureLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="block rounded-lg outline-none hover:[&>[data-slot=stat-card]]:border-primary/50 focus-visible:ring-2 focus-visible:ring-ring"
    >
      {children}
    </Link>
  );
}

/**
 * The start page's four insight figures (GET /api/insights/overview): payouts sent today against yesterday up to
 * the same time, payouts waiting for a person, disputes due within 72 hours, and the links' revenue this week
 * against last week. Each links to a page showing the same number: today's payout insights (whose totals count
 * every outcome, as the figure does), the register's needs-review list, the chargebacks due within 72 hours, and the
 * link insights over Monday…today. A figure the role may not read (null) is left out, and a trend without a previous
 * period shows "—".
 */
export function InsightFigures() {
  const { t, formatNumber, formatMoney, formatDateTime } = useI18n();
  const query = useQuery(overviewInsightsQuery());
  if (query.isError && !query.data) return <QueryErrorPanel query={query} title={t("overview.insights.failed")} />;
  const data = query.data;
  const loading = !data;
  const figures: ReactNode[] = [];
  if (loading || data.sent_today) {
    const sent = data?.sent_today;
    figures.push(
      <FigureLink key="sent" href="/insights?window=today">
        <StatCard
          label={t("overview.insights.sentToday")}
          loading={loading}
          value={sent ? formatMoney(sent.current.amount_centavos) : null}
          hint={
            sent ? (
              <>
                {t("overview.insights.payouts", { count: sent.current.count })}
                {" · "}
                <TrendHint current={sent.current.amount_centavos} previous={sent.previous?.amount_centavos ?? null} />
              </>
            ) : null
          }
        />
      </FigureLink>,
    );
  }
  if (data?.needs_review) {
    const review = data.needs_review;
    figures.push(
      <FigureLink key="review" href={NEEDS_REVIEW_HREF}>
        <StatCard
          label={t("overview.insights.needsReview")}
          value={formatNumber(review.count)}
          tone={review.count > 0 ? "warning" : "default"}
          hint={
            <>
              {formatMoney(review.amount_centavos)}
              {" · "}
              <TrendHint current={review.count} previous={null} />
            </>
          }
        />
      </FigureLink>,
    );
  }
  if (data?.disputes_due_72h) {
    const due = data.disputes_due_72h;
    figures.push(
      <FigureLink key="disputes" href="/insights/disputes">
        <StatCard
          label={t("overview.insights.disputesDue")}
          value={formatNumber(due.count)}
          tone={due.count > 0 ? "danger" : "default"}
          hint={
            <>
              {formatMoney(due.amount_centavos)}
              {" · "}
              <TrendHint current={due.count} previous={null} />
            </>
          }
        />
      </FigureLink>,
    );
  }
  if (data?.links_revenue_week) {
    const week = data.links_revenue_week;
    figures.push(
      <FigureLink key="links" href={thisWeekLinksHref(data.as_of, data.zone)}>
        <StatCard
          label={t("overview.insights.linksWeek")}
          value={week.current ? formatMoney(week.current.amount_centavos) : t("common.none")}
          hint={
            week.current && week.measured_from ? (
              t("insights.links.measuredFrom", { at: formatDateTime(week.measured_from, { withZone: true }) })
            ) : week.current ? (
              <TrendHint
                current={week.current.amount_centavos}
                previous={week.previous_measured_from ? null : (week.previous?.amount_centavos ?? null)}
              />
            ) : (
              t("insights.links.notObserved")
            )
          }
        />
      </FigureLink>,
    );
  }
  if (figures.length === 0) return null;
  return (
    <section aria-label={t("overview.insights.title")} className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
      {figures}
    </section>
  );
}

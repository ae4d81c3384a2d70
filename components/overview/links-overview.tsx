"use client";

import { useQuery } from "@tanstack/react-query";
import { Banknote, Link2, ShoppingCart, type LucideIcon } from "lucide-react";
import Link from "next/link";
import { useMemo, type ReactNode } from "react";
import { deriveLinkState, linkTotals } from "@/components/payment-links/link-model";
import { useNow } from "@/lib/browser/hooks/use-now";
import { QueryErrorPanel } from "@/components/ui/query-error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { useI18n } from "@/lib/browser/i18n";
import { isPartialList } from "@/lib/browser/query/paged-list";
import { paymentLinksQuery } from "@/lib/browser/query/payment-links";
import { OverviewSection } from "./overview-section";

function StatLink({
  href,
  label,
  value,
  hint,
  icon: Icon,
  loading,
}: {
  href: string;
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon: LucideIcon;
  loading: boolean;
}) {
  return (
    <Link
      href={href}
      className="group block rounded-md border bg-background/40 p-3 transition-colors hover:border-primary/40 hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <div className="flex items-center justify-between gap-2 text-xs font-medium text-muted-foreground">
        {label}
        <Icon className="size-4" aria-hidden="true" />
      </div>
      <div className="mt-2 text-2xl leading-none font-semibold tracking-tight tabular-nums">
        {loading ? <Skeleton className="h-7 w-28" /> : value}
      </div>
      {hint ? <div className="mt-2 text-xs text-muted-foreground">{hint}</div> : null}
    </Link>
  );
}

/** Revenue and sales over every payment link, and how many are live now. */
export function LinksOverview() {
  const { t, formatMoney, formatNumber } = useI18n();
  const query = useQuery(paymentLinksQuery());
  const now = useNow(60_000);
  // Totals are over the whole list: a first load still arriving page by page counts as loading.
  const data = isPartialList(query.data) ? undefined : query.data;
  const summary = useMemo(() => {
    if (!data) return undefined;
    const totals = linkTotals(data);
    const active = data.filter((link) => deriveLinkState(link, now) === "active").length;
    return { totals, active };
  }, [data, now]);
  const loading = query.isPending || (data === undefined && !query.isError);

  return (
    <OverviewSection
      id="overview-links"
      title={t("overview.links.title")}
      description={
        summary
          ? t("overview.links.description", { count: summary.totals.count })
          : t("overview.links.descriptionLoading")
      }
      href="/payment-links"
      linkLabel={t("overview.links.viewAll")}
    >
      {query.isError ? (
        <QueryErrorPanel query={query} live="none" headingLevel="h3" />
      ) : (
        <div className="grid gap-3 sm:grid-cols-3" aria-busy={loading || undefined}>
          {loading ? <span className="sr-only">{t("common.loading")}</span> : null}
          <StatLink
            href="/payment-links?sort=revenue.desc"
            label={t("overview.links.revenue")}
            icon={Banknote}
            loading={loading}
            value={summary ? formatMoney(summary.totals.revenueCentavos) : null}
            hint={t("overview.links.revenueHint")}
          />
          <StatLink
            href="/payment-links?sort=sales.desc"
            label={t("overview.links.sales")}
            icon={ShoppingCart}
            loading={loading}
            value={summary ? formatNumber(summary.totals.sales) : null}
            hint={
              summary
                ? summary.totals.conversion === null
                  ? t("overview.links.noVisits")
                  : t("overview.links.conversion", {
                      rate: formatNumber(summary.totals.conversion, { style: "percent", maximumFractionDigits: 1 }),
                    })
                : undefined
            }
          />
          <StatLink
            href="/payment-links?state=active"
            label={t("overview.links.active")}
            icon={Link2}
            loading={loading}
            value={summary ? formatNumber(summary.active) : null}
            hint={summary ? t("overview.links.activeOf", { count: summary.totals.count }) : undefined}
          />
        </div>
      )}
    </OverviewSection>
  );
}

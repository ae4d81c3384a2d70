"use client";

import { Banknote, Eye, Percent, ShoppingCart } from "lucide-react";
import { StatCard } from "@/components/ui/stat-card";
import { useI18n } from "@/lib/browser/i18n";
import type { LinkTotals } from "./link-model";

/** Revenue, sales, visits and conversion over the links shown (after search and filters). */
export function LinkSummary({
  totals,
  total,
  loading,
}: {
  totals: LinkTotals | undefined;
  total: number;
  loading: boolean;
}) {
  const { t, formatMoney, formatNumber } = useI18n();
  const filtered = totals !== undefined && totals.count !== total;
  const scope =
    totals === undefined
      ? undefined
      : filtered
        ? t("paymentLinks.summary.filtered", { count: totals.count, total })
        : t("paymentLinks.summary.all", { count: total });
  return (
    <section aria-label={t("paymentLinks.summary.label")} className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard
        className="col-span-2 lg:col-span-1"
        label={t("paymentLinks.col.revenue")}
        icon={Banknote}
        loading={loading}
        value={totals ? formatMoney(totals.revenueCentavos) : null}
        hint={scope}
      />
      <StatCard
        label={t("paymentLinks.col.sales")}
        icon={ShoppingCart}
        loading={loading}
        value={totals ? formatNumber(totals.sales) : null}
        hint={scope}
      />
      <StatCard
        label={t("paymentLinks.col.visits")}
        icon={Eye}
        loading={loading}
        value={totals ? formatNumber(totals.visits) : null}
        hint={totals ? t("paymentLinks.summary.checkouts", { count: totals.checkoutsStarted }) : undefined}
      />
      <StatCard
        className="col-span-2 lg:col-span-1"
        label={t("paymentLinks.col.conversion")}
        icon={Percent}
        loading={loading}
        value={
          totals
            ? totals.conversion === null
              ? t("common.none")
              : formatNumber(totals.conversion, { style: "percent", maximumFractionDigits: 1 })
            : null
        }
        hint={t("paymentLinks.summary.conversionHint")}
      />
    </section>
  );
}

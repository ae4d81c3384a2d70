"use client";

import { useI18n } from "@/lib/browser/i18n";
import type { LinkFunnel } from "@/lib/shared/schemas/insights";
import { funnelSteps } from "./insight-model";

/** A rate as the page writes it ("12,5%"), or "—" when the step before is 0. */
export function usePercent(): (rate: number | null) => string {
  const { t, formatNumber } = useI18n();
  return (rate) =>
    rate === null ? t("common.none") : formatNumber(rate, { style: "percent", maximumFractionDigits: 1 });
}

/**
 * Visits → checkouts → sales, each step with its count and the share of the step before it that reached it, and
 * the overall conversion (sales of visits). A list, read in order by a screen reader; used by the insights page
 * (every link together) and by a link's own detail (its counters).
 */
export function FunnelSteps({
  funnel,
  label,
}: {
  funnel: Pick<LinkFunnel, "visits" | "checkouts_started" | "sales">;
  /** The list's name; default: every link's funnel. */
  label?: string;
}) {
  const { t, formatNumber } = useI18n();
  const percent = usePercent();
  const steps = funnelSteps(funnel);
  const conversion = funnel.visits === 0 ? null : funnel.sales / funnel.visits;
  return (
    <div className="grid gap-2">
      <ol className="grid gap-2 sm:grid-cols-3" aria-label={label ?? t("insights.links.funnel.title")}>
        {steps.map((step) => (
          <li key={step.step} className="rounded-md border p-3" data-step={step.step}>
            <p className="text-xs text-muted-foreground">{t(`insights.links.step.${step.step}`)}</p>
            <p className="text-xl font-semibold tabular-nums">{formatNumber(step.count)}</p>
            {step.step === "visits" ? null : (
              <p className="text-xs text-muted-foreground" data-rate={step.step}>
                {t(step.step === "checkouts" ? "insights.links.rate.checkouts" : "insights.links.rate.sales", {
                  rate: percent(step.rate),
                })}
              </p>
            )}
          </li>
        ))}
      </ol>
      <p className="text-sm" data-rate="conversion">
        {t("insights.links.rate.conversion", { rate: percent(conversion) })}
      </p>
    </div>
  );
}

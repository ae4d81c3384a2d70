"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useI18n } from "@/lib/browser/i18n";
import { PAYOUT_OUTCOMES, type PayoutPoint, type ResolvedWindow } from "@/lib/shared/schemas/insights";
import { ChartFrame } from "./chart-frame";
import { sumPoints } from "./insight-model";
import { OUTCOME_COLORS, pointLabel } from "./outcomes";

export type SeriesMeasure = "count" | "amount";

/** The point with the most payouts (or money), for the chart's summary; null when every point is empty. */
function peakOf(points: readonly PayoutPoint[], measure: SeriesMeasure): PayoutPoint | null {
  let peak: PayoutPoint | null = null;
  for (const point of points) {
    const value = measure === "count" ? point.count : point.amount_centavos;
    if (value > 0 && (!peak || value > (measure === "count" ? peak.count : peak.amount_centavos))) peak = point;
  }
  return peak;
}

/**
 * Payouts over the window as stacked bars, one color per outcome, by count or by amount (a toggle). Labels are in
 * the business's zone. The chart is a labelled picture; the table under it has every number.
 */
export function PayoutSeriesChart({ points, window }: { points: readonly PayoutPoint[]; window: ResolvedWindow }) {
  const { t, formatMoney, formatNumber, intlLocale } = useI18n();
  const [measure, setMeasure] = useState<SeriesMeasure>("count");
  const totals = sumPoints(points);
  const peak = peakOf(points, measure);
  const summary = t("insights.payouts.chartLabel", {
    count: formatNumber(totals.count),
    amount: formatMoney(totals.amount_centavos),
    points: formatNumber(points.length),
  });
  const peakText = peak
    ? t(measure === "count" ? "insights.payouts.chartPeakCount" : "insights.payouts.chartPeakAmount", {
        period: pointLabel(peak.start, window.bucket, { intlLocale, t }, window.zone),
        value: measure === "count" ? formatNumber(peak.count) : formatMoney(peak.amount_centavos),
      })
    : t("insights.payouts.chartEmpty");
  return (
    <div className="grid gap-3">
      <div role="group" aria-label={t("insights.payouts.measure")} className="inline-flex gap-1.5">
        {(["count", "amount"] as const).map((m) => (
          <Button
            key={m}
            type="button"
            size="sm"
            variant={measure === m ? "default" : "outline"}
            aria-pressed={measure === m}
            onClick={() => setMeasure(m)}
          >
            {t(`insights.payouts.measure.${m}`)}
          </Button>
        ))}
      </div>
      <ChartFrame
        label={`${summary} ${peakText}`}
        height={280}
        stacked
        rows={points.map((point) => ({
          label: pointLabel(point.start, window.bucket, { intlLocale, t }, window.zone, true),
          values: Object.fromEntries(
            PAYOUT_OUTCOMES.map((o) => [
              o,
              measure === "count" ? point.outcomes[o].count : point.outcomes[o].amount_centavos,
            ]),
          ),
        }))}
        series={PAYOUT_OUTCOMES.map((o) => ({ key: o, label: t(`insights.outcome.${o}`), color: OUTCOME_COLORS[o] }))}
        formatValue={measure === "count" ? (v) => formatNumber(v) : (v) => formatMoney(v)}
      />
    </div>
  );
}

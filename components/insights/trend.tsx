"use client";

import { useI18n } from "@/lib/browser/i18n";
import { trendOf } from "./insight-model";

/**
 * A figure against the period before it: "↑ 12,5%" / "↓ 3%" / "= 0%", said in words for a screen reader
 * ("up 12.5% on the previous period"), or "—" when there is no previous period to compare with.
 */
export function TrendHint({ current, previous }: { current: number; previous: number | null | undefined }) {
  const { t, formatNumber } = useI18n();
  const trend = trendOf(current, previous);
  if (!trend) {
    return (
      // A role-less span's aria-label is not read: the words are sr-only text, as for a trend below.
      <span data-trend="none">
        <span aria-hidden="true">{t("common.none")}</span>
        <span className="sr-only">{t("insights.trend.noneLabel")}</span>
      </span>
    );
  }
  const percent =
    trend.ratio === null
      ? t("insights.trend.fromZero")
      : formatNumber(trend.ratio, { style: "percent", maximumFractionDigits: 1 });
  const arrow = trend.direction === "up" ? "↑" : trend.direction === "down" ? "↓" : "=";
  return (
    <span data-trend={trend.direction}>
      <span aria-hidden="true">
        {arrow} {percent}
      </span>
      <span className="sr-only">{t(`insights.trend.${trend.direction}`, { percent })}</span>
    </span>
  );
}

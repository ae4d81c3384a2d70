import { formatDateTime } from "@/lib/shared/format/date";
import type { Translate } from "@/lib/shared/i18n/translator";
import type { InsightBucket, PayoutOutcome } from "@/lib/shared/schemas/insights";

/** Each outcome's color in the charts: a theme variable (app/globals.css), so dark mode has its own. */
export const OUTCOME_COLORS: Readonly<Record<PayoutOutcome, string>> = {
  paid: "var(--chart-1)",
  pending: "var(--chart-2)",
  failed: "var(--chart-3)",
  needs_review: "var(--chart-4)",
  not_sent: "var(--chart-5)",
  handled: "var(--chart-6)",
};

/** The one neutral series color (a chart of a single series). */
export const SINGLE_COLOR = "var(--chart-2)";

/**
 * A point's label in the business's zone: the time for points shorter than a day (with the day, since a custom
 * window may span several), the day for a day, "Week of <its first day>" for a week (its first day in the window,
 * which is Monday except for a window's first week). `short` is the chart's axis (the bare date for a week).
 */
export function pointLabel(
  start: string,
  bucket: InsightBucket,
  i18n: { intlLocale: string; t: Translate },
  zone: string,
  short = false,
): string {
  const { intlLocale, t } = i18n;
  if (bucket === "5m" || bucket === "hour") {
    return formatDateTime(
      start,
      intlLocale,
      zone,
      short
        ? { hour: "2-digit", minute: "2-digit" }
        : { day: "2-digit", month: "2-digit", hour: "2-digit", minute: "2-digit" },
    );
  }
  const date = formatDateTime(start, intlLocale, zone, { day: "2-digit", month: short ? "2-digit" : "short" });
  return bucket === "week" && !short ? t("insights.point.weekOf", { date }) : date;
}

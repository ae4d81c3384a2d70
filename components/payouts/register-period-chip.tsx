"use client";

import { FilterChip } from "@/components/ui/filter-chip";
import { useI18n } from "@/lib/browser/i18n";
import { periodEndsFormat } from "@/lib/shared/format/period";

/**
 * The register's period filter (`since`/`until`, set by a figure of the insights shorter than a day), shown with its
 * date and times in the business's zone (to the second, and with each end's UTC offset when they differ).
 */
export function RegisterPeriodChip({
  since,
  until,
  onRemove,
}: {
  since: string | undefined;
  until: string | undefined;
  onRemove: () => void;
}) {
  const { t, formatDate, timeZone } = useI18n();
  const format = periodEndsFormat([since, until], timeZone);
  const from = since ? formatDate(since, format) : "";
  const to = until ? formatDate(until, format) : "";
  const label =
    from && to
      ? t("payouts.register.periodFilter", { from, to })
      : from
        ? t("payouts.register.periodFilterFrom", { from })
        : t("payouts.register.periodFilterBefore", { to });
  return <FilterChip label={label} onRemove={onRemove} testId="register-period-filter" />;
}

"use client";

import { X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useI18n } from "@/lib/browser/i18n";
import { periodEndsFormat } from "@/lib/shared/format/period";

/**
 * The register's period filter (`since`/`until`, set by a figure of the insights shorter than a day), shown with its
 * date and times in the business's zone so the filter is never invisible; a click removes it. Its accessible name
 * begins with what it shows.
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
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={onRemove}
      aria-label={t("payouts.register.filterRemove", { filter: label })}
      data-testid="register-period-filter"
      // Its dates and times are long: on a phone it wraps instead of pushing the page sideways.
      className="h-auto min-h-8 max-w-full shrink py-1 text-left whitespace-normal"
    >
      {label}
      <X aria-hidden="true" />
    </Button>
  );
}

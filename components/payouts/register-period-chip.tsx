"use client";

import { X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useI18n } from "@/lib/browser/i18n";

const AT_MINUTE = { dateStyle: "short", timeStyle: "short" } as const;

/**
 * The register's period filter (`since`/`until`, set by a figure of the insights shorter than a day), shown with its
 * date and times in the business's zone so the filter is never invisible; a click removes it.
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
  const { t, formatDate } = useI18n();
  const from = since ? formatDate(since, AT_MINUTE) : "…";
  const to = until ? formatDate(until, AT_MINUTE) : "…";
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={onRemove}
      aria-label={t("payouts.register.periodFilterRemove", { from, to })}
      data-testid="register-period-filter"
    >
      {t("payouts.register.periodFilter", { from, to })}
      <X aria-hidden="true" />
    </Button>
  );
}

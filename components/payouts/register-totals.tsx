"use client";

import type { ReactNode } from "react";
import { Money } from "@/components/ui/money";
import { Skeleton } from "@/components/ui/skeleton";
import { useI18n } from "@/lib/browser/i18n";
import { periodEndsFormat } from "@/lib/shared/format/period";
import { zoneLabelWithShortName } from "@/lib/shared/i18n/zone-label";
import type { RegisterTotals as Totals } from "@/lib/shared/schemas/register";

export interface RegisterTotalsProps {
  /** undefined while loading. */
  totals: Totals | undefined;
  failed: boolean;
  /** The range's instants as the BFF reads them (start included, end excluded); "" for an open side. */
  from: string;
  to: string;
  /** The range is a period of instants (the insights' link for less than a day): shown with its times. */
  timed?: boolean;
}

/**
 * The totals of every row under the register's filters (not only the loaded pages), summed by the ledger: count,
 * amount, fees and net in BRL, the date range with the zone it is read in, and which rows the fees and net count.
 */
export function RegisterTotals({ totals, failed, from, to, timed = false }: RegisterTotalsProps) {
  const { t, formatDate, formatNumber, timeZone, timeZoneName } = useI18n();
  const zone = zoneLabelWithShortName(timeZone, t, timeZoneName());
  const range = timed ? periodText() : daysText();

  /** Whole days: the end is the start of the day after the last one, so the last day is the millisecond before it. */
  function daysText(): string {
    const first = from ? formatDate(from, { dateStyle: "short" }) : "";
    const last = to ? formatDate(Date.parse(to) - 1, { dateStyle: "short" }) : "";
    if (first && last) return t("payouts.totals.range", { from: first, to: last, zone });
    if (first) return t("payouts.totals.rangeFrom", { from: first, zone });
    if (last) return t("payouts.totals.rangeTo", { to: last, zone });
    return t("payouts.totals.allDates", { zone });
  }

  /** A period of instants, written exactly (`periodEndsFormat`): the end is excluded, and said so. */
  function periodText(): string {
    const format = periodEndsFormat([from, to], timeZone);
    const first = from ? formatDate(from, format) : "";
    const end = to ? formatDate(to, format) : "";
    if (first && end) return t("payouts.totals.period", { from: first, to: end, zone });
    if (first) return t("payouts.totals.rangeFrom", { from: first, zone });
    if (end) return t("payouts.totals.periodBefore", { to: end, zone });
    return t("payouts.totals.allDates", { zone });
  }

  const figures: { key: string; label: string; value: ReactNode }[] = totals
    ? [
        { key: "count", label: t("payouts.totals.count"), value: formatNumber(totals.count) },
        { key: "amount", label: t("payouts.totals.amount"), value: <Money centavos={totals.amount_centavos} /> },
        { key: "fee", label: t("payouts.totals.fee"), value: <Money centavos={totals.fee_centavos} /> },
        { key: "net", label: t("payouts.totals.net"), value: <Money centavos={totals.net_centavos} /> },
      ]
    : [];

  return (
    <section
      aria-labelledby="register-totals-title"
      aria-busy={!totals && !failed}
      className="grid gap-2 rounded-lg border bg-card px-3 py-2.5"
      data-testid="register-totals"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
        <h3 id="register-totals-title" className="text-sm font-medium">
          {t("payouts.totals.title")}
        </h3>
        <p className="text-xs text-muted-foreground" data-testid="register-totals-range">
          {range}
        </p>
      </div>
      {failed ? (
        <p role="alert" className="text-sm text-destructive-soft-foreground">
          {t("payouts.totals.failed")}
        </p>
      ) : totals ? (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
          {figures.map((figure) => (
            <div key={figure.key} className="min-w-0" data-testid={`register-total-${figure.key}`}>
              <dt className="text-xs text-muted-foreground">{figure.label}</dt>
              <dd className="text-base font-semibold tabular-nums">{figure.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <div className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-9" />
          ))}
        </div>
      )}
      {totals ? (
        <p className="text-xs text-muted-foreground" data-testid="register-totals-note">
          {t("payouts.totals.feeNote", { count: totals.fee_count })}
        </p>
      ) : null}
    </section>
  );
}

"use client";

import Link from "next/link";
import { Money } from "@/components/ui/money";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useI18n } from "@/lib/browser/i18n";
import type { CountAmount, PayoutFigures, PayoutReason, ResolvedWindow } from "@/lib/shared/schemas/insights";
import { ChartFrame } from "./chart-frame";
import { registerHref, shareOf, windowRange } from "./insight-model";
import { OUTCOME_COLORS } from "./outcomes";

/** Why payouts failed or were not sent, most payouts first: a bar per reason and the ranked table of them. */
export function FailureReasons({ reasons, window }: { reasons: readonly PayoutReason[]; window: ResolvedWindow }) {
  const { t, formatNumber } = useI18n();
  if (reasons.length === 0) {
    return <p className="text-sm text-muted-foreground">{t("insights.reasons.empty")}</p>;
  }
  const reasonText = (reason: PayoutReason) => reason.reason ?? t("insights.reasons.noReason");
  const rowLabel = (reason: PayoutReason) => `${t(`insights.outcome.${reason.outcome}`)}: ${reasonText(reason)}`;
  const first = reasons[0];
  // The window's days in the register, or its exact period when it is not whole days (the last hour).
  const range = windowRange(window);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartFrame
        label={t("insights.reasons.chartLabel", {
          count: formatNumber(reasons.length),
          first: first ? rowLabel(first) : "",
          firstCount: formatNumber(first?.count ?? 0),
        })}
        height={Math.max(120, reasons.length * 36)}
        layout="rows"
        rows={reasons.map((reason) => ({ label: reasonText(reason), values: { [reason.outcome]: reason.count } }))}
        series={(["failed", "not_sent"] as const)
          .filter((o) => reasons.some((r) => r.outcome === o))
          .map((o) => ({ key: o, label: t(`insights.outcome.${o}`), color: OUTCOME_COLORS[o] }))}
        stacked
        formatValue={(v) => formatNumber(v)}
      />
      <Table aria-label={t("insights.reasons.title")}>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">{t("insights.reasons.col.rank")}</TableHead>
            <TableHead scope="col">{t("insights.reasons.col.reason")}</TableHead>
            <TableHead scope="col">{t("insights.reasons.col.outcome")}</TableHead>
            <TableHead scope="col" className="text-right">
              {t("insights.payouts.col.count")}
            </TableHead>
            <TableHead scope="col" className="text-right">
              {t("insights.payouts.col.amount")}
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {reasons.map((reason, index) => (
            <TableRow key={`${reason.outcome}:${reason.reason ?? ""}`}>
              <TableCell className="tabular-nums">{formatNumber(index + 1)}</TableCell>
              <TableHead scope="row" className="font-normal break-all">
                {reasonText(reason)}
              </TableHead>
              <TableCell>
                <Link href={registerHref(reason.outcome, range)} className="underline-offset-4 hover:underline">
                  {t(`insights.outcome.${reason.outcome}`)}
                </Link>
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatNumber(reason.count)}</TableCell>
              <TableCell className="text-right">
                <Money centavos={reason.amount_centavos} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** How much of the window went out in batches: count and amount, and their share of all payouts. */
export function BatchShare({ batch, totals }: { batch: CountAmount; totals: PayoutFigures }) {
  const { t, formatNumber, formatMoney } = useI18n();
  const share = shareOf(batch.count, totals.count);
  const amountShare = shareOf(batch.amount_centavos, totals.amount_centavos);
  const percent = (r: number | null) =>
    r === null ? t("common.none") : formatNumber(r, { style: "percent", maximumFractionDigits: 1 });
  return (
    <dl className="grid gap-3 sm:grid-cols-2" data-testid="batch-share">
      <div>
        <dt className="text-xs text-muted-foreground">{t("insights.batch.count")}</dt>
        <dd className="text-lg font-semibold tabular-nums">
          {t("insights.batch.countValue", {
            count: formatNumber(batch.count),
            total: formatNumber(totals.count),
            percent: percent(share),
          })}
        </dd>
      </div>
      <div>
        <dt className="text-xs text-muted-foreground">{t("insights.batch.amount")}</dt>
        <dd className="text-lg font-semibold tabular-nums">
          {t("insights.batch.amountValue", {
            amount: formatMoney(batch.amount_centavos),
            total: formatMoney(totals.amount_centavos),
            percent: percent(amountShare),
          })}
        </dd>
      </div>
    </dl>
  );
}

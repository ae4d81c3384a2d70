"use client";

import Link from "next/link";
import { useMemo } from "react";
import { cn } from "@/components/ui/cn";
import { Money } from "@/components/ui/money";
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useI18n } from "@/lib/browser/i18n";
import {
  PAYOUT_OUTCOMES,
  type CountAmount,
  type PayoutOutcome,
  type PayoutPoint,
  type ResolvedWindow,
} from "@/lib/shared/schemas/insights";
import { pointRanges, registerHref, sumPoints, windowRange, type RegisterRange } from "./insight-model";
import { pointLabel } from "./outcomes";
import { timeZoneShortName } from "@/lib/shared/format/date";

/** A point's (or the totals') count, amount, fee and net cells. */
function FigureCells({
  figures,
  className,
}: {
  figures: Pick<PayoutPoint, "count" | "amount_centavos" | "fee_centavos" | "net_centavos">;
  className?: string;
}) {
  const { formatNumber } = useI18n();
  return (
    <>
      <TableCell className={cn("text-right tabular-nums", className)}>{formatNumber(figures.count)}</TableCell>
      {[figures.amount_centavos, figures.fee_centavos, figures.net_centavos].map((centavos, i) => (
        <TableCell key={i} className={cn("text-right", className)}>
          <Money centavos={centavos} />
        </TableCell>
      ))}
    </>
  );
}

/** One outcome's count (a link to exactly those rows in the register when it has any) and amount. */
function OutcomeCell({
  figure,
  outcome,
  range,
  label,
}: {
  figure: CountAmount;
  outcome: PayoutOutcome;
  range: RegisterRange | null;
  label: string;
}) {
  const { formatNumber, t } = useI18n();
  const count = formatNumber(figure.count);
  return (
    <TableCell className="text-right">
      <div className="grid justify-items-end">
        {range && figure.count > 0 ? (
          <Link
            href={registerHref(outcome, range)}
            className="font-medium tabular-nums underline-offset-4 hover:underline"
            aria-label={t("insights.payouts.openOutcome", {
              outcome: t(`insights.outcome.${outcome}`),
              period: label,
              count,
            })}
            data-outcome={outcome}
          >
            {count}
          </Link>
        ) : (
          <span className="tabular-nums">{count}</span>
        )}
        <Money centavos={figure.amount_centavos} className="text-xs text-muted-foreground" />
      </div>
    </TableCell>
  );
}

/**
 * The table sits under the chart, below the first screen on a laptop, and is most of the page's elements: the
 * browser lays it out and paints it when it comes near the viewport, not in the page's first frame. `auto` keeps
 * its height once drawn, so the scrollbar moves once, not each time it leaves and comes back.
 */
const OFFSCREEN_UNTIL_SEEN = "[content-visibility:auto] [contain-intrinsic-block-size:auto_40rem]";

/**
 * Every point of the payouts series as a row (empty ones included): count, amount, fee, net and each outcome's
 * count and amount, with a totals row that is the sum of the rows shown, to the centavo. The accessible view of
 * the chart; each outcome links to the register filtered to exactly those payouts: the point's days, or its period
 * of instants when it is shorter than a day.
 */
export function PayoutSeriesTable({ points, window }: { points: readonly PayoutPoint[]; window: ResolvedWindow }) {
  const { t, intlLocale } = useI18n();
  const totals = sumPoints(points);
  const ranges = useMemo(() => pointRanges(points, window), [points, window]);
  // A figure with payouts has no link only in a five-minute bucket the clocks repeat (two periods): say why.
  const unlinked = points.some((point) => point.count > 0 && !ranges.has(point.start));
  return (
    <>
      <Table
        aria-label={t("insights.payouts.tableLabel")}
        data-testid="payout-series-table"
        containerClassName={OFFSCREEN_UNTIL_SEEN}
      >
        <TableHeader>
          <TableRow>
            <TableHead scope="col">
              {t("insights.payouts.col.period", { zone: timeZoneShortName(window.zone, intlLocale) })}
            </TableHead>
            {(
              [
                "insights.payouts.col.count",
                "insights.payouts.col.amount",
                "insights.payouts.col.fee",
                "insights.payouts.col.net",
              ] as const
            ).map((key) => (
              <TableHead key={key} scope="col" className="text-right">
                {t(key)}
              </TableHead>
            ))}
            {PAYOUT_OUTCOMES.map((outcome) => (
              <TableHead key={outcome} scope="col" className="text-right">
                {t(`insights.outcome.${outcome}`)}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {points.map((point) => {
            const label = pointLabel(point.start, window.bucket, { intlLocale, t }, window.zone);
            const range = ranges.get(point.start) ?? null;
            return (
              <TableRow key={point.start} data-point={point.start}>
                <TableHead scope="row" className="font-normal whitespace-nowrap">
                  {label}
                </TableHead>
                <FigureCells figures={point} />
                {PAYOUT_OUTCOMES.map((outcome) => (
                  <OutcomeCell
                    key={outcome}
                    figure={point.outcomes[outcome]}
                    outcome={outcome}
                    range={range}
                    label={label}
                  />
                ))}
              </TableRow>
            );
          })}
        </TableBody>
        <TableFooter>
          <TableRow data-testid="payout-series-totals">
            <TableHead scope="row">{t("insights.total")}</TableHead>
            <FigureCells figures={totals} className="font-semibold" />
            {PAYOUT_OUTCOMES.map((outcome) => (
              <OutcomeCell
                key={outcome}
                figure={totals.outcomes[outcome]}
                outcome={outcome}
                range={windowRange(window)}
                label={t("insights.payouts.wholeWindow")}
              />
            ))}
          </TableRow>
        </TableFooter>
      </Table>
      {unlinked ? (
        <p className="text-xs text-muted-foreground" data-testid="payout-series-unlinked">
          {t("insights.payouts.noRegisterLink")}
        </p>
      ) : null}
    </>
  );
}

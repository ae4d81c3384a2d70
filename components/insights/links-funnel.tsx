"use client";

import Link from "next/link";
import { useCan } from "@/components/providers/session-provider";
import { Money } from "@/components/ui/money";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useI18n } from "@/lib/browser/i18n";
import type { LinkFunnel, LinkRank } from "@/lib/shared/schemas/insights";
import { ChartFrame } from "./chart-frame";
import { FunnelSteps, usePercent } from "./funnel-steps";
import { funnelSteps } from "./insight-model";
import { SINGLE_COLOR } from "./outcomes";

/** The funnel of every link together: the steps as a chart and as the list above. */
export function LinksFunnel({ funnel }: { funnel: LinkFunnel }) {
  const { t, formatNumber } = useI18n();
  const percent = usePercent();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <FunnelSteps funnel={funnel} />
      <ChartFrame
        label={t("insights.links.funnel.chartLabel", {
          visits: formatNumber(funnel.visits),
          checkouts: formatNumber(funnel.checkouts_started),
          sales: formatNumber(funnel.sales),
          conversion: percent(funnel.conversion),
        })}
        height={180}
        layout="rows"
        rows={funnelSteps(funnel).map((s) => ({
          label: t(`insights.links.step.${s.step}`),
          values: { count: s.count },
        }))}
        series={[{ key: "count", label: t("insights.links.col.count"), color: SINGLE_COLOR }]}
        formatValue={(v) => formatNumber(v)}
      />
    </div>
  );
}

/** Where a link's detail opens: the links list with its side panel. */
export function linkDetailHref(id: string): string {
  return `/payment-links?id=${encodeURIComponent(id)}`;
}

/**
 * The best or worst links: their funnel and revenue, each row a link to the link's detail when the role may open the
 * links list (`payment_links.list`); finance reads the insights but not that list, so the name is plain text there.
 */
export function LinkRankTable({ links, label }: { links: readonly LinkRank[]; label: string }) {
  const { t, formatNumber } = useI18n();
  const mayOpen = useCan("payment_links.list");
  const percent = usePercent();
  if (links.length === 0) return <p className="text-sm text-muted-foreground">{t("insights.links.emptyRank")}</p>;
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{t("insights.links.col.name")}</TableHead>
          <TableHead scope="col" className="text-right">
            {t("insights.links.step.visits")}
          </TableHead>
          <TableHead scope="col" className="text-right">
            {t("insights.links.step.sales")}
          </TableHead>
          <TableHead scope="col" className="text-right">
            {t("insights.links.col.conversion")}
          </TableHead>
          <TableHead scope="col" className="text-right">
            {t("insights.links.col.revenue")}
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {links.map((link) => (
          <TableRow key={link.id}>
            <TableHead scope="row" className="max-w-48 truncate font-normal">
              {mayOpen ? (
                <Link href={linkDetailHref(link.id)} className="underline-offset-4 hover:underline">
                  {link.name ?? link.id}
                </Link>
              ) : (
                (link.name ?? link.id)
              )}
            </TableHead>
            <TableCell className="text-right tabular-nums">{formatNumber(link.visits)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatNumber(link.sales)}</TableCell>
            <TableCell className="text-right tabular-nums">{percent(link.conversion)}</TableCell>
            <TableCell className="text-right">
              <Money centavos={link.revenue_centavos} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

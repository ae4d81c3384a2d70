import type { ExportColumn, ExportSheet } from "@/lib/shared/export";
import type { Translate } from "@/lib/shared/i18n/translator";
import {
  PAYOUT_OUTCOMES,
  type DisputeGroup,
  type LinkRank,
  type PayoutFigures,
  type PayoutPoint,
  type PayoutReason,
  type ResolvedWindow,
} from "@/lib/shared/schemas/insights";
import { sumPoints, type FunnelStep } from "./insight-model";
import { pointLabel } from "./outcomes";

/*
 * The insights tables as exports (lib/shared/export: CSV or .xlsx in the reader's language): the same rows and
 * figures the table shows, money as centavos → reais by the writers, the totals row last where the table has one.
 */

/**
 * A row of the payouts series export: the period as the table labels it (or "Total"), its first instant (a date a
 * spreadsheet can sort and filter; none on the totals row) and its figures.
 */
export interface SeriesExportRow {
  period: string;
  start: string | null;
  figures: PayoutFigures;
}

/** The table's rows as the export's: every point labelled as the table labels it, then the totals row ("Total"). */
export function payoutSeriesRows(
  points: readonly PayoutPoint[],
  window: ResolvedWindow,
  i18n: { intlLocale: string; t: Translate },
): SeriesExportRow[] {
  return [
    ...points.map((point) => ({
      period: pointLabel(point.start, window.bucket, i18n, window.zone),
      start: point.start,
      figures: point,
    })),
    { period: i18n.t("insights.total"), start: null, figures: sumPoints(points) },
  ];
}

/** `periodHeader`: the period column's title as the table says it (with the zone). */
export function payoutSeriesSheet(periodHeader: string): ExportSheet<SeriesExportRow> {
  const outcomeColumns = PAYOUT_OUTCOMES.flatMap((outcome): ExportColumn<SeriesExportRow>[] => [
    {
      kind: "count",
      header: `insights.export.outcomeCount.${outcome}`,
      value: (row) => row.figures.outcomes[outcome].count,
    },
    {
      kind: "money",
      header: `insights.export.outcomeAmount.${outcome}`,
      value: (row) => row.figures.outcomes[outcome].amount_centavos,
    },
  ]);
  return {
    file: "insightsPayouts",
    title: "insights.payouts.title",
    columns: [
      { kind: "text", header: { text: periodHeader }, value: (row) => row.period },
      { kind: "dateTime", header: "insights.payouts.export.start", value: (row) => row.start },
      { kind: "count", header: "insights.payouts.col.count", value: (row) => row.figures.count },
      { kind: "money", header: "insights.payouts.col.amount", value: (row) => row.figures.amount_centavos },
      { kind: "money", header: "insights.payouts.col.fee", value: (row) => row.figures.fee_centavos },
      { kind: "money", header: "insights.payouts.col.net", value: (row) => row.figures.net_centavos },
      ...outcomeColumns,
    ],
  };
}

export function payoutReasonsSheet(): ExportSheet<PayoutReason> {
  return {
    file: "insightsPayoutReasons",
    title: "insights.reasons.title",
    columns: [
      {
        kind: "enum",
        header: "insights.reasons.col.outcome",
        labels: "insights.outcome.",
        value: (row) => row.outcome,
      },
      { kind: "text", header: "insights.reasons.col.reason", value: (row) => row.reason },
      { kind: "count", header: "insights.payouts.col.count", value: (row) => row.count },
      { kind: "money", header: "insights.payouts.col.amount", value: (row) => row.amount_centavos },
    ],
  };
}

export function disputesDueSheet(): ExportSheet<DisputeGroup> {
  return {
    file: "insightsDisputesDue",
    title: "insights.disputes.due.title",
    columns: [
      { kind: "enum", header: "insights.disputes.col.due", labels: "insights.due.", value: (row) => row.key },
      { kind: "count", header: "insights.disputes.col.count", value: (row) => row.count },
      { kind: "money", header: "insights.disputes.col.amount", value: (row) => row.amount_centavos },
    ],
  };
}

/** Open cases by kind or by status: the API's name in the reader's language where the dictionary has it. */
export function disputeGroupsSheet(by: "kind" | "status"): ExportSheet<DisputeGroup> {
  return {
    file: by === "kind" ? "insightsDisputesKind" : "insightsDisputesStatus",
    title: by === "kind" ? "insights.disputes.kind.title" : "insights.disputes.status.title",
    columns: [
      {
        kind: "enum",
        header: by === "kind" ? "insights.disputes.col.kind" : "insights.disputes.col.status",
        labels: by === "kind" ? "chargebacks.kind." : "status.",
        value: (row) => row.key,
      },
      { kind: "count", header: "insights.disputes.col.count", value: (row) => row.count },
      { kind: "money", header: "insights.disputes.col.amount", value: (row) => row.amount_centavos },
    ],
  };
}

/** `percent` writes a rate as the page shows it ("12,5%"), in the reader's language. */
export function linkRankSheet(
  file: "insightsLinksTop" | "insightsLinksWorst",
  title: "insights.links.top.title" | "insights.links.worst.title",
  percent: (rate: number | null) => string,
): ExportSheet<LinkRank> {
  return {
    file,
    title,
    columns: [
      { kind: "text", header: "insights.links.col.id", value: (row) => row.id },
      { kind: "text", header: "insights.links.col.name", value: (row) => row.name },
      { kind: "count", header: "insights.links.step.visits", value: (row) => row.visits },
      { kind: "count", header: "insights.links.step.checkouts", value: (row) => row.checkouts_started },
      { kind: "count", header: "insights.links.step.sales", value: (row) => row.sales },
      { kind: "text", header: "insights.links.col.conversion", value: (row) => percent(row.conversion) },
      { kind: "money", header: "insights.links.col.revenue", value: (row) => row.revenue_centavos },
    ],
  };
}

export function funnelSheet(percent: (rate: number | null) => string): ExportSheet<FunnelStep> {
  return {
    file: "insightsLinksFunnel",
    title: "insights.links.funnel.title",
    columns: [
      { kind: "enum", header: "insights.links.col.step", labels: "insights.links.step.", value: (row) => row.step },
      { kind: "count", header: "insights.links.col.count", value: (row) => row.count },
      { kind: "text", header: "insights.links.col.rate", value: (row) => percent(row.rate) },
    ],
  };
}

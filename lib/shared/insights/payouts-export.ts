import { z } from "zod/mini";
import { EXPORT_FORMATS, type ExportColumn, type ExportSheet } from "@/lib/shared/export/sheet";
import { insightWindowQuerySchema, PAYOUT_OUTCOMES, type PayoutPoint } from "@/lib/shared/schemas/insights";

/**
 * GET /api/insights/payouts: the window's query, and `format` to have the series as a file (CSV or .xlsx, in the
 * reader's language) instead of the JSON figures.
 */
export const payoutInsightsQuerySchema = z.extend(insightWindowQuerySchema, {
  format: z.optional(z.enum(EXPORT_FORMATS)),
});
export type PayoutInsightsQuery = z.output<typeof payoutInsightsQuerySchema>;

const outcomeColumns = PAYOUT_OUTCOMES.flatMap((outcome): ExportColumn<PayoutPoint>[] => [
  { kind: "count", header: `insights.export.outcomeCount.${outcome}`, value: (p) => p.outcomes[outcome].count },
  {
    kind: "money",
    header: `insights.export.outcomeAmount.${outcome}`,
    value: (p) => p.outcomes[outcome].amount_centavos,
  },
]);

/**
 * The payout series as a file from the server: one line per bucket, oldest first, empty ones included; its start as
 * the wall-clock time in the window's zone (the header names it). The columns and their titles are the insights
 * page's own export (components/insights/insight-exports.ts), which labels the period as the table does and adds a
 * totals row; fees and net as the register's totals count them.
 */
export const PAYOUT_INSIGHTS_SHEET: ExportSheet<PayoutPoint> = {
  file: "insightsPayouts",
  title: "insights.payouts.title",
  columns: [
    { kind: "dateTime", header: "insights.payouts.export.start", value: (p) => p.start },
    { kind: "count", header: "insights.payouts.col.count", value: (p) => p.count },
    { kind: "money", header: "insights.payouts.col.amount", value: (p) => p.amount_centavos },
    { kind: "money", header: "insights.payouts.col.fee", value: (p) => p.fee_centavos },
    { kind: "money", header: "insights.payouts.col.net", value: (p) => p.net_centavos },
    ...outcomeColumns,
  ],
};

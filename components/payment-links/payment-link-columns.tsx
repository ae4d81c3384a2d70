"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { useMemo, type ReactNode } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { columnMeta, type ColumnPriority, type DataTableColumn } from "@/components/ui/data-table";
import { DateTime } from "@/components/ui/date-time";
import { Money } from "@/components/ui/money";
import { useI18n } from "@/lib/browser/i18n";
import { isoToMs } from "@/lib/shared/format/date";
import { LinkAmount } from "./link-amount";
import { conversionRate, linkStateRank, publicLinkUrl, sortableAmount, type FilterableLink } from "./link-model";
import { LinkApiStatus, LinkStateBadge } from "./link-state-badge";

const col = createColumnHelper<FilterableLink>();

/** A right-aligned number column where a link may have none: those sort last and show `none`. */
function optionalNumberColumn(
  id: string,
  value: (row: FilterableLink) => number | null | undefined,
  options: {
    header: () => string;
    size: number;
    format: (value: number) => string;
    none: ReactNode;
    priority?: ColumnPriority;
  },
) {
  return col.accessor((row) => value(row) ?? undefined, {
    id,
    header: options.header,
    size: options.size,
    sortUndefined: "last",
    meta: columnMeta({ align: "right", priority: options.priority }),
    cell: (info) => {
      const number = info.getValue();
      return number === undefined ? options.none : options.format(number);
    },
  });
}

export interface PaymentLinkColumnsOptions {
  /** Origin of the public link URLs the copy buttons copy. */
  baseUrl: string;
}

/** The /payment-links list's columns; the ids are the sort keys kept in the URL. */
export function usePaymentLinkColumns({ baseUrl }: PaymentLinkColumnsOptions): DataTableColumn<FilterableLink>[] {
  const { t, formatNumber, timeZoneName } = useI18n();
  const zone = timeZoneName();
  return useMemo(
    () => [
      col.accessor((row) => row.link.name, {
        id: "name",
        header: () => t("paymentLinks.col.link"),
        size: 235,
        meta: columnMeta({ card: "title", priority: "essential" }),
        cell: (info) => {
          const { link } = info.row.original;
          return (
            <span className="flex min-w-0 items-center gap-1">
              <span className="grid min-w-0 flex-1">
                <span className="font-medium break-words">{link.name}</span>
                <span className="truncate font-mono text-xs text-muted-foreground" title={link.slug}>
                  {link.slug}
                </span>
              </span>
              <CopyButton
                value={publicLinkUrl(baseUrl, link.slug)}
                label={t("paymentLinks.publicUrlOf", { name: link.name })}
                className="shrink-0"
              />
            </span>
          );
        },
      }),
      col.accessor((row) => sortableAmount(row.link), {
        id: "amount",
        header: () => t("paymentLinks.col.amount"),
        size: 205,
        sortUndefined: "last",
        meta: columnMeta({ align: "right", card: "amount" }),
        cell: (info) => <LinkAmount link={info.row.original.link} />,
      }),
      col.accessor((row) => linkStateRank(row.state), {
        id: "state",
        header: () => t("paymentLinks.col.state"),
        size: 120,
        meta: columnMeta({ card: "status" }),
        // One state a person reads; the API's own status under it, as a detail (not a second badge).
        cell: (info) => (
          <div className="flex flex-col items-start gap-0.5">
            <LinkStateBadge state={info.row.original.state} />
            <LinkApiStatus status={info.row.original.link.status} className="text-xs text-muted-foreground" />
          </div>
        ),
      }),
      col.accessor((row) => row.link.visits, {
        id: "visits",
        header: () => t("paymentLinks.col.visits"),
        size: 100,
        meta: columnMeta({ align: "right" }),
        cell: (info) => formatNumber(info.getValue()),
      }),
      col.accessor((row) => row.link.checkouts_started, {
        id: "checkouts",
        header: () => t("paymentLinks.col.checkoutsShort"),
        size: 115,
        meta: columnMeta({ align: "right", priority: "low" }),
        cell: (info) => formatNumber(info.getValue()),
      }),
      col.accessor((row) => row.link.sales_count, {
        id: "sales",
        header: () => t("paymentLinks.col.sales"),
        size: 90,
        meta: columnMeta({ align: "right" }),
        cell: (info) => formatNumber(info.getValue()),
      }),
      optionalNumberColumn("conversion", (row) => conversionRate(row.link.sales_count, row.link.visits), {
        header: () => t("paymentLinks.col.conversion"),
        size: 110,
        format: (value) => formatNumber(value, { style: "percent", maximumFractionDigits: 1 }),
        none: (
          <span className="text-muted-foreground" title={t("paymentLinks.noVisits")}>
            {t("common.none")}
            <span className="sr-only"> {t("paymentLinks.noVisits")}</span>
          </span>
        ),
      }),
      col.accessor((row) => row.link.revenue_centavos, {
        id: "revenue",
        header: () => t("paymentLinks.col.revenue"),
        size: 140,
        meta: columnMeta({ align: "right" }),
        cell: (info) => <Money centavos={info.getValue()} />,
      }),
      col.accessor((row) => isoToMs(row.link.starts_at) ?? undefined, {
        id: "starts_at",
        header: () => t("paymentLinks.col.startsAt", { zone }),
        size: 150,
        sortUndefined: "last",
        meta: columnMeta({ priority: "low" }),
        cell: (info) => <DateTime value={info.row.original.link.starts_at} />,
      }),
      col.accessor((row) => isoToMs(row.link.expires_at) ?? undefined, {
        id: "expires_at",
        header: () => t("paymentLinks.col.expiresAt", { zone }),
        size: 150,
        sortUndefined: "last",
        meta: columnMeta({ priority: "low" }),
        cell: (info) =>
          info.row.original.link.expires_at ? (
            <DateTime value={info.row.original.link.expires_at} />
          ) : (
            <span className="text-muted-foreground">{t("paymentLinks.neverExpires")}</span>
          ),
      }),
      optionalNumberColumn("max_sales", (row) => row.link.max_sales, {
        header: () => t("paymentLinks.col.maxSales"),
        size: 110,
        priority: "low",
        format: (value) => formatNumber(value),
        none: <span className="text-muted-foreground">{t("paymentLinks.noLimit")}</span>,
      }),
    ],
    [baseUrl, formatNumber, t, zone],
  );
}

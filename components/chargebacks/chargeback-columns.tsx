"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { Fragment, useMemo } from "react";
import { columnMeta, type DataTableColumn } from "@/components/ui/data-table";
import { DateTime } from "@/components/ui/date-time";
import { Money } from "@/components/ui/money";
import { StatusBadge } from "@/components/ui/status-badge";
import { useI18n } from "@/lib/browser/i18n";
import type { Chargeback } from "@/lib/shared/schemas/chargeback";
import { rawText } from "./chargeback-model";
import { DeadlineCell } from "./deadline";
import { KindBadge } from "./kind-badge";

const h = createColumnHelper<Chargeback>();

function Muted({ children }: { children: string }) {
  return <span className="text-muted-foreground">{children}</span>;
}

/** What ties a dispute to money the business moved: the payout (MED) or the card (chargeback). */
function Reference({ cb }: { cb: Chargeback }) {
  const { t } = useI18n();
  if (cb.payout_id) return <span className="font-mono text-[0.8125rem]">{cb.payout_id}</span>;
  if (cb.card_last4 || cb.card_brand) {
    return (
      <span>
        <span className="capitalize">{cb.card_brand ?? ""}</span>
        {cb.card_last4 ? <span className="font-mono text-[0.8125rem]"> •••• {cb.card_last4}</span> : null}
      </span>
    );
  }
  if (cb.end_to_end_id) return <span className="font-mono text-[0.8125rem]">{cb.end_to_end_id}</span>;
  return <Muted>{t("common.none")}</Muted>;
}

export interface ChargebackColumnsOptions {
  now: number;
  /** Field names the dashboard does not know, shown as extra columns, raw. */
  extraFields: readonly string[];
}

/** The list's columns. Sorting is done by the page (see sortChargebacks); the ids here are the sort keys. */
export function useChargebackColumns({ now, extraFields }: ChargebackColumnsOptions): DataTableColumn<Chargeback>[] {
  const { t, locale } = useI18n();
  // 12-hour English times ("11/22 01:47 PM (GMT-3)") are longer than 24-hour Portuguese ones.
  const deadlineWidth = locale === "en" ? 372 : 330;
  return useMemo(() => {
    const columns: DataTableColumn<Chargeback>[] = [
      h.accessor("kind", {
        header: () => t("chargebacks.column.kind"),
        size: 124,
        meta: columnMeta({ card: "title", priority: "essential" }),
        cell: ({ row }) => <KindBadge kind={row.original.kind} />,
      }) as DataTableColumn<Chargeback>,
      h.accessor("id", {
        header: () => t("chargebacks.column.id"),
        size: 200,
        // As wide as the longest id shown, on one line: an id read out to support is never cut nor broken in two.
        meta: columnMeta({
          cellClassName: "font-mono text-[0.8125rem] whitespace-nowrap",
          card: "subtitle",
          whole: true,
        }),
      }) as DataTableColumn<Chargeback>,
      h.accessor("status", {
        header: () => t("chargebacks.column.status"),
        size: 190,
        meta: columnMeta({ card: "status" }),
        cell: ({ row }) => <StatusBadge status={row.original.status} />,
      }) as DataTableColumn<Chargeback>,
      h.accessor("amount_centavos", {
        header: () => t("chargebacks.column.amount"),
        size: 128,
        meta: columnMeta({ align: "right", card: "amount", priority: "essential" }),
        cell: ({ row }) => <Money centavos={row.original.amount_centavos} />,
      }) as DataTableColumn<Chargeback>,
      h.accessor("respond_by", {
        header: () => t("chargebacks.column.respondBy"),
        size: deadlineWidth,
        cell: ({ row }) => <DeadlineCell chargeback={row.original} now={now} />,
      }) as DataTableColumn<Chargeback>,
      h.accessor("customer_name", {
        header: () => t("chargebacks.column.customer"),
        size: 180,
        cell: ({ getValue }) => getValue() || <Muted>{t("common.none")}</Muted>,
      }) as DataTableColumn<Chargeback>,
      h.accessor("reason", {
        header: () => t("chargebacks.column.reason"),
        size: 260,
        meta: columnMeta({ priority: "low" }),
        cell: ({ row }) => (
          <span title={[row.original.reason, row.original.reason_code].filter(Boolean).join(" · ")}>
            {row.original.reason ?? ""}
            {row.original.reason_code ? (
              <span className="ml-1.5 font-mono text-xs text-muted-foreground">{row.original.reason_code}</span>
            ) : null}
            {!row.original.reason && !row.original.reason_code ? <Muted>{t("common.none")}</Muted> : null}
          </span>
        ),
      }) as DataTableColumn<Chargeback>,
      h.display({
        id: "_reference",
        header: () => t("chargebacks.column.reference"),
        size: 210,
        meta: columnMeta({ priority: "low" }),
        cell: ({ row }) => <Reference cb={row.original} />,
      }) as DataTableColumn<Chargeback>,
      h.accessor("created_at", {
        header: () => t("chargebacks.column.createdAt"),
        size: 150,
        meta: columnMeta({ priority: "low" }),
        cell: ({ row }) => <DateTime value={row.original.created_at} />,
      }) as DataTableColumn<Chargeback>,
    ];
    // Fields the API sends that the dashboard does not know, named as the API names them: breakable after each "_",
    // so a long name wraps in its header instead of being cut.
    for (const key of extraFields) {
      columns.push(
        h.accessor((row) => rawText(row[key]), {
          id: key,
          header: () => (
            <code className="font-mono">
              {key.split("_").map((part, i, parts) => (
                <Fragment key={i}>
                  {part}
                  {i < parts.length - 1 ? (
                    <>
                      _<wbr />
                    </>
                  ) : null}
                </Fragment>
              ))}
            </code>
          ),
          size: 180,
          meta: columnMeta({ cellClassName: "font-mono text-[0.8125rem]" }),
          cell: ({ getValue }) => getValue() || <Muted>{t("common.none")}</Muted>,
        }) as DataTableColumn<Chargeback>,
      );
    }
    return columns;
  }, [deadlineWidth, extraFields, now, t]);
}

"use client";

import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { useMemo } from "react";
import { columnMeta, type DataTableColumn } from "@/components/ui/data-table";
import { Money } from "@/components/ui/money";
import { StatusBadge } from "@/components/ui/status-badge";
import { usePixKeyTypeLabel } from "@/components/payouts/payout-status";
import { useI18n } from "@/lib/browser/i18n";
import type { BatchRow } from "@/lib/shared/schemas/payout-batches";

const column = createColumnHelper<BatchRow>();

/** Columns of a batch's per-row results: row, recipient, key, amount, fee (once the API reported it), outcome, the payout (a link to its page), end-to-end id, reason. */
export function useBatchRowColumns(): DataTableColumn<BatchRow>[] {
  const { t } = useI18n();
  const keyTypeLabel = usePixKeyTypeLabel();
  return useMemo(
    () =>
      [
        column.accessor("row_number", {
          header: () => t("batches.rows.row"),
          size: 80,
          meta: columnMeta({ align: "right" }),
        }),
        column.accessor((row) => row.name ?? "", {
          id: "name",
          header: () => t("batch.field.name"),
          size: 180,
          meta: columnMeta({ card: "title" }),
        }),
        column.accessor("pix_key", {
          header: () => t("batch.field.key"),
          size: 220,
          cell: (info) => (
            <span className="font-mono text-xs">
              {info.getValue()}{" "}
              <span className="font-sans text-muted-foreground">· {keyTypeLabel(info.row.original.key_type)}</span>
            </span>
          ),
        }),
        column.accessor("amount_centavos", {
          header: () => t("batch.field.amount"),
          size: 130,
          meta: columnMeta({ align: "right", card: "amount", priority: "essential" }),
          cell: (info) => <Money centavos={info.getValue()} />,
        }),
        column.accessor("fee_centavos", {
          header: () => t("batches.rows.fee"),
          size: 110,
          meta: columnMeta({ align: "right" }),
          cell: (info) => <Money centavos={info.getValue()} />,
        }),
        column.accessor("status", {
          header: () => t("batches.rows.status"),
          size: 170,
          meta: columnMeta({ card: "status", priority: "essential" }),
          cell: (info) => <StatusBadge status={info.getValue()} />,
        }),
        column.accessor("payout_id", {
          header: () => t("batches.rows.payout"),
          size: 200,
          cell: (info) => {
            const id = info.getValue();
            return id ? (
              <Link
                href={`/payouts/${encodeURIComponent(id)}`}
                className="font-mono text-xs text-primary underline-offset-4 hover:underline"
              >
                {id}
              </Link>
            ) : (
              <span className="text-muted-foreground">{t("common.none")}</span>
            );
          },
        }),
        column.accessor("end_to_end_id", {
          header: () => t("batches.rows.endToEnd"),
          size: 260,
          meta: columnMeta({ priority: "low" }),
          cell: (info) => <span className="font-mono text-xs">{info.getValue() ?? t("common.none")}</span>,
        }),
        column.accessor("failure_reason", {
          header: () => t("batches.rows.reason"),
          size: 220,
          cell: (info) => info.getValue() ?? t("common.none"),
        }),
      ] as DataTableColumn<BatchRow>[],
    [t, keyTypeLabel],
  );
}

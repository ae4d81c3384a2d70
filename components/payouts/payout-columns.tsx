"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { columnMeta, type DataTableColumn } from "@/components/ui/data-table";
import { DateTime } from "@/components/ui/date-time";
import { Money } from "@/components/ui/money";
import { useI18n } from "@/lib/browser/i18n";
import { isBeingResolved, isOutcomeUnknown } from "@/lib/browser/query/payouts";
import { truncateMiddle } from "@/lib/shared/format/text";
import type { RegisterPayout } from "@/lib/shared/schemas/register";
import { shownFeeAndNet } from "@/lib/shared/payouts/fee-and-net";
import { RegisterStatusBadge, useErrorText, usePixKeyTypeLabel } from "./payout-status";

const column = createColumnHelper<RegisterPayout>();

/** Sort rank so "status" sorts by how final a row is, unknown outcomes first. */
function statusRank(row: RegisterPayout): string {
  if (isOutcomeUnknown(row)) return `0-${row.state}`;
  if (row.state === "rejected") return "3-rejected";
  return `${row.status === "pending" ? 1 : 2}-${row.status ?? ""}`;
}

/** The payout register's columns; the ids are the sort keys kept in the URL (sorting runs on the loaded rows). */
export function usePayoutColumns(): DataTableColumn<RegisterPayout>[] {
  const { t } = useI18n();
  const errorText = useErrorText();
  const keyTypeLabel = usePixKeyTypeLabel();
  return useMemo(
    () => [
      column.accessor("amount_centavos", {
        header: () => t("payouts.col.amount"),
        cell: (info) => <Money centavos={info.getValue()} className="font-medium" />,
        meta: columnMeta({ align: "right", card: "amount", priority: "essential" }),
        size: 115,
      }),
      column.accessor(statusRank, {
        id: "status",
        header: () => t("payouts.col.status"),
        cell: (info) => {
          const row = info.row.original;
          return (
            <span className="flex min-w-0 flex-col items-start gap-0.5">
              <RegisterStatusBadge row={row} />
              {row.state === "needs_review" ? (
                <span className="truncate text-xs text-muted-foreground">{t("payouts.state.reviewHint")}</span>
              ) : null}
              {isBeingResolved(row) ? (
                <span className="truncate text-xs text-muted-foreground">{t("payouts.state.checkAgainHint")}</span>
              ) : null}
              {row.state === "rejected" && row.last_error ? (
                <span className="max-w-full truncate text-xs text-muted-foreground" title={row.last_error.message}>
                  {errorText(row.last_error)}
                </span>
              ) : null}
              {row.status === "failed" && row.failure_reason ? (
                <span
                  className="line-clamp-2 max-w-full text-xs text-muted-foreground [overflow-wrap:anywhere]"
                  title={row.failure_reason}
                >
                  {row.failure_reason}
                </span>
              ) : null}
            </span>
          );
        },
        meta: columnMeta({ card: "status", priority: "essential" }),
        size: 160,
      }),
      column.accessor("fee_centavos", {
        header: () => t("payouts.col.fee"),
        cell: (info) => <Money centavos={shownFeeAndNet(info.row.original).fee} className="text-muted-foreground" />,
        meta: columnMeta({ align: "right" }),
        size: 90,
      }),
      column.accessor("net_centavos", {
        header: () => t("payouts.col.net"),
        cell: (info) => <Money centavos={shownFeeAndNet(info.row.original).net} />,
        meta: columnMeta({ align: "right" }),
        size: 115,
      }),
      column.accessor((row) => row.holder_name ?? "", {
        id: "holder",
        header: () => t("payouts.col.holder"),
        cell: (info) => {
          const holder = info.row.original.holder_name;
          if (!holder)
            return (
              <span className="text-muted-foreground" title={t("payouts.register.holderUnknown")}>
                {t("common.none")}
              </span>
            );
          return (
            <span className="line-clamp-2 [overflow-wrap:anywhere]" title={holder} data-testid="register-holder">
              {holder}
            </span>
          );
        },
        size: 160,
      }),
      column.accessor("pix_key_masked", {
        header: () => t("payouts.col.key"),
        cell: (info) => (
          <span className="flex min-w-0 flex-col">
            {/* A key is read whole (support compares it with the customer's): it wraps rather than being cut. */}
            <span className="font-mono text-[0.8125rem] [overflow-wrap:anywhere]" data-long-value="">
              {info.getValue()}
            </span>
            <span className="truncate text-xs text-muted-foreground">
              {keyTypeLabel(info.row.original.pix_key_type)}
            </span>
          </span>
        ),
        meta: columnMeta({ card: "title" }),
        size: 165,
      }),
      column.accessor("created_at", {
        header: () => t("payouts.col.createdAt"),
        cell: (info) => (
          <span className="flex min-w-0 flex-col">
            {/* In a narrow column the time goes under the date ("11/22/2026," / "02:05 PM") rather than being cut. */}
            <DateTime value={info.getValue()} className="whitespace-normal" />
            <span className="truncate text-xs text-muted-foreground" title={info.row.original.created_by.name}>
              {info.row.original.created_by.name}
            </span>
          </span>
        ),
        meta: columnMeta({ card: "subtitle" }),
        size: 150,
      }),
      column.accessor((row) => row.id ?? "", {
        id: "id",
        header: () => t("payouts.col.id"),
        cell: (info) => {
          const id = info.row.original.id;
          if (!id) return <span className="text-muted-foreground">{t("common.none")}</span>;
          return (
            <span className="flex min-w-0 items-center gap-0.5">
              <span className="truncate font-mono text-[0.8125rem]" title={id}>
                {truncateMiddle(id, 9, 4)}
              </span>
              <CopyButton value={id} label={t("payouts.field.id")} className="-my-1 shrink-0" />
            </span>
          );
        },
        size: 180,
      }),
    ],
    [errorText, keyTypeLabel, t],
  );
}

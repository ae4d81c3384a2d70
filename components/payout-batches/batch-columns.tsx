"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import { columnMeta, type DataTableColumn } from "@/components/ui/data-table";
import { DateTime } from "@/components/ui/date-time";
import { Money } from "@/components/ui/money";
import { StatusBadge } from "@/components/ui/status-badge";
import { useI18n } from "@/lib/browser/i18n";
import type { Batch } from "@/lib/shared/schemas/payout-batches";
import { BatchProgress, finishedRows } from "./batch-progress";

const column = createColumnHelper<Batch>();

/** Columns of the batch list: when (in the operator's zone, named in the header), file, status, progress, total, who. */
export function useBatchColumns(): DataTableColumn<Batch>[] {
  const { t, timeZoneName } = useI18n();
  const zone = timeZoneName();
  return useMemo(
    () =>
      [
        column.accessor("created_at", {
          header: () => t("batches.list.createdAt", { zone }),
          size: 170,
          meta: columnMeta({ card: "subtitle" }),
          cell: (info) => <DateTime value={info.getValue()} withZone />,
        }),
        column.accessor("file_name", {
          header: () => t("batches.list.file"),
          size: 220,
          meta: columnMeta({ card: "title", priority: "essential" }),
          cell: (info) => <span className="font-medium">{info.getValue()}</span>,
        }),
        column.accessor("status", {
          header: () => t("batches.list.status"),
          size: 170,
          meta: columnMeta({ card: "status" }),
          cell: (info) => <StatusBadge status={info.getValue()} />,
        }),
        column.accessor((batch) => (batch.row_count > 0 ? finishedRows(batch.counts) / batch.row_count : 0), {
          id: "progress",
          header: () => t("batches.list.progress"),
          size: 200,
          cell: (info) => (
            <span className="grid gap-1">
              <span className="text-xs tabular-nums">
                {t("batches.list.progressText", {
                  finished: finishedRows(info.row.original.counts),
                  total: info.row.original.row_count,
                })}
              </span>
              <BatchProgress batch={info.row.original} compact />
            </span>
          ),
        }),
        column.accessor("total_centavos", {
          header: () => t("batches.list.total"),
          size: 140,
          meta: columnMeta({ align: "right", card: "amount" }),
          cell: (info) => <Money centavos={info.getValue()} />,
        }),
        column.accessor("created_by", { header: () => t("batches.list.createdBy"), size: 180 }),
      ] as DataTableColumn<Batch>[],
    [t, zone],
  );
}

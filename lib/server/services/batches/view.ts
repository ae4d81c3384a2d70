import "server-only";
import { payoutSettings } from "@/lib/server/config";
import type { BatchProgress, BatchRecord, BatchRowOutcome } from "@/lib/server/ledger";
import { BATCH_ROW_STATUSES, type Batch, type BatchCounts, type BatchRow } from "@/lib/shared/schemas/payout-batches";

/** The rate is measured over this last stretch of sending. */
export const RATE_WINDOW_MS = 60_000;

function countsOf(progress: BatchProgress | undefined): BatchCounts {
  const counts = Object.fromEntries(
    BATCH_ROW_STATUSES.map((status) => [status, progress?.counts[status] ?? 0]),
  ) as BatchCounts;
  return counts;
}

/** Confirming this batch needs its total typed (the confirm route enforces it with a 422). */
export function typedTotalRequired(totalCentavos: number): boolean {
  return totalCentavos > payoutSettings().PAYOUT_BATCH_CONFIRM_THRESHOLD_CENTAVOS;
}

/** A batch as the browser sees it (never the sealed credential), with its counts, rate and time left. */
export function toBatchView(batch: BatchRecord, progress: BatchProgress | undefined): Batch {
  const counts = countsOf(progress);
  const recent = progress?.recentlyDispatched ?? 0;
  const ratePerMinute = batch.status === "sending" && recent > 0 ? (recent * 60_000) / RATE_WINDOW_MS : null;
  const left = counts.pending;
  return {
    id: batch.id,
    file_name: batch.fileName,
    status: batch.status,
    paused_reason: batch.status === "paused" ? batch.pausedReason : null,
    created_at: batch.createdAt.toISOString(),
    created_by: batch.createdByName,
    confirmed_at: batch.confirmedAt?.toISOString() ?? null,
    total_centavos: batch.totalCentavos,
    typed_total_required: typedTotalRequired(batch.totalCentavos),
    row_count: batch.rowCount,
    counts,
    rate_per_minute: ratePerMinute,
    eta_seconds: ratePerMinute && left > 0 ? Math.ceil((left / ratePerMinute) * 60) : null,
  };
}

export function toBatchRowView(row: BatchRowOutcome): BatchRow {
  return {
    row_number: row.rowNumber,
    pix_key: row.pixKeyMasked,
    key_type: row.pixKeyType,
    amount_centavos: row.amountCentavos,
    status: row.status,
    payout_id: row.payoutId,
    end_to_end_id: row.endToEndId,
    failure_reason: row.failureReason,
    fee_centavos: row.feeCentavos,
    ...(row.description ? { description: row.description } : {}),
    ...(row.name ? { name: row.name } : {}),
  };
}

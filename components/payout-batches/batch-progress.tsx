"use client";

import { cn } from "@/components/ui/cn";
import { useI18n } from "@/lib/browser/i18n";
import { isBatchLive } from "@/lib/browser/query/payout-batches";
import type { Batch, BatchCounts } from "@/lib/shared/schemas/payout-batches";

/** The bar's parts, in order: final outcomes first, then rows sent and waiting for theirs. */
const SEGMENTS = [
  { key: "paid", className: "bg-success-soft-foreground" },
  { key: "failed", className: "bg-destructive-soft-foreground" },
  { key: "needs_review", className: "bg-warning-soft-foreground" },
  { key: "handled", className: "bg-warning-soft-foreground/50" },
  { key: "cancelled", className: "bg-muted-foreground/50" },
  { key: "sent", className: "bg-info-soft-foreground/60" },
] as const satisfies readonly { key: keyof BatchCounts; className: string }[];

/** Rows with a final outcome (paid, failed, needs review, handled by a person, cancelled): the batch is complete when all rows are. */
export function finishedRows(counts: BatchCounts): number {
  return counts.paid + counts.failed + counts.needs_review + counts.handled + counts.cancelled;
}

/** Whole minutes (at least 1) or seconds, for "time left". */
function timeLeftText(seconds: number, t: ReturnType<typeof useI18n>["t"]): string {
  if (seconds < 60) return t("batches.progress.seconds", { count: Math.max(1, Math.round(seconds)) });
  return t("batches.progress.minutes", { count: Math.round(seconds / 60) });
}

/**
 * The live progress of a batch: one bar (role=progressbar, its value the rows
 * with a final outcome, its text every count), a legend that names each part
 * in words (colour is never the only sign), the sending rate and the time left.
 */
export function BatchProgress({ batch, compact = false }: { batch: Batch; compact?: boolean }) {
  const { t, formatNumber } = useI18n();
  const { counts, row_count: total } = batch;
  const finished = finishedRows(counts);
  const percent = total > 0 ? Math.floor((finished / total) * 100) : 0;
  const valueText = t("batches.progress.valueText", {
    finished,
    total,
    paid: counts.paid,
    failed: counts.failed,
    review: counts.needs_review,
    handled: counts.handled,
    sent: counts.sent,
    cancelled: counts.cancelled,
  });

  return (
    <div className="grid gap-3">
      <div
        role="progressbar"
        aria-label={t("batches.progress.label", { file: batch.file_name })}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={finished}
        aria-valuetext={valueText}
        className={cn("flex w-full overflow-hidden rounded-full bg-muted", compact ? "h-1.5" : "h-3")}
        data-testid="batch-progress"
      >
        {SEGMENTS.map(({ key, className }) =>
          counts[key] > 0 ? (
            <span
              key={key}
              className={cn("h-full", className)}
              style={{ width: `${(counts[key] / Math.max(total, 1)) * 100}%` }}
            />
          ) : null,
        )}
      </div>
      {compact ? null : (
        <>
          <p className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
            <span className="font-medium tabular-nums" data-testid="batch-progress-text">
              {t("batches.progress.summary", { finished, total, percent })}
            </span>
            {isBatchLive(batch.status) ? (
              <span className="text-muted-foreground tabular-nums">
                {batch.rate_per_minute !== null
                  ? t("batches.progress.rate", { rate: formatNumber(Math.round(batch.rate_per_minute)) })
                  : t("batches.progress.noRate")}
                {" · "}
                {batch.eta_seconds !== null && batch.eta_seconds > 0
                  ? t("batches.progress.timeLeft", { time: timeLeftText(batch.eta_seconds, t) })
                  : t("batches.progress.noTimeLeft")}
              </span>
            ) : null}
          </p>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={t("batches.progress.legend")}>
            {[
              ...SEGMENTS,
              { key: "pending" as const, className: "bg-muted border" },
              { key: "sending" as const, className: "bg-info-soft border" },
            ].map(({ key, className }) => (
              <li key={key} className="flex items-center gap-1.5">
                <span aria-hidden="true" className={cn("size-2.5 rounded-full", className)} />
                <span className="text-muted-foreground">{t(`batches.count.${key}`)}</span>
                <span className="font-medium tabular-nums" data-testid={`batch-count-${key}`}>
                  {counts[key]}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

"use client";

import { Info, Layers } from "lucide-react";
import { useEffect, useId, useMemo, useState, type Dispatch } from "react";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { StatCard } from "@/components/ui/stat-card";
import { useStoredIdempotencyKey } from "@/lib/browser/hooks/use-stored-idempotency-key";
import { useIdempotentSubmit } from "@/lib/browser/hooks/use-idempotent-submit";
import { useI18n } from "@/lib/browser/i18n";
import { useCreatePayoutBatch, usePreviewPayoutBatch } from "@/lib/browser/query/payout-batches";
import { estimateFees } from "@/lib/shared/batch/fee-estimate";
import type { BatchSummary } from "@/lib/shared/batch/summary";
import type { Batch, CreateBatchBody, FeeEstimate } from "@/lib/shared/schemas/payout-batches";
import { batchFingerprint, draftBatchBody, draftRowsForSubmit, type BatchDraft, type DraftAction } from "./batch-draft";
import { ReviewFlags } from "./review-flags";
import { StepActions } from "./step-actions";

/** Where the creation's idempotency key is kept for the tab: a retry, or the same file after a reload, reuses it. */
export const NEW_BATCH_KEY_STORAGE = "pixops.new-batch.idempotency-key";

interface ReviewStepProps {
  draft: BatchDraft;
  summary: BatchSummary;
  dispatch: Dispatch<DraftAction>;
  onBack: () => void;
  onCreated: (batch: Batch) => void;
}

/**
 * The fees estimated from the business's recent payouts (the preview's model), for the rows included now: leaving a
 * row out changes it as it changes the total. Without an earlier fee, says the fee is known only once sent.
 */
function FeesStat({
  draft,
  estimate,
  status,
}: {
  draft: BatchDraft;
  estimate: FeeEstimate | null;
  status: "idle" | "pending" | "error" | "success";
}) {
  const { t, formatMoney } = useI18n();
  const total = useMemo(
    () =>
      estimate
        ? estimateFees(
            estimate,
            draft.rows.flatMap((row) => (!row.excluded && row.value ? [row.value.amount_centavos] : [])),
          )
        : null,
    [estimate, draft.rows],
  );
  if (status === "idle" || status === "pending")
    return <StatCard label={t("batches.review.fees")} value={null} loading />;
  // The preview failed (its error panel says so): whether any earlier fee exists is not known either.
  if (status === "error") return <StatCard label={t("batches.review.fees")} value={t("common.none")} />;
  if (!estimate || total === null) {
    return (
      <StatCard
        label={t("batches.review.fees")}
        value={<span data-testid="batch-review-fees">{t("batches.review.feesUnknown")}</span>}
        hint={t("batches.review.feesUnknownHint")}
      />
    );
  }
  return (
    <StatCard
      label={t("batches.review.feesEstimated")}
      value={<span data-testid="batch-review-fees">{formatMoney(total)}</span>}
      hint={t("batches.review.feesEstimateHint", { count: estimate.sample_size })}
    />
  );
}

/**
 * Step 4: the numbers (payouts, total, largest, estimated fees) and the rows to
 * look at twice — repeated within the file, matching a payout of the last 7
 * days or a row of another batch (POST /api/payout-batches/preview) — each kept
 * or dropped knowingly; then the
 * batch is created (one Idempotency-Key per contents: a retry never makes a
 * second batch). Nothing is sent before the next step's confirmation.
 */
export function ReviewStep({ draft, summary, dispatch, onBack, onCreated }: ReviewStepProps) {
  const { t, formatMoney } = useI18n();
  const ackId = useId();
  const preview = usePreviewPayoutBatch();
  const create = useCreatePayoutBatch();
  const flowKey = useStoredIdempotencyKey(NEW_BATCH_KEY_STORAGE);
  // The groups found when the review opened stay listed, so a dropped row can be taken back.
  const [duplicates] = useState(() => summary.duplicates);
  const [acknowledged, setAcknowledged] = useState(false);
  const [createError, setCreateError] = useState<unknown>(null);
  // Asked once per review, with the rows as they were when it opened: a dropped match stays listed to take it back.
  const [previewRows] = useState(() => draftRowsForSubmit(draft));
  const { mutate: runPreview } = preview;

  useEffect(() => {
    runPreview({ rows: previewRows });
  }, [runPreview, previewRows]);

  const sender = useIdempotentSubmit({
    mutation: create,
    variables: (input: CreateBatchBody, idempotencyKey) => ({ input, idempotencyKey }),
    keyStore: flowKey,
    fingerprint: batchFingerprint,
    onSend: () => setCreateError(null),
    onSuccess: (batch) => onCreated(batch),
    onError: (error) => setCreateError(error),
  });

  const matches = preview.data?.register_matches ?? [];
  const batchMatches = preview.data?.batch_matches ?? [];
  const indexOfRow = new Map(draft.rows.map((row) => [row.rowNumber, row.index]));
  const flaggedIndexes = new Set([
    ...duplicates.flat(),
    ...[...matches, ...batchMatches].map((m) => indexOfRow.get(m.row_number) ?? -1),
  ]);
  const flaggedIncluded = [...flaggedIndexes].filter(
    (index) => draft.rows[index] && !draft.rows[index].excluded,
  ).length;
  const needsAck = flaggedIncluded > 0;
  const total = Number(summary.totalCentavos);
  const canCreate = summary.ready && preview.isSuccess && (!needsAck || acknowledged);

  const createBatch = () => {
    if (!canCreate) return;
    sender.submit(draftBatchBody(draft));
  };

  return (
    <div className="grid gap-5">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          label={t("batches.review.count")}
          value={<span data-testid="batch-review-count">{summary.payouts}</span>}
          icon={Layers}
        />
        <StatCard
          label={t("batches.review.total")}
          value={<span data-testid="batch-review-total">{formatMoney(total)}</span>}
        />
        <StatCard
          label={t("batches.review.largest")}
          value={summary.largest ? formatMoney(summary.largest.centavos) : t("common.none")}
          hint={summary.largest ? t("batches.review.largestRow", { row: summary.largest.rowNumber }) : undefined}
        />
        <FeesStat draft={draft} estimate={preview.data?.fee_estimate ?? null} status={preview.status} />
      </div>
      {summary.excluded > 0 ? (
        <p className="text-sm text-muted-foreground">{t("batches.review.excluded", { count: summary.excluded })}</p>
      ) : null}

      {preview.isPending ? (
        <Skeleton className="h-16 w-full" aria-label={t("batches.review.checkingRegister")} />
      ) : null}
      {preview.isError ? (
        <ErrorPanel
          error={preview.error}
          headingLevel="h3"
          title={t("batches.review.previewFailed")}
          onRetry={() => runPreview({ rows: previewRows })}
          retrying={preview.isPending}
        />
      ) : null}
      {preview.isSuccess && duplicates.length === 0 && matches.length === 0 && batchMatches.length === 0 ? (
        <p className="flex gap-2 text-sm text-muted-foreground">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t("batches.review.noFlags")}
        </p>
      ) : null}
      <ReviewFlags
        rows={draft.rows}
        duplicates={duplicates}
        matches={matches}
        batchMatches={batchMatches}
        dispatch={dispatch}
      />
      {needsAck ? (
        <div className="flex items-start gap-2 text-sm">
          <input
            id={ackId}
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            checked={acknowledged}
            onChange={(event) => setAcknowledged(event.target.checked)}
          />
          <label htmlFor={ackId}>{t("batches.review.acknowledge", { count: flaggedIncluded })}</label>
        </div>
      ) : null}

      {createError ? (
        <ErrorPanel error={createError} headingLevel="h3" title={t("batches.review.createFailed")} />
      ) : null}
      <StepActions backLabel={t("batches.review.back")} onBack={onBack} backDisabled={sender.isPending}>
        <Button type="button" size="lg" onClick={createBatch} disabled={!canCreate} loading={sender.isPending}>
          {t("batches.review.create", { count: summary.payouts })}
        </Button>
      </StepActions>
      <p className="text-xs text-muted-foreground sm:text-right">{t("batches.review.createNote")}</p>
    </div>
  );
}

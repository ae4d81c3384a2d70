import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { bffFetch } from "@/lib/browser/bff-client/client";
import {
  LIVE_BATCH_STATUSES,
  batchListSchema,
  batchPreviewSchema,
  batchRowsSchema,
  batchSchema,
  type Batch,
  type CreateBatchBody,
  type PreviewBatchBody,
} from "@/lib/shared/schemas/payout-batches";

/** While a batch is sending (or paused, where another operator may resume it) its pages refresh this often. */
export const BATCH_LIVE_REFRESH_MS = 2_000;

export const payoutBatchKeys = {
  all: ["payout-batches"] as const,
  lists: () => [...payoutBatchKeys.all, "list"] as const,
  details: () => [...payoutBatchKeys.all, "detail"] as const,
  detail: (id: string) => [...payoutBatchKeys.details(), id] as const,
  rows: (id: string) => [...payoutBatchKeys.detail(id), "rows"] as const,
};

/** True while a batch's counts can still change by themselves. */
export function isBatchLive(status: string | null | undefined): boolean {
  return (LIVE_BATCH_STATUSES as readonly string[]).includes(status ?? "");
}

const batchPath = (id: string) => `/api/payout-batches/${encodeURIComponent(id)}`;

/** Where the results file of a batch is downloaded from (a plain GET with the session cookie). */
export function batchResultsUrl(id: string, format: "csv" | "xlsx" = "csv"): string {
  return `${batchPath(id)}/results.${format}`;
}

/** GET /api/payout-batches: newest first; refreshes while any batch is sending or paused. */
export function payoutBatchesQuery() {
  return queryOptions({
    queryKey: payoutBatchKeys.lists(),
    queryFn: ({ signal }) => bffFetch("/api/payout-batches", { schema: batchListSchema, signal }),
    refetchInterval: (query) =>
      query.state.data?.batches.some((batch) => isBatchLive(batch.status)) ? BATCH_LIVE_REFRESH_MS : false,
  });
}

/** GET /api/payout-batches/{id}: refreshes while the batch is sending or paused, stops once it ends. */
export function payoutBatchQuery(id: string) {
  return queryOptions({
    queryKey: payoutBatchKeys.detail(id),
    queryFn: ({ signal }) => bffFetch(batchPath(id), { schema: batchSchema, signal }),
    refetchInterval: (query) => (isBatchLive(query.state.data?.status) ? BATCH_LIVE_REFRESH_MS : false),
  });
}

/** GET /api/payout-batches/{id}/rows: every row's outcome (up to 5,000). Not polled itself: `useBatchRowsFollow` refreshes it when the batch's counts move. */
export function payoutBatchRowsQuery(id: string) {
  return queryOptions({
    queryKey: payoutBatchKeys.rows(id),
    queryFn: ({ signal }) => bffFetch(`${batchPath(id)}/rows`, { schema: batchRowsSchema, signal }),
  });
}

/**
 * Refreshes a batch's rows whenever its (polled) status or counts change, so
 * the per-row table follows the progress bar — including the last change that
 * ends the batch — without downloading every row on every poll.
 */
export function useBatchRowsFollow(batch: Pick<Batch, "id" | "status" | "counts">): void {
  const queryClient = useQueryClient();
  const signature = `${batch.status}:${Object.values(batch.counts).join(",")}`;
  const seen = useRef(signature);
  useEffect(() => {
    if (seen.current === signature) return;
    seen.current = signature;
    void queryClient.invalidateQueries({ queryKey: payoutBatchKeys.rows(batch.id) });
  }, [queryClient, batch.id, signature]);
}

/** POST /api/payout-batches/preview: rows matching a payout of the last 7 days (writes nothing). */
export function usePreviewPayoutBatch() {
  return useMutation({
    mutationFn: (body: PreviewBatchBody) =>
      bffFetch("/api/payout-batches/preview", { method: "POST", body, schema: batchPreviewSchema }),
  });
}

/** POST /api/payout-batches with the flow's Idempotency-Key: the same key and body give the same batch. */
export function useCreatePayoutBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateBatchBody; idempotencyKey: string }) =>
      bffFetch("/api/payout-batches", { method: "POST", body: input, idempotencyKey, schema: batchSchema }),
    onSuccess: (batch) => {
      queryClient.setQueryData(payoutBatchKeys.detail(batch.id), batch);
      return queryClient.invalidateQueries({ queryKey: payoutBatchKeys.lists() });
    },
  });
}

export type BatchAction = "confirm" | "pause" | "resume" | "cancel";

/** POST /api/payout-batches/{id}/{confirm|pause|resume|cancel} → the batch as it is now. */
export function useBatchAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, typedTotalCentavos }: { action: BatchAction; typedTotalCentavos?: number }) =>
      bffFetch(`${batchPath(id)}/${action}`, {
        method: "POST",
        body:
          action === "confirm" && typedTotalCentavos !== undefined ? { typed_total_centavos: typedTotalCentavos } : {},
        schema: batchSchema,
      }),
    onSuccess: (batch: Batch) => {
      queryClient.setQueryData(payoutBatchKeys.detail(batch.id), batch);
      void queryClient.invalidateQueries({ queryKey: payoutBatchKeys.rows(batch.id) });
      return queryClient.invalidateQueries({ queryKey: payoutBatchKeys.lists() });
    },
  });
}

import "server-only";
import { createHash, randomUUID } from "node:crypto";
import {
  appendAudit,
  batchProgress,
  createBatch as writeBatch,
  getBatch,
  inTransaction,
  listBatchRows,
  listBatches,
  type BatchRecord,
  type Ledger,
} from "@/lib/server/ledger";
import { serverClock } from "@/lib/server/clock";
import { type CreateBatchInput } from "@/lib/shared/schemas/payout-batches";
// A row's payout's key upstream, derived from the batch and the row (a re-send is always a replay); reserved for the worker.
import { batchRowKey } from "@/lib/shared/schemas/payout";
import { maskPixKey } from "@/lib/shared/validation/pix-mask";
import { BffError } from "@/lib/server/errors/bff-error";
import type { Batch, BatchList, BatchRows } from "@/lib/shared/schemas/payout-batches";
import type { Answer, LedgerScope, ServiceDeps } from "@/lib/server/services/context";
import { RATE_WINDOW_MS, toBatchRowView, toBatchView } from "@/lib/server/services/batches/view";

/** Fingerprint of a whole creation request, to tell a retry (same) from a reused key (different). */
function batchRequestHash(input: CreateBatchInput): string {
  const rows = input.rows.map((r) => [
    r.row_number,
    r.key_type,
    r.pix_key,
    r.amount_centavos,
    r.description ?? "",
    r.name ?? "",
    Object.entries(r.original),
  ]);
  // The file's format is hashed only when the request gives it, so a request without it hashes as before.
  const format =
    input.delimiter === undefined && input.columns === undefined
      ? []
      : [input.delimiter ?? null, input.columns ?? null];
  // So are the rows left out: a retry with the same key and other left-out rows is another request (409).
  const leftOut =
    input.left_out === undefined
      ? []
      : [["left_out", input.left_out.map((r) => [r.row_number, r.reason, Object.entries(r.original)])]];
  return createHash("sha256")
    .update(JSON.stringify([input.file_name, rows, ...format, ...leftOut]))
    .digest("hex");
}

/**
 * A row's cells as [column, cell] pairs in the file's column order (`columns`):
 * the JSON object the row came in puts integer-like names ("2024") first. Cells
 * under a name `columns` does not list follow, in the object's order.
 */
export function cellsInFileOrder(
  original: Readonly<Record<string, string>>,
  columns: readonly string[] | undefined,
): [string, string][] {
  if (!columns) return Object.entries(original);
  const listed = new Set(columns);
  const ordered = columns.flatMap((name): [string, string][] =>
    Object.hasOwn(original, name) ? [[name, original[name] ?? ""]] : [],
  );
  return [...ordered, ...Object.entries(original).filter(([name]) => !listed.has(name))];
}

/** Batches (with counts) as the browser sees them. */
const progressOf = (ledger: Ledger, businessId: string, ids: string[]) =>
  batchProgress(ledger, businessId, ids, { now: new Date(serverClock().now()), rateWindowMs: RATE_WINDOW_MS });

export async function batchViews(
  ledger: Ledger,
  businessId: string,
  batches: readonly BatchRecord[],
): Promise<Batch[]> {
  const progress = await progressOf(
    ledger,
    businessId,
    batches.map((b) => b.id),
  );
  return batches.map((batch) => toBatchView(batch, progress.get(batch.id)));
}

/** One batch (with counts) as the browser sees it. */
export async function batchView(ledger: Ledger, businessId: string, batch: BatchRecord): Promise<Batch> {
  const progress = await progressOf(ledger, businessId, [batch.id]);
  return toBatchView(batch, progress.get(batch.id));
}

/** The batch of this business, or 404 (another business's batch does not exist here). */
export async function batchOr404(ledger: Ledger, businessId: string, id: string): Promise<BatchRecord> {
  const batch = await getBatch(ledger, businessId, id);
  if (!batch) throw new BffError("batch_not_found", "No payout batch with this id.");
  return batch;
}

/** Writes the batch and every row before anything is sent; one batch per idempotency key. */
export async function createPayoutBatch(
  { ledger, businessId, actor }: Pick<ServiceDeps, "ledger" | "businessId" | "actor">,
  input: { batch: CreateBatchInput; idempotencyKey: string },
): Promise<Answer<Batch>> {
  const { batch: body, idempotencyKey: key } = input;
  const requestHash = batchRequestHash(body);
  const id = randomUUID();
  const total = body.rows.reduce((sum, row) => sum + row.amount_centavos, 0);
  const batch = await inTransaction(ledger, async (tx) => {
    const written = await writeBatch(tx, {
      id,
      businessId,
      idempotencyKey: key,
      requestHash,
      fileName: body.file_name,
      actor,
      totalCentavos: total,
      csvDelimiter: body.delimiter ?? null,
      columns: body.columns ?? null,
      rows: body.rows.map((row) => ({
        rowNumber: row.row_number,
        idempotencyKey: batchRowKey(id, row.row_number),
        amountCentavos: row.amount_centavos,
        pixKeyType: row.key_type,
        pixKey: row.pix_key,
        pixKeyMasked: maskPixKey(row.key_type, row.pix_key),
        description: row.description || null,
        name: row.name || null,
        original: cellsInFileOrder(row.original, body.columns),
      })),
      // Not rows of the batch: nothing of them is sent, counted or totalled; only the results file reads them.
      leftOutRows: (body.left_out ?? []).map((row) => ({
        rowNumber: row.row_number,
        reason: row.reason,
        original: cellsInFileOrder(row.original, body.columns),
      })),
    });
    if (!written.existing) {
      await appendAudit(tx, {
        businessId,
        actor,
        action: "batch.created",
        targetType: "payout_batch",
        targetId: written.id,
        idempotencyKey: key,
        outcome: "success",
        after: {
          file_name: written.fileName,
          row_count: written.rowCount,
          total_centavos: written.totalCentavos,
          status: written.status,
        },
      });
    }
    return written;
  });
  if (batch.existing && batch.requestHash !== requestHash) {
    throw new BffError(
      "idempotency_conflict",
      "This idempotency key was already used for a different batch. Start a new batch.",
    );
  }
  return { data: await batchView(ledger, businessId, batch), created: !batch.existing };
}

/** The business's batches, newest first, with their progress. */
export async function listPayoutBatches({ ledger, businessId }: LedgerScope): Promise<Answer<BatchList>> {
  const batches = await listBatches(ledger, businessId);
  return { data: { batches: await batchViews(ledger, businessId, batches) } };
}

/** One batch with its counts, rate and time left. */
export async function getPayoutBatch({ ledger, businessId }: LedgerScope, id: string): Promise<Answer<Batch>> {
  const batch = await batchOr404(ledger, businessId, id);
  return { data: await batchView(ledger, businessId, batch) };
}

/** Every row of a batch with its outcome. */
export async function listPayoutBatchRows({ ledger, businessId }: LedgerScope, id: string): Promise<Answer<BatchRows>> {
  await batchOr404(ledger, businessId, id);
  const rows = await listBatchRows(ledger, businessId, id);
  return { data: { rows: rows.map(toBatchRowView) } };
}

/** The largest body of a batch request: 5,000 rows with their original cells (the file itself is at most 2 MB). */
export const BATCH_BODY_MAX_BYTES = 8 * 1024 * 1024;

/**
 * Batches of payouts (docs/batch-payouts.md): writing a batch with every row
 * before anything is sent, reading it back with each row's outcome, and the
 * operator's moves (confirm, pause, resume, cancel). The worker's queries are in
 * payout-batch-work.ts. Every function is scoped by business.
 */
import { and, desc, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import { toStorableText } from "@/lib/shared/validation/text";
import {
  payoutBatches,
  payoutBatchRows,
  payouts,
  type BatchState,
  type LeftOutRowRecord,
  type PayoutBatchRow,
} from "./schema";
import { isUuid } from "./query";
import type { Actor, Ledger } from "./types";

/**
 * A batch as the app reads it: every column but the sealed credential and the rows left out of it (up to 5,000
 * rows of cells, read only by the results file: getBatchLeftOutRows).
 */
export type BatchRecord = Omit<PayoutBatchRow, "credentialSeal" | "leftOutRows">;

const { credentialSeal: _seal, leftOutRows: _leftOut, ...batchColumns } = getTableColumns(payoutBatches);

export interface BatchRowWrite {
  rowNumber: number;
  idempotencyKey: string;
  amountCentavos: number;
  pixKeyType: string;
  pixKey: string;
  pixKeyMasked: string;
  description: string | null;
  name: string | null;
  /** [header, cell] pairs, in the file's column order. */
  original: [string, string][];
}

export interface BatchWrite {
  /** Chosen by the caller: the rows' idempotency keys are derived from it. */
  id: string;
  businessId: string;
  idempotencyKey: string;
  requestHash: string;
  fileName: string;
  actor: Actor;
  totalCentavos: number;
  /** The uploaded CSV's delimiter (null or absent: an .xlsx, or a caller that did not say). */
  csvDelimiter?: "," | ";" | null;
  /** The file's column names in their order (the rows' `original` follow it). */
  columns?: readonly string[] | null;
  rows: readonly BatchRowWrite[];
  /** The file's rows not in the batch (never sent, not rows of it): kept for the results file only. */
  leftOutRows?: readonly LeftOutRowRecord[] | null;
}

/** Rows per insert statement (PostgreSQL takes at most 65,535 parameters). */
const INSERT_CHUNK = 500;

/**
 * Writes the batch and all its rows in one transaction, or returns the batch
 * already written with this (business, key), `existing: true` (the caller
 * compares its requestHash). Nothing is sent from here.
 */
export async function createBatch(ledger: Ledger, input: BatchWrite): Promise<BatchRecord & { existing: boolean }> {
  return ledger.db.transaction(async (db) => {
    const [batch] = await db
      .insert(payoutBatches)
      .values({
        id: input.id,
        businessId: input.businessId,
        idempotencyKey: input.idempotencyKey,
        requestHash: input.requestHash,
        fileName: toStorableText(input.fileName),
        rowCount: input.rows.length,
        totalCentavos: input.totalCentavos,
        csvDelimiter: input.csvDelimiter ?? null,
        columns: input.columns ? [...input.columns] : null,
        leftOutRows: input.leftOutRows && input.leftOutRows.length > 0 ? [...input.leftOutRows] : null,
        createdByName: input.actor.name,
        createdByRole: input.actor.role,
      })
      .onConflictDoNothing({ target: [payoutBatches.businessId, payoutBatches.idempotencyKey] })
      .returning(batchColumns);
    if (!batch) {
      const [existing] = await db
        .select(batchColumns)
        .from(payoutBatches)
        .where(
          and(eq(payoutBatches.businessId, input.businessId), eq(payoutBatches.idempotencyKey, input.idempotencyKey)),
        );
      if (!existing) throw new Error("ledger: batch vanished after a conflicting insert");
      return { ...existing, existing: true };
    }
    for (let start = 0; start < input.rows.length; start += INSERT_CHUNK) {
      await db.insert(payoutBatchRows).values(
        input.rows.slice(start, start + INSERT_CHUNK).map((row) => ({
          batchId: input.id,
          businessId: input.businessId,
          rowNumber: row.rowNumber,
          idempotencyKey: row.idempotencyKey,
          amountCentavos: row.amountCentavos,
          pixKeyType: row.pixKeyType,
          pixKey: row.pixKey,
          pixKeyMasked: row.pixKeyMasked,
          description: row.description,
          name: row.name,
          original: row.original,
        })),
      );
    }
    return { ...batch, existing: false };
  });
}

export async function getBatch(ledger: Ledger, businessId: string, id: string): Promise<BatchRecord | null> {
  if (!isUuid(id)) return null;
  const [row] = await ledger.db
    .select(batchColumns)
    .from(payoutBatches)
    .where(and(eq(payoutBatches.businessId, businessId), eq(payoutBatches.id, id)));
  return row ?? null;
}

/** The rows of the uploaded file left out of this business's batch, as stored (empty when none, or another business's batch). */
export async function getBatchLeftOutRows(ledger: Ledger, businessId: string, id: string): Promise<LeftOutRowRecord[]> {
  if (!isUuid(id)) return [];
  const [row] = await ledger.db
    .select({ leftOutRows: payoutBatches.leftOutRows })
    .from(payoutBatches)
    .where(and(eq(payoutBatches.businessId, businessId), eq(payoutBatches.id, id)));
  return row?.leftOutRows ?? [];
}

/** A business's batches, newest first (at most `limit`). */
export function listBatches(ledger: Ledger, businessId: string, limit = 200): Promise<BatchRecord[]> {
  return ledger.db
    .select(batchColumns)
    .from(payoutBatches)
    .where(eq(payoutBatches.businessId, businessId))
    .orderBy(desc(payoutBatches.createdAt), desc(payoutBatches.id))
    .limit(limit);
}

/** Why a claimed row's payout was never sent: its batch was cancelled first (ROW_STATUS_SQL spells it out). */
export const BATCH_CANCELLED_CODE = "batch_cancelled";

/**
 * A row's status as the batch API shows it, from the row and its payout:
 * pending / cancelled before a payout exists (failed for a key_conflict row, which never has one: its key was
 * taken by a payout that is not its own, and nothing was sent), then the payout's state and
 * upstream status (docs/batch-payouts.md has the table). It follows whatever a
 * person's review sets: closed as handled reads `handled`, a payout found and
 * attached reads as its upstream status.
 */
export const ROW_STATUS_SQL: SQL<string> = sql<string>`CASE
  WHEN ${payoutBatchRows.status} = 'pending' THEN 'pending'
  WHEN ${payoutBatchRows.status} = 'cancelled' THEN 'cancelled'
  WHEN ${payoutBatchRows.status} = 'key_conflict' THEN 'failed'
  WHEN ${payouts.state} IN ('intent', 'uncertain') THEN 'sending'
  WHEN ${payouts.state} = 'needs_review' THEN 'needs_review'
  WHEN ${payouts.state} = 'handled' THEN 'handled'
  WHEN ${payouts.state} = 'rejected' AND ${payouts.lastErrorCode} = 'batch_cancelled' THEN 'cancelled'
  WHEN ${payouts.state} = 'rejected' THEN 'failed'
  WHEN ${payouts.status} = 'paid' THEN 'paid'
  WHEN ${payouts.status} = 'failed' THEN 'failed'
  ELSE 'sent' END`;

export interface BatchRowOutcome {
  rowNumber: number;
  pixKeyMasked: string;
  pixKeyType: string;
  amountCentavos: number;
  description: string | null;
  name: string | null;
  original: [string, string][];
  status: string;
  payoutId: string | null;
  endToEndId: string | null;
  failureReason: string | null;
  /** The fee the API reported for the row's payout, once known. */
  feeCentavos: number | null;
}

/** Every row of a batch with its outcome, in row order (empty for another business's batch). */
export function listBatchRows(ledger: Ledger, businessId: string, batchId: string): Promise<BatchRowOutcome[]> {
  if (!isUuid(batchId)) return Promise.resolve([]);
  return ledger.db
    .select({
      rowNumber: payoutBatchRows.rowNumber,
      pixKeyMasked: payoutBatchRows.pixKeyMasked,
      pixKeyType: payoutBatchRows.pixKeyType,
      amountCentavos: payoutBatchRows.amountCentavos,
      description: payoutBatchRows.description,
      name: payoutBatchRows.name,
      original: payoutBatchRows.original,
      status: ROW_STATUS_SQL,
      payoutId: payouts.payoutId,
      endToEndId: payouts.endToEndId,
      failureReason: sql<
        string | null
      >`CASE WHEN ${payoutBatchRows.status} = 'key_conflict' THEN ${payoutBatchRows.failureReason} WHEN ${payouts.state} = 'rejected' THEN coalesce(${payouts.lastErrorMessage}, ${payouts.lastErrorCode}) ELSE ${payouts.failureReason} END`,
      feeCentavos: payouts.feeCentavos,
    })
    .from(payoutBatchRows)
    .leftJoin(payouts, eq(payouts.id, payoutBatchRows.payoutId))
    .where(and(eq(payoutBatchRows.businessId, businessId), eq(payoutBatchRows.batchId, batchId)))
    .orderBy(payoutBatchRows.rowNumber);
}

export interface BatchProgress {
  counts: Record<string, number>;
  /** Rows dispatched within the last `rateWindowMs`. */
  recentlyDispatched: number;
}

/** Row counts by status of each batch, and how many rows each dispatched lately (for rate and time left). */
export async function batchProgress(
  ledger: Ledger,
  businessId: string,
  batchIds: readonly string[],
  options: { now: Date; rateWindowMs: number },
): Promise<Map<string, BatchProgress>> {
  const result = new Map<string, BatchProgress>();
  if (batchIds.length === 0) return result;
  const since = new Date(options.now.getTime() - options.rateWindowMs).toISOString();
  const rows = await ledger.db
    .select({
      batchId: payoutBatchRows.batchId,
      status: ROW_STATUS_SQL,
      count: sql<number>`count(*)::int`,
      recent: sql<number>`count(*) FILTER (WHERE ${payoutBatchRows.dispatchedAt} > ${since}::timestamptz)::int`,
    })
    .from(payoutBatchRows)
    .leftJoin(payouts, eq(payouts.id, payoutBatchRows.payoutId))
    .where(and(eq(payoutBatchRows.businessId, businessId), inArray(payoutBatchRows.batchId, [...batchIds])))
    .groupBy(payoutBatchRows.batchId, ROW_STATUS_SQL);
  for (const row of rows) {
    const progress = result.get(row.batchId) ?? { counts: {}, recentlyDispatched: 0 };
    progress.counts[row.status] = (progress.counts[row.status] ?? 0) + Number(row.count);
    progress.recentlyDispatched += Number(row.recent);
    result.set(row.batchId, progress);
  }
  return result;
}

type Move = Partial<typeof payoutBatches.$inferInsert>;

/** Moves a batch from one of `from` to another status, or returns null (not found, other business, wrong status). */
export async function moveBatch(
  ledger: Ledger,
  businessId: string,
  id: string,
  from: readonly BatchState[],
  changes: Move,
): Promise<BatchRecord | null> {
  if (!isUuid(id)) return null;
  const [row] = await ledger.db
    .update(payoutBatches)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(
      and(eq(payoutBatches.businessId, businessId), eq(payoutBatches.id, id), inArray(payoutBatches.status, [...from])),
    )
    .returning(batchColumns);
  return row ?? null;
}

/**
 * Cancels the rows of a batch not sent yet (erasing their keys); returns how
 * many. Two kinds: rows still waiting, and rows the worker already claimed
 * (their payout intent written) whose send has not started. A send starts by
 * setting `maybe_sent` under the payout row's lock (beginPayoutSend), so an
 * intent still without it has made no request and never will: it is closed as
 * refused with `batch_cancelled` (its row, still linked to it, reads
 * cancelled), and no worker or reconciler sends it. A send
 * already started is left alone: it may have moved money.
 */
export async function cancelPendingRows(ledger: Ledger, businessId: string, batchId: string): Promise<number> {
  const waiting = await ledger.db
    .update(payoutBatchRows)
    .set({ status: "cancelled", pixKey: null })
    .where(
      and(
        eq(payoutBatchRows.businessId, businessId),
        eq(payoutBatchRows.batchId, batchId),
        eq(payoutBatchRows.status, "pending"),
      ),
    )
    .returning({ rowNumber: payoutBatchRows.rowNumber });
  const unsent = await ledger.db
    .update(payouts)
    .set({
      state: "rejected",
      lastErrorCode: BATCH_CANCELLED_CODE,
      lastErrorMessage: "Cancelled with its batch before it was sent.",
      requestBody: null,
      credentialSeal: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(payouts.businessId, businessId),
        eq(payouts.batchId, batchId),
        eq(payouts.state, "intent"),
        eq(payouts.maybeSent, false),
      ),
    )
    .returning({ id: payouts.id });
  return waiting.length + unsent.length;
}

/** The business's payouts since `since` whose request fingerprint is one of `hashes` (earliest first). */
export function findPayoutsByRequestHash(ledger: Ledger, businessId: string, hashes: readonly string[], since: Date) {
  if (hashes.length === 0) return Promise.resolve([]);
  return ledger.db
    .select({ requestHash: payouts.requestHash, payoutId: payouts.payoutId, createdAt: payouts.createdAt })
    .from(payouts)
    .where(
      and(
        eq(payouts.businessId, businessId),
        inArray(payouts.requestHash, [...hashes]),
        sql`${payouts.createdAt} >= ${since.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(payouts.createdAt);
}

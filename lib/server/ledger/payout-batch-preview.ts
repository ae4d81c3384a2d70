/**
 * What the review of a new batch reads before anything is written
 * (POST /api/payout-batches/preview): rows of the business's other batches that
 * a new row would repeat, and the fees of its recent payouts. Every query is
 * scoped by business.
 */
import { and, desc, eq, gte, inArray, isNotNull, ne, or } from "drizzle-orm";
import { payoutBatches, payoutBatchRows, payouts, type BatchState } from "./schema";
import { ROW_STATUS_SQL } from "./payout-batches";
import type { Ledger } from "./types";

/** Batches whose rows not yet claimed can still be sent (a cancel turns them all to cancelled). */
const OPEN_BATCH_STATES: readonly BatchState[] = ["awaiting_confirmation", "sending", "paused"];

export interface BatchRowMatchQuery {
  /** Full Pix keys of the new rows (rows not yet claimed still hold theirs). */
  pixKeys: readonly string[];
  /** Request fingerprints of the new rows (a claimed row's key lives only in its payout's fingerprint). */
  requestHashes: readonly string[];
  /** Batches created before this are not searched. */
  since: Date;
}

export interface BatchRowMatchCandidate {
  batchId: string;
  fileName: string;
  batchStatus: string;
  batchCreatedAt: Date;
  rowNumber: number;
  /** Set on a row not yet claimed (compare key type, key and amount). */
  pending: { pixKeyType: string; pixKey: string; amountCentavos: number } | null;
  /** Set on a claimed row: its payout's request fingerprint. */
  requestHash: string | null;
}

/**
 * Rows of the business's batches created since `since` that can still be sent
 * or were sent, and may repeat one of the new rows: rows not yet claimed of a
 * batch still open (awaiting confirmation, sending, paused) with one of the
 * keys, and claimed rows whose payout has one of the fingerprints — unless the
 * payout was closed by its batch's cancel before any send (ROW_STATUS_SQL says
 * cancelled). Cancelled rows never match. Newest batch first. The caller
 * compares key type, key and amount of the pending ones.
 */
export async function findBatchRowMatchCandidates(
  ledger: Ledger,
  businessId: string,
  query: BatchRowMatchQuery,
): Promise<BatchRowMatchCandidate[]> {
  const keys = [...new Set(query.pixKeys)];
  const hashes = [...new Set(query.requestHashes)];
  if (keys.length === 0 && hashes.length === 0) return [];
  const rows = await ledger.db
    .select({
      batchId: payoutBatchRows.batchId,
      fileName: payoutBatches.fileName,
      batchStatus: payoutBatches.status,
      batchCreatedAt: payoutBatches.createdAt,
      rowNumber: payoutBatchRows.rowNumber,
      rowState: payoutBatchRows.status,
      pixKeyType: payoutBatchRows.pixKeyType,
      pixKey: payoutBatchRows.pixKey,
      amountCentavos: payoutBatchRows.amountCentavos,
      requestHash: payouts.requestHash,
    })
    .from(payoutBatchRows)
    .innerJoin(
      payoutBatches,
      and(eq(payoutBatches.id, payoutBatchRows.batchId), eq(payoutBatches.businessId, businessId)),
    )
    .leftJoin(payouts, and(eq(payouts.id, payoutBatchRows.payoutId), eq(payouts.businessId, businessId)))
    .where(
      and(
        eq(payoutBatchRows.businessId, businessId),
        gte(payoutBatches.createdAt, query.since),
        or(
          and(
            eq(payoutBatchRows.status, "pending"),
            inArray(payoutBatches.status, [...OPEN_BATCH_STATES]),
            inArray(payoutBatchRows.pixKey, keys),
          ),
          and(
            eq(payoutBatchRows.status, "dispatched"),
            inArray(payouts.requestHash, hashes),
            ne(ROW_STATUS_SQL, "cancelled"),
          ),
        ),
      ),
    )
    .orderBy(desc(payoutBatches.createdAt), desc(payoutBatches.id), payoutBatchRows.rowNumber);
  return rows.map((row) => ({
    batchId: row.batchId,
    fileName: row.fileName,
    batchStatus: row.batchStatus,
    batchCreatedAt: row.batchCreatedAt,
    rowNumber: row.rowNumber,
    pending:
      row.rowState === "pending" && row.pixKey !== null
        ? { pixKeyType: row.pixKeyType, pixKey: row.pixKey, amountCentavos: row.amountCentavos }
        : null,
    requestHash: row.rowState === "dispatched" ? row.requestHash : null,
  }));
}

/** How many recent payouts with a known fee the estimate looks at. */
export const FEE_SAMPLE_SIZE = 200;

/** The amount and fee of the business's latest payouts whose fee the API reported (newest first, at most `limit`). */
export async function recentPayoutFees(
  ledger: Ledger,
  businessId: string,
  limit = FEE_SAMPLE_SIZE,
): Promise<{ amountCentavos: number; feeCentavos: number }[]> {
  const rows = await ledger.db
    .select({ amountCentavos: payouts.amountCentavos, feeCentavos: payouts.feeCentavos })
    .from(payouts)
    .where(and(eq(payouts.businessId, businessId), isNotNull(payouts.feeCentavos), gte(payouts.feeCentavos, 0)))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(limit);
  return rows.flatMap((row) =>
    row.feeCentavos === null ? [] : [{ amountCentavos: row.amountCentavos, feeCentavos: row.feeCentavos }],
  );
}

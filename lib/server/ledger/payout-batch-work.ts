/**
 * The batch worker's queries (lib/server/services/batches/worker.ts). Like
 * the reconciler's, they work across businesses (each row carries its
 * business_id) and are safe on any number of instances sharing the database:
 * a row is claimed with FOR UPDATE SKIP LOCKED and turned into a payout intent
 * in the same transaction, so two workers never claim the same row.
 */
import { SYSTEM_ACTORS } from "@/lib/shared/schemas/activity";
import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { appendAudit } from "./audit";
import type { AuditEntryInput } from "./audit-entry";
import { inTransaction } from "./db";
import { BATCH_CANCELLED_CODE } from "./payout-batches";
import { intentValues } from "./payouts";
import { payoutBatches, payoutBatchRows, payouts, type BatchPauseReason, type PayoutBatchLine } from "./schema";
import type { Actor, Ledger } from "./types";

/** Some row of the batch is not sent yet, being resolved, or sent with a status that is not final. */
const UNFINISHED = sql`EXISTS (
  SELECT 1 FROM ${payoutBatchRows} r LEFT JOIN ${payouts} p ON p.id = r.payout_id
  WHERE r.batch_id = ${payoutBatches.id}
    AND (r.status = 'pending' OR p.state IN ('intent', 'uncertain') OR (p.state = 'submitted' AND (p.status IS NULL OR p.status = 'pending'))))`;

export interface WorkBatch {
  id: string;
  businessId: string;
  status: string;
  /** The seal a batch confirmed before seals were retired may still hold (the worker's fallback); null otherwise. */
  credentialSeal: string | null;
  /** Its updated_at as read (text, to the microsecond): pauseForCredential applies only while it is unchanged. */
  version: string;
  backoffUntil: Date | null;
  /** Who confirmed it: the payouts of its rows are recorded as theirs. */
  confirmedByName: string | null;
}

/**
 * Batches the worker has something to do for: sending (it skips one backing off), paused by a person (rows still
 * to follow), cancelled with rows unfinished or a seal to erase. One the worker paused for its credential waits
 * for a person's resume (listFinishedPausedBatches completes it once its rows are done).
 */
export async function listWorkBatches(ledger: Ledger): Promise<WorkBatch[]> {
  return (
    ledger.db
      .select({
        id: payoutBatches.id,
        businessId: payoutBatches.businessId,
        status: payoutBatches.status,
        credentialSeal: payoutBatches.credentialSeal,
        version: sql<string>`${payoutBatches.updatedAt}::text`,
        backoffUntil: payoutBatches.backoffUntil,
        confirmedByName: payoutBatches.confirmedByName,
      })
      .from(payoutBatches)
      .where(
        or(
          eq(payoutBatches.status, "sending"),
          and(eq(payoutBatches.status, "paused"), isNull(payoutBatches.pausedReason)),
          and(eq(payoutBatches.status, "cancelled"), or(isNotNull(payoutBatches.credentialSeal), UNFINISHED)),
        ),
      )
      // Sending batches first: paused and cancelled ones left with a payout pending for good never crowd them out.
      .orderBy(sql`${payoutBatches.status} <> 'sending'`, asc(payoutBatches.confirmedAt), asc(payoutBatches.id))
      .limit(100)
  );
}

export interface ClaimPreparation {
  requestHash: string;
  /** Not written any more (the reconciler uses the workspace's credential); tests of older rows may still pass one. */
  credentialSeal?: string | null;
  actor: Actor;
  /** The Pix key's keyed fingerprint, written on the payout's row with the intent (see PayoutIntentInput). */
  pixKeyFingerprint?: string | null;
}

export interface ClaimedRow {
  rowNumber: number;
  idempotencyKey: string;
}

/**
 * Claims the next pending row of a batch that is still sending and writes it as
 * a payout intent (linked to the batch) in one transaction; null when the batch
 * is no longer sending or has no pending row another worker has not taken.
 * From the commit on, the row is an ordinary unresolved payout: whoever sends
 * it does so under its lease with its own key, and after a crash the
 * reconciler re-sends it with the same key.
 */
export async function claimBatchRow(
  ledger: Ledger,
  batch: { id: string; businessId: string },
  prepare: (row: PayoutBatchLine) => Promise<ClaimPreparation>,
): Promise<ClaimedRow | null> {
  const [claimed] = await claimBatchRows(ledger, batch, 1, prepare);
  return claimed ?? null;
}

/** Who finds a row's key taken by another payout, in the audit log (the worker's name). */
const CLAIMER: Actor = { name: SYSTEM_ACTORS.batchWorker, role: "system" };

/** What a key_conflict row says (results file, rows route): it was neither sent nor linked to the payout holding its key. */
export const KEY_CONFLICT_REASON =
  "Not sent: this row's idempotency key was already used by another payout, which is not this row's.";

/**
 * claimBatchRow for up to `limit` rows at once, in row order: one transaction
 * whatever the count (the batch FOR SHARE, the rows FOR UPDATE SKIP LOCKED, one
 * insert of every intent, one update of every row). Empty when the batch is not
 * sending or has nothing left to claim.
 *
 * A row's key already in the register is linked only when that payout is the
 * row's own (same batch, row number and request). Any other payout holding it
 * (a single payout sent with the batch's key before such keys were refused, or
 * older data) is never the row's: the row ends as `key_conflict`, with no payout
 * and nothing sent, audited; it is not returned (a group of such rows only is
 * followed by the next, so empty still means nothing left to claim).
 */
export async function claimBatchRows(
  ledger: Ledger,
  batch: { id: string; businessId: string },
  limit: number,
  prepare: (row: PayoutBatchLine) => ClaimPreparation | Promise<ClaimPreparation>,
): Promise<ClaimedRow[]> {
  for (;;) {
    const group = await claimGroup(ledger, batch, limit, prepare);
    if (group.claimed.length > 0 || group.conflicts === 0) return group.claimed;
  }
}

async function claimGroup(
  ledger: Ledger,
  batch: { id: string; businessId: string },
  limit: number,
  prepare: (row: PayoutBatchLine) => ClaimPreparation | Promise<ClaimPreparation>,
): Promise<{ claimed: ClaimedRow[]; conflicts: number }> {
  return inTransaction(ledger, async (tx) => {
    const db = tx.db;
    // FOR SHARE: a pause or cancel waits for this claim to commit, and the next claim sees it.
    const [sending] = await db
      .select({ id: payoutBatches.id })
      .from(payoutBatches)
      .where(
        and(
          eq(payoutBatches.id, batch.id),
          eq(payoutBatches.businessId, batch.businessId),
          eq(payoutBatches.status, "sending"),
        ),
      )
      .for("share");
    if (!sending) return { claimed: [], conflicts: 0 };
    const rows = (
      await db
        .select()
        .from(payoutBatchRows)
        .where(
          and(
            eq(payoutBatchRows.batchId, batch.id),
            eq(payoutBatchRows.businessId, batch.businessId),
            eq(payoutBatchRows.status, "pending"),
          ),
        )
        .orderBy(asc(payoutBatchRows.rowNumber))
        .limit(Math.max(1, Math.trunc(limit)))
        .for("update", { skipLocked: true })
    ).filter((row): row is PayoutBatchLine & { pixKey: string } => row.pixKey !== null);
    if (rows.length === 0) return { claimed: [], conflicts: 0 };
    const intents = [];
    const hashes = new Map<number, string>();
    for (const row of rows) {
      const prepared = await prepare(row);
      hashes.set(row.rowNumber, prepared.requestHash);
      intents.push(
        intentValues({
          businessId: row.businessId,
          idempotencyKey: row.idempotencyKey,
          body: {
            amount_centavos: row.amountCentavos,
            pix_key: row.pixKey,
            pix_key_type: row.pixKeyType,
            idempotency_key: row.idempotencyKey,
          },
          pixKeyMasked: row.pixKeyMasked,
          actor: prepared.actor,
          requestHash: prepared.requestHash,
          credentialSeal: prepared.credentialSeal,
          batch: { id: row.batchId, rowNumber: row.rowNumber },
          pixKeyFingerprint: prepared.pixKeyFingerprint,
        }),
      );
    }
    const written = await db
      .insert(payouts)
      .values(intents)
      .onConflictDoNothing({ target: [payouts.businessId, payouts.idempotencyKey] })
      .returning({ id: payouts.id, businessId: payouts.businessId, key: payouts.idempotencyKey });
    const inserted = new Set(written.map((r) => r.key));
    const taken = rows.filter((row) => !inserted.has(row.idempotencyKey));
    const holders = taken.length
      ? await db
          .select({
            id: payouts.id,
            idempotencyKey: payouts.idempotencyKey,
            batchId: payouts.batchId,
            batchRowNumber: payouts.batchRowNumber,
            requestHash: payouts.requestHash,
          })
          .from(payouts)
          .where(
            and(
              eq(payouts.businessId, batch.businessId),
              inArray(
                payouts.idempotencyKey,
                taken.map((row) => row.idempotencyKey),
              ),
            ),
          )
      : [];
    const conflicts = taken.flatMap((row) => {
      const holder = holders.find((p) => p.idempotencyKey === row.idempotencyKey);
      const own =
        holder &&
        holder.batchId === row.batchId &&
        holder.batchRowNumber === row.rowNumber &&
        holder.requestHash === hashes.get(row.rowNumber);
      return own ? [] : [{ row, holder }];
    });
    const linked = rows.filter((row) => !conflicts.some((c) => c.row === row));
    if (linked.length > 0) {
      await db
        .update(payoutBatchRows)
        .set({
          status: "dispatched",
          payoutId: sql`(select p.id from ${payouts} p where p.business_id = ${payoutBatchRows.businessId} and p.idempotency_key = ${payoutBatchRows.idempotencyKey})`,
          pixKey: null,
          dispatchedAt: sql`now()`,
        })
        .where(
          and(
            eq(payoutBatchRows.batchId, batch.id),
            inArray(
              payoutBatchRows.rowNumber,
              linked.map((row) => row.rowNumber),
            ),
          ),
        );
    }
    if (conflicts.length > 0) {
      await db
        .update(payoutBatchRows)
        .set({ status: "key_conflict", pixKey: null, failureReason: KEY_CONFLICT_REASON })
        .where(
          and(
            eq(payoutBatchRows.batchId, batch.id),
            inArray(
              payoutBatchRows.rowNumber,
              conflicts.map((c) => c.row.rowNumber),
            ),
          ),
        );
      for (const { row, holder } of conflicts) {
        await appendAudit(tx, {
          businessId: row.businessId,
          actor: CLAIMER,
          action: "batch.row_key_conflict",
          outcome: "failure",
          targetType: "payout_batch",
          targetId: row.batchId,
          idempotencyKey: row.idempotencyKey,
          errorCode: "key_conflict",
          errorMessage: KEY_CONFLICT_REASON,
          after: {
            row_number: row.rowNumber,
            status: "key_conflict",
            holder_payout: holder?.id ?? null,
            holder_batch_id: holder?.batchId ?? null,
            holder_row_number: holder?.batchRowNumber ?? null,
          },
        });
      }
    }
    return {
      claimed: linked.map((row) => ({ rowNumber: row.rowNumber, idempotencyKey: row.idempotencyKey })),
      conflicts: conflicts.length,
    };
  });
}

/** The whole batch sends nothing new before `until` (the API asked to slow down). */
export async function setBatchBackoff(ledger: Ledger, batchId: string, until: Date): Promise<void> {
  await ledger.db
    .update(payoutBatches)
    .set({
      backoffUntil: sql`greatest(coalesce(${payoutBatches.backoffUntil}, ${until.toISOString()}::timestamptz), ${until.toISOString()}::timestamptz)`,
    })
    .where(eq(payoutBatches.id, batchId));
}

/** Submitted payouts of a batch whose status is still pending, least recently checked first. */
export function listBatchFollowUps(
  ledger: Ledger,
  batch: { id: string; businessId: string },
  options: { checkedBefore: Date; limit: number },
) {
  return ledger.db
    .select({
      payoutId: payouts.payoutId,
      status: payouts.status,
      endToEndId: payouts.endToEndId,
      feeCentavos: payouts.feeCentavos,
      netCentavos: payouts.netCentavos,
    })
    .from(payouts)
    .where(
      and(
        eq(payouts.batchId, batch.id),
        eq(payouts.businessId, batch.businessId),
        eq(payouts.state, "submitted"),
        isNotNull(payouts.payoutId),
        or(sql`${payouts.status} IS NULL`, eq(payouts.status, "pending")),
        or(sql`${payouts.statusCheckedAt} IS NULL`, lte(payouts.statusCheckedAt, options.checkedBefore)),
      ),
    )
    .orderBy(sql`${payouts.statusCheckedAt} ASC NULLS FIRST`, asc(payouts.batchRowNumber))
    .limit(options.limit);
}

/**
 * Paused batches whose every row is finished, also those the worker does not
 * otherwise look at (paused for their credential) or has no credential for: finishBatches
 * completes them. Their last rows end without the worker (the reconciler, the
 * refresher, a person's review), so the pass asks for them.
 */
export async function listFinishedPausedBatches(ledger: Ledger, limit = 100): Promise<string[]> {
  const rows = await ledger.db
    .select({ id: payoutBatches.id })
    .from(payoutBatches)
    .where(and(eq(payoutBatches.status, "paused"), isNull(payoutBatches.credentialSeal), sql`NOT ${UNFINISHED}`))
    .orderBy(asc(payoutBatches.pausedAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Ends what is finished: a sending or paused batch whose every row has a final
 * or needs-review outcome becomes completed (a pause stops claiming, and a
 * paused batch with nothing left to claim or follow has nothing to resume); a
 * cancelled one stops being followed. Both lose their sealed credential.
 * Returns the completed batches.
 */
export async function finishBatches(
  ledger: Ledger,
  batchIds: readonly string[],
): Promise<{ id: string; businessId: string }[]> {
  if (batchIds.length === 0) return [];
  const completed = await ledger.db
    .update(payoutBatches)
    .set({ status: "completed", completedAt: sql`now()`, credentialSeal: null, updatedAt: sql`now()` })
    .where(
      and(
        inArray(payoutBatches.id, [...batchIds]),
        inArray(payoutBatches.status, ["sending", "paused"]),
        sql`NOT ${UNFINISHED}`,
      ),
    )
    .returning({ id: payoutBatches.id, businessId: payoutBatches.businessId });
  await ledger.db
    .update(payoutBatches)
    .set({ credentialSeal: null, updatedAt: sql`now()` })
    .where(
      and(
        inArray(payoutBatches.id, [...batchIds]),
        eq(payoutBatches.status, "cancelled"),
        isNotNull(payoutBatches.credentialSeal),
        sql`NOT ${UNFINISHED}`,
      ),
    );
  return completed;
}

/**
 * The worker stops a sending batch because it has no credential to send with (`credential_expired`: its workspace
 * holds none and it has no seal that still opens) or the API refused the one it used with a 401
 * (`credential_refused`). Compare-and-set on the batch as the pass read it (`batch.version`): a pause, resume or
 * cancel by a person meanwhile is never undone by a worker still holding the old read. Any seal is erased with it
 * (also from a paused or cancelled batch still holding one). True when it paused the batch.
 */
export async function pauseForCredential(
  ledger: Ledger,
  batch: { id: string; version: string },
  reason: BatchPauseReason,
  by: string,
): Promise<boolean> {
  return ledger.db.transaction(async (db) => {
    const unchanged = and(
      eq(payoutBatches.id, batch.id),
      sql`${payoutBatches.updatedAt} = ${batch.version}::timestamptz`,
    );
    const paused = await db
      .update(payoutBatches)
      .set({
        status: "paused",
        pausedReason: reason,
        pausedByName: by,
        pausedAt: sql`now()`,
        credentialSeal: null,
        updatedAt: sql`now()`,
      })
      .where(and(unchanged, eq(payoutBatches.status, "sending")))
      .returning({ id: payoutBatches.id });
    await db
      .update(payoutBatches)
      .set({ credentialSeal: null, updatedAt: sql`now()` })
      .where(and(unchanged, isNotNull(payoutBatches.credentialSeal)));
    return paused.length > 0;
  });
}

/** Where returnToBatch put a claimed row whose payout made nothing. */
export type ReturnedRow =
  /** Back to pending, its intent removed: its batch (sending or paused) sends it again with the same key. */
  | "pending"
  /** Its batch was cancelled: closed as `batch_cancelled` (still linked, it reads cancelled); nothing will send it. */
  | "cancelled";

/** What a returned row of a cancelled batch says (docs/batch-payouts.md: a row claimed whose payout made nothing). */
const CANCELLED_UNSENT_MESSAGE = "Cancelled with its batch; nothing was made with its key.";

/**
 * Returns claimed rows whose payout was never made to their batch, as their batch's status says, in one
 * transaction with that read: the batch is locked first (FOR NO KEY UPDATE: a cancel, a pause or a claim of it
 * waits, and this waits for a claim in flight, so rows it is claiming are seen), then each intent, so a send starting
 * at the same moment (beginPayoutSend) either started before (and is not picked: maybe_sent) or finds no intent.
 * - sending or paused: back to pending, with its key, as if never claimed (its intent, which made nothing, is
 *   removed): the next claim (after a resume, for a paused one) sends it with the same idempotency key;
 * - cancelled: its intent is closed as refused with `batch_cancelled`, as the cancel closes the intents it finds;
 * - completed (a batch completes only once none of its rows is an intent): left alone.
 * `where` picks the intents.
 */
async function returnToBatch(
  tx: Ledger,
  where: SQL | undefined,
  audit?: (to: ReturnedRow) => AuditEntryInput,
): Promise<ReturnedRow[]> {
  const db = tx.db;
  const candidates = await db
    .selectDistinct({ batchId: payouts.batchId })
    .from(payouts)
    .where(and(eq(payouts.state, "intent"), isNotNull(payouts.batchId), where));
  const batchIds = candidates.flatMap((c) => (c.batchId ? [c.batchId] : []));
  if (batchIds.length === 0) return [];
  const batches = await db
    .select({ id: payoutBatches.id, status: payoutBatches.status })
    .from(payoutBatches)
    .where(inArray(payoutBatches.id, batchIds))
    .orderBy(asc(payoutBatches.id))
    .for("no key update");
  const statusOf = new Map(batches.map((b) => [b.id, b.status]));
  const intents = await db
    .select({
      id: payouts.id,
      batchId: payouts.batchId,
      rowNumber: payouts.batchRowNumber,
      pixKey: sql<string | null>`${payouts.requestBody}->>'pix_key'`,
    })
    .from(payouts)
    .where(and(eq(payouts.state, "intent"), isNotNull(payouts.batchId), isNotNull(payouts.requestBody), where))
    .for("update");
  const returned: ReturnedRow[] = [];
  const removed: string[] = [];
  const closed: string[] = [];
  for (const intent of intents) {
    if (!intent.batchId || intent.rowNumber === null || !intent.pixKey) continue;
    const status = statusOf.get(intent.batchId);
    if (status === "cancelled") {
      closed.push(intent.id);
      returned.push("cancelled");
    } else if (status === "sending" || status === "paused") {
      await db
        .update(payoutBatchRows)
        .set({ status: "pending", payoutId: null, pixKey: intent.pixKey, dispatchedAt: null })
        .where(
          and(
            eq(payoutBatchRows.batchId, intent.batchId),
            eq(payoutBatchRows.rowNumber, intent.rowNumber),
            eq(payoutBatchRows.payoutId, intent.id),
          ),
        );
      removed.push(intent.id);
      returned.push("pending");
    }
  }
  if (removed.length > 0) await db.delete(payouts).where(inArray(payouts.id, removed));
  if (closed.length > 0) {
    await db
      .update(payouts)
      .set({
        state: "rejected",
        maybeSent: false,
        lastErrorCode: BATCH_CANCELLED_CODE,
        lastErrorMessage: CANCELLED_UNSENT_MESSAGE,
        requestBody: null,
        credentialSeal: null,
        updatedAt: sql`now()`,
      })
      .where(inArray(payouts.id, closed));
  }
  const [to] = returned;
  if (audit && to) await appendAudit(tx, audit(to));
  return returned;
}

/**
 * Every claimed row of the batch whose send has not started (maybe_sent false) back to its batch (returnToBatch):
 * its batch's credential was refused. Pending again while the batch is sending or paused, closed if it was cancelled.
 */
export async function returnUnsentRows(ledger: Ledger, batch: { id: string; businessId: string }): Promise<number> {
  const returned = await inTransaction(ledger, (tx) =>
    returnToBatch(
      tx,
      and(eq(payouts.businessId, batch.businessId), eq(payouts.batchId, batch.id), eq(payouts.maybeSent, false)),
    ),
  );
  return returned.length;
}

/**
 * The batch row payout under `idempotencyKey` whose only send the API refused with a 401 (a definite refusal:
 * nothing was made), back to its batch (returnToBatch: pending, or cancelled if its batch was cancelled meanwhile),
 * audited with `audit(where it went)`. The caller holds its send lease and knows no earlier send may have reached
 * the API. Null when it was not returned (not an intent of a batch still open: the caller rejects it).
 */
export async function returnRefusedRow(
  ledger: Ledger,
  businessId: string,
  idempotencyKey: string,
  audit: (to: ReturnedRow) => AuditEntryInput,
): Promise<ReturnedRow | null> {
  const [to] = await inTransaction(ledger, (tx) =>
    returnToBatch(tx, and(eq(payouts.businessId, businessId), eq(payouts.idempotencyKey, idempotencyKey)), audit),
  );
  return to ?? null;
}

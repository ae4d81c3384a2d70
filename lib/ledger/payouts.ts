/**
 * The payout register. A payout is recorded as an `intent` (with the exact
 * upstream body) BEFORE the upstream call, then resolved:
 *
 *   intent ──▶ submitted   upstream answered with a payout
 *          ──▶ rejected    upstream gave a definite 4xx "no"
 *          ──▶ uncertain   outcome unknown; the reconciler re-sends with the same key
 *   uncertain ──▶ submitted | rejected | uncertain (again)
 *
 * Transitions only leave `intent`/`uncertain`; the resolving functions return
 * null when the row is not (or no longer) in one of those states. Resolution
 * erases `request_body` (the only place the full Pix key is kept) and
 * `credential_seal` (the encrypted credential the reconciler would re-send with).
 */
import { and, asc, desc, eq, getTableColumns, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { payouts, type PayoutRequestBody, type PayoutRow, type PayoutState } from "./schema";
import { asList, containsPattern, isUuid, pageSize, toPage } from "./query";
import type { Actor, Ledger, Page } from "./types";

/** A payout as the app reads it: every column except the request body and the credential seal. */
export type PayoutRecord = Omit<PayoutRow, "requestBody" | "credentialSeal">;
/** An unresolved payout as the reconciler needs it, with the body and sealed credential to re-send. */
export type PendingPayoutIntent = PayoutRow & { state: "intent" | "uncertain" };

const { requestBody: _requestBody, credentialSeal: _credentialSeal, ...recordColumns } = getTableColumns(payouts);
const UNRESOLVED: PayoutState[] = ["intent", "uncertain"];

export interface PayoutIntentInput {
  businessId: string;
  idempotencyKey: string;
  /** The exact body for POST /v1/payouts (its idempotency_key must equal `idempotencyKey`). */
  body: PayoutRequestBody;
  /** The destination as operators may see it, e.g. "j***@e***.com". */
  pixKeyMasked: string;
  actor: Actor;
  /** Fingerprint of the body, kept after resolution so a reused key with another body can be told apart. */
  requestHash?: string | null;
  /**
   * The caller's credential, already sealed (encrypted, time-limited) by the
   * session layer, for the reconciler. Never pass a plain credential: the
   * ledger stores this string as given and erases it on resolution.
   */
  credentialSeal?: string | null;
}

/**
 * Writes the intent, or returns the row already recorded for this (business,
 * key) with `existing: true`: a double click or a retried request yields one row.
 * The caller should compare the existing row's `requestHash` (or amount / key type) with its own.
 */
export async function recordPayoutIntent(
  ledger: Ledger,
  input: PayoutIntentInput,
): Promise<PayoutRecord & { existing: boolean }> {
  if (input.body.idempotency_key !== input.idempotencyKey) {
    throw new Error("ledger: body.idempotency_key must equal idempotencyKey");
  }
  const [inserted] = await ledger.db
    .insert(payouts)
    .values({
      businessId: input.businessId,
      idempotencyKey: input.idempotencyKey,
      state: "intent",
      amountCentavos: input.body.amount_centavos,
      pixKeyType: input.body.pix_key_type,
      pixKeyMasked: input.pixKeyMasked,
      requestBody: input.body,
      requestHash: input.requestHash ?? null,
      credentialSeal: input.credentialSeal ?? null,
      createdByName: input.actor.name,
      createdByRole: input.actor.role,
    })
    .onConflictDoNothing({ target: [payouts.businessId, payouts.idempotencyKey] })
    .returning(recordColumns);
  if (inserted) return { ...inserted, existing: false };
  const existing = await getPayoutByIdempotencyKey(ledger, input.businessId, input.idempotencyKey);
  if (!existing) throw new Error("ledger: payout intent vanished after a conflicting insert");
  return { ...existing, existing: true };
}

export interface PayoutSubmission {
  payoutId: string;
  status: string;
  fee?: number | null;
  net?: number | null;
  endToEndId?: string | null;
  failureReason?: string | null;
  requestId?: string | null;
  /** Upstream sends made so far for this payout, including the successful one. */
  attempts: number;
}

export interface PayoutFailure {
  errorCode: string | null;
  errorMessage: string | null;
  requestId?: string | null;
  attempts: number;
}

/** intent/uncertain → submitted: upstream returned the payout. Erases the body and the seal. */
export function completePayoutIntent(
  ledger: Ledger,
  businessId: string,
  idempotencyKey: string,
  result: PayoutSubmission,
): Promise<PayoutRecord | null> {
  return resolveIntent(ledger, businessId, idempotencyKey, {
    state: "submitted",
    requestBody: null,
    credentialSeal: null,
    payoutId: result.payoutId,
    status: result.status,
    feeCentavos: result.fee ?? null,
    netCentavos: result.net ?? null,
    endToEndId: result.endToEndId ?? null,
    failureReason: result.failureReason ?? null,
    lastRequestId: result.requestId ?? null,
    lastErrorCode: null,
    lastErrorMessage: null,
    attempts: result.attempts,
    statusCheckedAt: sql`now()`,
  });
}

/** intent/uncertain → rejected: upstream refused for good (4xx). Erases the body and the seal. */
export function rejectPayoutIntent(
  ledger: Ledger,
  businessId: string,
  idempotencyKey: string,
  failure: PayoutFailure,
): Promise<PayoutRecord | null> {
  return resolveIntent(ledger, businessId, idempotencyKey, {
    state: "rejected",
    requestBody: null,
    credentialSeal: null,
    ...failureColumns(failure),
  });
}

/** intent/uncertain → uncertain: no definite answer; keeps the body and seal for the reconciler. */
export function markPayoutUncertain(
  ledger: Ledger,
  businessId: string,
  idempotencyKey: string,
  failure: PayoutFailure,
): Promise<PayoutRecord | null> {
  return resolveIntent(ledger, businessId, idempotencyKey, { state: "uncertain", ...failureColumns(failure) });
}

function failureColumns(failure: PayoutFailure) {
  return {
    lastErrorCode: failure.errorCode,
    lastErrorMessage: failure.errorMessage,
    lastRequestId: failure.requestId ?? null,
    attempts: failure.attempts,
  };
}

/**
 * rejected → intent: the operator retries a payout the API refused (after fixing
 * what was wrong upstream, e.g. signing in again). The API does not use up a key
 * on a 4xx, so the same key and body may be sent again; the body and credential
 * are stored again for the reconciler. Returns null when the row is not rejected.
 */
export async function reopenRejectedIntent(
  ledger: Ledger,
  businessId: string,
  idempotencyKey: string,
  input: { body: PayoutRequestBody; credentialSeal: string | null },
): Promise<PayoutRecord | null> {
  const [row] = await ledger.db
    .update(payouts)
    .set({ state: "intent", requestBody: input.body, credentialSeal: input.credentialSeal, updatedAt: sql`now()` })
    .where(and(eq(payouts.businessId, businessId), eq(payouts.idempotencyKey, idempotencyKey), eq(payouts.state, "rejected")))
    .returning(recordColumns);
  return row ?? null;
}

async function resolveIntent(
  ledger: Ledger,
  businessId: string,
  idempotencyKey: string,
  changes: PgUpdateSetSource<typeof payouts>,
): Promise<PayoutRecord | null> {
  const [row] = await ledger.db
    .update(payouts)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(
      and(
        eq(payouts.businessId, businessId),
        eq(payouts.idempotencyKey, idempotencyKey),
        inArray(payouts.state, UNRESOLVED),
      ),
    )
    .returning(recordColumns);
  return row ?? null;
}

export interface PendingIntentQuery {
  /** Only rows untouched (updated_at) for at least this long, by the database clock. */
  olderThanMs: number;
  limit?: number;
}

function pendingCondition(olderThanMs: number): SQL | undefined {
  const ms = Math.max(0, Math.trunc(olderThanMs));
  return and(
    inArray(payouts.state, UNRESOLVED),
    lte(payouts.updatedAt, sql`now() - (${ms} * interval '1 millisecond')`),
  );
}

/**
 * Unresolved payouts (intent or uncertain) of ALL businesses, oldest first, with
 * their request body and credential seal: the reconciler's work list. Read-only.
 */
export async function listPendingIntents(ledger: Ledger, query: PendingIntentQuery): Promise<PendingPayoutIntent[]> {
  const rows = await ledger.db
    .select()
    .from(payouts)
    .where(pendingCondition(query.olderThanMs))
    .orderBy(asc(payouts.updatedAt), asc(payouts.id))
    .limit(pageSize(query.limit));
  return rows.filter(isPending);
}

/**
 * Like listPendingIntents, but also stamps `updated_at = now()` on the rows it
 * returns, skipping rows another instance is claiming at the same moment. With
 * several dashboard instances, each reconciler then gets its own rows, and a
 * claimed row only comes back after `olderThanMs` more.
 */
export async function claimPendingIntents(ledger: Ledger, query: PendingIntentQuery): Promise<PendingPayoutIntent[]> {
  const candidates = ledger.db
    .select({ id: payouts.id })
    .from(payouts)
    .where(pendingCondition(query.olderThanMs))
    .orderBy(asc(payouts.updatedAt), asc(payouts.id))
    .limit(pageSize(query.limit))
    .for("update", { skipLocked: true });
  const rows = await ledger.db
    .update(payouts)
    .set({ updatedAt: sql`now()` })
    .where(and(inArray(payouts.id, candidates), inArray(payouts.state, UNRESOLVED)))
    .returning();
  return rows.filter(isPending).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

function isPending(row: PayoutRow): row is PendingPayoutIntent {
  return row.state === "intent" || row.state === "uncertain";
}

export interface PayoutStatusUpdate {
  status: string;
  /** undefined keeps the stored value; null clears it. Same for the fields below. */
  failureReason?: string | null;
  endToEndId?: string | null;
  fee?: number | null;
  net?: number | null;
}

/** Records the upstream status last read for a submitted payout (by upstream id). */
export async function updatePayoutStatus(
  ledger: Ledger,
  businessId: string,
  payoutId: string,
  update: PayoutStatusUpdate,
): Promise<PayoutRecord | null> {
  const [row] = await ledger.db
    .update(payouts)
    .set({
      status: update.status,
      failureReason: update.failureReason,
      endToEndId: update.endToEndId,
      feeCentavos: update.fee,
      netCentavos: update.net,
      statusCheckedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(payouts.businessId, businessId), eq(payouts.payoutId, payoutId)))
    .returning(recordColumns);
  return row ?? null;
}

/** By the ledger's own id (uuid). */
export async function getPayout(ledger: Ledger, businessId: string, id: string): Promise<PayoutRecord | null> {
  if (!isUuid(id)) return null;
  return findOne(ledger, and(eq(payouts.businessId, businessId), eq(payouts.id, id)));
}

/** By the upstream payout id. */
export function getPayoutByUpstreamId(ledger: Ledger, businessId: string, payoutId: string): Promise<PayoutRecord | null> {
  return findOne(ledger, and(eq(payouts.businessId, businessId), eq(payouts.payoutId, payoutId)));
}

export function getPayoutByIdempotencyKey(
  ledger: Ledger,
  businessId: string,
  idempotencyKey: string,
): Promise<PayoutRecord | null> {
  return findOne(ledger, and(eq(payouts.businessId, businessId), eq(payouts.idempotencyKey, idempotencyKey)));
}

async function findOne(ledger: Ledger, where: SQL | undefined): Promise<PayoutRecord | null> {
  const [row] = await ledger.db
    .select(recordColumns)
    .from(payouts)
    .where(where)
    .orderBy(desc(payouts.createdAt))
    .limit(1);
  return row ?? null;
}

export interface PayoutListQuery {
  limit?: number;
  /** `nextCursor` of the previous page. */
  cursor?: string | null;
  /** Upstream status(es), as stored (pending, paid, failed, …). */
  status?: string | readonly string[];
  /** Our write-ahead state(s). */
  state?: PayoutState | readonly PayoutState[];
  /** Case-insensitive substring of ids, idempotency key, end-to-end id, masked key or creator. */
  search?: string;
}

/** A business's payouts, newest first, keyset-paginated on (created_at, id). */
export async function listPayouts(ledger: Ledger, businessId: string, query: PayoutListQuery = {}): Promise<Page<PayoutRecord>> {
  const limit = pageSize(query.limit);
  if (query.cursor && !isUuid(query.cursor)) return { items: [], nextCursor: null };
  const statuses = asList(query.status);
  const states = asList(query.state);
  const search = query.search?.trim();
  const pattern = search ? containsPattern(search) : undefined;
  const rows = await ledger.db
    .select(recordColumns)
    .from(payouts)
    .where(
      and(
        eq(payouts.businessId, businessId),
        statuses.length ? inArray(payouts.status, [...statuses]) : undefined,
        states.length ? inArray(payouts.state, [...states]) : undefined,
        pattern
          ? or(
              sql`${payouts.id}::text ILIKE ${pattern}`,
              sql`${payouts.payoutId} ILIKE ${pattern}`,
              sql`${payouts.idempotencyKey} ILIKE ${pattern}`,
              sql`${payouts.endToEndId} ILIKE ${pattern}`,
              sql`${payouts.pixKeyMasked} ILIKE ${pattern}`,
              sql`${payouts.createdByName} ILIKE ${pattern}`,
            )
          : undefined,
        query.cursor
          ? sql`(${payouts.createdAt}, ${payouts.id}) < (
              SELECT c.created_at, c.id FROM payouts c WHERE c.business_id = ${businessId} AND c.id = ${query.cursor}
            )`
          : undefined,
      ),
    )
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(limit + 1);
  return toPage(rows, limit, (row) => row.id);
}

/**
 * The moves of a payout after its intent is written (docs/ledger.md draws them):
 *
 *   intent ─send─▶ submitted | rejected | uncertain | needs_review
 *   uncertain ─re-send─▶ submitted | uncertain | needs_review
 *   intent/uncertain ─window closed or no credential─▶ needs_review
 *   needs_review ─a person: check again─▶ submitted | needs_review
 *   intent/uncertain/needs_review ─a person: mark handled─▶ handled
 *   rejected ─the same click again─▶ intent
 *
 * A send happens only under the payout's lease (see leases.ts and
 * lib/server/services/payout-sender.ts), so no two sends of one key are ever in flight.
 * `rejected` is reachable only while `maybe_sent` was false before the send:
 * after a send without a definite answer, a refusal of a re-send says nothing
 * about the first one, so the row waits for a person instead.
 */
import { and, asc, eq, inArray, isNotNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { ReviewReason } from "@/lib/shared/schemas/register";
import { storableOrNull, toStorableText } from "@/lib/shared/validation/text";
import { recordColumns, type PayoutRecord } from "./payouts";
import { ledgerLeases, payouts, type PayoutRequestBody, type PayoutRow, type PayoutState } from "./schema";
import { pageSize } from "./query";
import type { Ledger } from "./types";

/** The lease that must be held to send this payout. */
export function payoutLeaseName(businessId: string, idempotencyKey: string): string {
  return `payout:${businessId}:${idempotencyKey}`;
}

const RESENDABLE: PayoutState[] = ["intent", "uncertain"];
const UNKNOWN: PayoutState[] = ["intent", "uncertain", "needs_review"];

/** The whole row (with body and seal), for the one holder of its lease. */
export async function getPayoutForSend(ledger: Ledger, businessId: string, idempotencyKey: string): Promise<PayoutRow | null> {
  const [row] = await ledger.db
    .select()
    .from(payouts)
    .where(and(eq(payouts.businessId, businessId), eq(payouts.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row ?? null;
}

/**
 * Notes that a send is starting (call it under the lease, after reading the row):
 * from now on a crash or a lost answer leaves the outcome unknown. False when the
 * row is no longer unresolved.
 */
export async function startPayoutSend(ledger: Ledger, businessId: string, idempotencyKey: string): Promise<boolean> {
  const rows = await ledger.db
    .update(payouts)
    .set({ maybeSent: true, sends: sql`${payouts.sends} + 1`, updatedAt: sql`now()` })
    .where(and(eq(payouts.businessId, businessId), eq(payouts.idempotencyKey, idempotencyKey), inArray(payouts.state, UNKNOWN)))
    .returning({ id: payouts.id });
  return rows.length > 0;
}

export interface PayoutSubmission {
  payoutId: string;
  status: string;
  fee?: number | null;
  net?: number | null;
  endToEndId?: string | null;
  failureReason?: string | null;
  requestId?: string | null;
  /** Requests sent in this send (the client's retries included). */
  attempts: number;
  /** Kept while the refresher follows the status (null: erase it now). */
  followUpSeal?: string | null;
}

export interface PayoutFailure {
  errorCode: string | null;
  errorMessage: string | null;
  /** null/undefined keeps the last known request id. */
  requestId?: string | null;
  attempts: number;
}

/**
 * intent/uncertain/needs_review → submitted: the API answered with the payout. Erases the body.
 * The API's text is made storable (NUL, lone surrogates → U+FFFD), here and in failures.
 */
export function completePayoutIntent(ledger: Ledger, businessId: string, idempotencyKey: string, result: PayoutSubmission): Promise<PayoutRecord | null> {
  return move(ledger, businessId, idempotencyKey, UNKNOWN, {
    state: "submitted",
    requestBody: null,
    credentialSeal: result.followUpSeal ?? null,
    payoutId: toStorableText(result.payoutId),
    status: toStorableText(result.status),
    feeCentavos: result.fee ?? null,
    netCentavos: result.net ?? null,
    endToEndId: storableOrNull(result.endToEndId ?? null),
    failureReason: storableOrNull(result.failureReason ?? null),
    lastRequestId: sql`coalesce(${storableOrNull(result.requestId ?? null)}, ${payouts.lastRequestId})`,
    lastErrorCode: null,
    lastErrorMessage: null,
    reviewReason: null,
    attempts: sql`${payouts.attempts} + ${result.attempts}`,
    statusCheckedAt: sql`now()`,
  });
}

/**
 * intent/uncertain → rejected: the API refused a send that was the only one that
 * could have reached it. The caller decides that (maybe_sent was false before it).
 */
export function rejectPayoutIntent(ledger: Ledger, businessId: string, idempotencyKey: string, failure: PayoutFailure): Promise<PayoutRecord | null> {
  return move(ledger, businessId, idempotencyKey, RESENDABLE, {
    state: "rejected",
    requestBody: null,
    credentialSeal: null,
    maybeSent: false,
    ...failureColumns(failure),
  });
}

/** intent/uncertain → uncertain: no definite answer; keeps the body and seal for an automatic re-send. */
export function markPayoutUncertain(ledger: Ledger, businessId: string, idempotencyKey: string, failure: PayoutFailure): Promise<PayoutRecord | null> {
  return move(ledger, businessId, idempotencyKey, RESENDABLE, { state: "uncertain", ...failureColumns(failure) });
}

/**
 * intent/uncertain/needs_review → needs_review: the dashboard stops re-sending by
 * itself and waits for a person. Keeps the body (for "check again"), erases the seal.
 */
export function movePayoutToReview(
  ledger: Ledger,
  businessId: string,
  idempotencyKey: string,
  reason: ReviewReason,
  failure?: PayoutFailure,
): Promise<PayoutRecord | null> {
  return move(ledger, businessId, idempotencyKey, UNKNOWN, {
    state: "needs_review",
    credentialSeal: null,
    reviewReason: reason,
    reviewSince: sql`coalesce(${payouts.reviewSince}, now())`,
    ...(failure ? failureColumns(failure) : {}),
  });
}

/** intent/uncertain/needs_review → handled: a person closed it, with a note. Erases body and seal. */
export function markPayoutHandled(ledger: Ledger, businessId: string, idempotencyKey: string, by: { name: string; note: string }): Promise<PayoutRecord | null> {
  return move(ledger, businessId, idempotencyKey, UNKNOWN, {
    state: "handled",
    requestBody: null,
    credentialSeal: null,
    handledByName: toStorableText(by.name),
    handledNote: toStorableText(by.note),
    handledAt: sql`now()`,
  });
}

/**
 * rejected → intent: the operator sends a refused payout again (after fixing what
 * was wrong upstream). Nothing was made for the key, so it is clean again.
 */
export async function reopenRejectedIntent(
  ledger: Ledger,
  businessId: string,
  idempotencyKey: string,
  input: { body: PayoutRequestBody; credentialSeal: string | null },
): Promise<PayoutRecord | null> {
  return move(ledger, businessId, idempotencyKey, ["rejected"], { state: "intent", requestBody: input.body, credentialSeal: input.credentialSeal });
}

function failureColumns(failure: PayoutFailure) {
  return {
    lastErrorCode: storableOrNull(failure.errorCode),
    lastErrorMessage: storableOrNull(failure.errorMessage),
    lastRequestId: sql`coalesce(${storableOrNull(failure.requestId ?? null)}, ${payouts.lastRequestId})`,
    attempts: sql`${payouts.attempts} + ${failure.attempts}`,
  };
}

async function move(
  ledger: Ledger,
  businessId: string,
  idempotencyKey: string,
  from: PayoutState[],
  changes: PgUpdateSetSource<typeof payouts>,
): Promise<PayoutRecord | null> {
  const [row] = await ledger.db
    .update(payouts)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(payouts.businessId, businessId), eq(payouts.idempotencyKey, idempotencyKey), inArray(payouts.state, from)))
    .returning(recordColumns);
  return row ?? null;
}

/** No live lease on the row: nobody is sending it right now. */
function notLeased(): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${ledgerLeases} l WHERE l.name = 'payout:' || ${payouts.businessId} || ':' || ${payouts.idempotencyKey} AND l.expires_at > now())`;
}

/** The reconciler's clock: the database's, or the one a caller (a test) injects. */
function clock(now?: Date): SQL {
  return now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
}

function msAgo(ms: number, now?: Date): SQL {
  return sql`${clock(now)} - (${Math.max(0, Math.trunc(ms))} * interval '1 millisecond')`;
}

/**
 * Moves to needs_review every unresolved payout that nobody is sending and that
 * may no longer be re-sent by itself: created before the automatic re-send window,
 * or without a sealed credential. Erases the seal. Returns the rows it moved (for
 * the audit log). `now`: the clock to measure the window with (default the database's).
 */
export async function sweepPayoutsToReview(ledger: Ledger, options: { windowMs: number; now?: Date }): Promise<PayoutRecord[]> {
  const closed = lte(payouts.createdAt, msAgo(options.windowMs, options.now));
  return ledger.db
    .update(payouts)
    .set({
      state: "needs_review",
      reviewReason: sql`CASE WHEN ${closed} THEN 'resend_window_passed' ELSE 'credential_unavailable' END`,
      reviewSince: clock(options.now),
      credentialSeal: null,
      updatedAt: sql`now()`,
    })
    .where(and(inArray(payouts.state, RESENDABLE), or(closed, sql`${payouts.credentialSeal} IS NULL`), notLeased()))
    .returning(recordColumns);
}

/**
 * Erases every sealed credential of a payout created before the window, in any
 * state: no seal outlives the automatic re-send window (a row being sent right
 * now keeps its lease; its sender already holds the credential it needs).
 * The reconciler runs it on every pass, after the sweep. Returns how many.
 */
export async function purgeExpiredSeals(ledger: Ledger, options: { windowMs: number; now?: Date }): Promise<number> {
  const rows = await ledger.db
    .update(payouts)
    .set({ credentialSeal: null })
    .where(and(isNotNull(payouts.credentialSeal), lte(payouts.createdAt, msAgo(options.windowMs, options.now))))
    .returning({ id: payouts.id });
  return rows.length;
}

/**
 * Unresolved payouts of every business that may be re-sent by themselves now:
 * inside the window, with a seal, untouched for `olderThanMs`, and not being sent.
 * Read-only: the sender takes each one's lease before sending.
 */
export async function listResendCandidates(ledger: Ledger, options: { olderThanMs: number; windowMs: number; limit?: number; now?: Date }): Promise<PayoutRow[]> {
  return ledger.db
    .select()
    .from(payouts)
    .where(
      and(
        inArray(payouts.state, RESENDABLE),
        isNotNull(payouts.credentialSeal),
        sql`${payouts.createdAt} > ${msAgo(options.windowMs, options.now)}`,
        lte(payouts.updatedAt, msAgo(options.olderThanMs, options.now)),
        notLeased(),
      ),
    )
    .orderBy(asc(payouts.updatedAt), asc(payouts.id))
    .limit(pageSize(options.limit));
}

/**
 * Submitted payouts whose status the refresher follows (they keep a seal), least
 * recently checked first, at most `perBusiness` of each business.
 */
export async function listFollowUps(ledger: Ledger, options: { checkedBeforeMs: number; perBusiness: number; limit: number }): Promise<PayoutRow[]> {
  const rows = await ledger.db
    .select()
    .from(payouts)
    .where(
      and(
        eq(payouts.state, "submitted"),
        isNotNull(payouts.credentialSeal),
        or(sql`${payouts.statusCheckedAt} IS NULL`, lte(payouts.statusCheckedAt, msAgo(options.checkedBeforeMs))),
      ),
    )
    .orderBy(sql`${payouts.statusCheckedAt} ASC NULLS FIRST`, asc(payouts.id))
    .limit(Math.max(1, options.limit * 4));
  const taken = new Map<string, number>();
  const picked: PayoutRow[] = [];
  for (const row of rows) {
    const count = taken.get(row.businessId) ?? 0;
    if (count >= options.perBusiness) continue;
    taken.set(row.businessId, count + 1);
    picked.push(row);
    if (picked.length >= options.limit) break;
  }
  return picked;
}

/** Stops following a payout: its status is final, or the follow-up window closed. */
export async function endFollowUp(ledger: Ledger, id: string): Promise<void> {
  await ledger.db.update(payouts).set({ credentialSeal: null }).where(and(eq(payouts.id, id), eq(payouts.state, "submitted")));
}

/** Erases the follow-up seals of payouts submitted before the window. */
export async function expireFollowUps(ledger: Ledger, options: { windowMs: number; now?: Date }): Promise<number> {
  const rows = await ledger.db
    .update(payouts)
    .set({ credentialSeal: null })
    .where(and(eq(payouts.state, "submitted"), isNotNull(payouts.credentialSeal), lte(payouts.createdAt, msAgo(options.windowMs, options.now))))
    .returning({ id: payouts.id });
  return rows.length;
}

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
 * `send_started_at` is when the send now unresolved started: the automatic
 * re-send window counts from it (payout-sweeps.ts), and a payout a person
 * attaches must not be older than it (payout-review.ts).
 *
 * A send happens only under the payout's lease (see leases.ts and
 * lib/server/services/payouts/sender.ts), so no two sends of one key are ever in flight.
 * `rejected` is reachable only while `maybe_sent` was false before the send:
 * after a send without a definite answer, a refusal of a re-send says nothing
 * about the first one, so the row waits for a person instead.
 */
import { and, eq, getTableColumns, inArray, isNotNull, isNull, sql, type SQL, type WithSubquery } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { AuditEntryInput } from "./audit-entry";
import { auditValues } from "./audit-values";
import type { ReviewReason } from "@/lib/shared/schemas/register";
import { storableOrNull, toStorableText } from "@/lib/shared/validation/text";
import { recordColumns, storableHolderName, type PayoutRecord } from "./payouts";
import { auditLog, ledgerLeases, payouts, type PayoutRequestBody, type PayoutRow, type PayoutState } from "./schema";
import { LedgerQueryError } from "./errors";
import type { LeaseHandle } from "./leases";
import type { Ledger } from "./types";

/** The unique index of (business_id, payout_id) (migration 0009): one register row per upstream payout. */
export const PAYOUT_ID_UNIQUE = "payouts_business_payout_id_unique";

/** The write failed because another row of the business already has this payout id. */
export function isPayoutIdTaken(error: unknown): boolean {
  return (
    error instanceof LedgerQueryError &&
    error.code === "23505" &&
    (error.constraint === null || error.constraint === PAYOUT_ID_UNIQUE)
  );
}

/** The lease that must be held to send this payout. */
export function payoutLeaseName(businessId: string, idempotencyKey: string): string {
  return `payout:${businessId}:${idempotencyKey}`;
}

/** States a payout may be (re-)sent from by itself. */
export const RESENDABLE: PayoutState[] = ["intent", "uncertain"];
const UNKNOWN: PayoutState[] = ["intent", "uncertain", "needs_review"];

/** The whole row (with body and seal), for the one holder of its lease. */
export async function getPayoutForSend(
  ledger: Ledger,
  businessId: string,
  idempotencyKey: string,
): Promise<PayoutRow | null> {
  const [row] = await ledger.db
    .select()
    .from(payouts)
    .where(and(...byKey(businessId, idempotencyKey)))
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
    .set({
      maybeSent: true,
      sends: sql`${payouts.sends} + 1`,
      sendStartedAt: sql`CASE WHEN ${payouts.maybeSent} THEN ${payouts.sendStartedAt} ELSE now() END`,
      updatedAt: sql`now()`,
    })
    .where(and(...byKey(businessId, idempotencyKey), inArray(payouts.state, UNKNOWN)))
    .returning({ id: payouts.id });
  return rows.length > 0;
}

export type SendStart =
  /** The row (as it is now, send counted) and whether any earlier send may have reached the API. */
  | { started: true; row: PayoutRow; sentBefore: boolean }
  /** Not sendable by this caller (resolved, waiting for a person, no body): the row as it is, or null if there is none. */
  | { started: false; row: PayoutRow | null };

/**
 * getPayoutForSend + startPayoutSend in one statement for the lease holder:
 * marks the send as started when the row may be sent (intent/uncertain, or
 * needs_review when `mayResolveReview`, with its body) and returns the row with
 * `maybe_sent` as it was before (read under FOR UPDATE, so it is the latest
 * committed value). Only when nothing was started does it read the row again.
 * A send from a clean row (`maybe_sent` false: a new intent, or a rejected payout
 * sent again) records when it started (`send_started_at`); a re-send keeps it.
 */
export async function beginPayoutSend(
  ledger: Ledger,
  businessId: string,
  idempotencyKey: string,
  options: { mayResolveReview: boolean; /** The sender's clock (default the database's). */ now?: Date },
): Promise<SendStart> {
  const prior = ledger.db
    .select({ id: payouts.id, maybeSent: payouts.maybeSent })
    .from(payouts)
    .where(and(...byKey(businessId, idempotencyKey)))
    .for("update")
    .as("prior");
  const [row] = await ledger.db
    .update(payouts)
    .set({
      maybeSent: true,
      sends: sql`${payouts.sends} + 1`,
      // A send from a clean row (nothing before it can have reached the API) starts the re-send window again.
      sendStartedAt: sql`CASE WHEN ${prior.maybeSent} THEN ${payouts.sendStartedAt} ELSE ${clockValue(options.now)} END`,
      updatedAt: sql`now()`,
    })
    .from(prior)
    .where(
      and(
        eq(payouts.id, prior.id),
        inArray(payouts.state, options.mayResolveReview ? UNKNOWN : RESENDABLE),
        isNotNull(payouts.requestBody),
      ),
    )
    .returning({ ...getTableColumns(payouts), sentBefore: prior.maybeSent });
  if (row) {
    const { sentBefore, ...payout } = row;
    return { started: true, row: payout, sentBefore };
  }
  return { started: false, row: await getPayoutForSend(ledger, businessId, idempotencyKey) };
}

export interface PayoutSubmission {
  payoutId: string;
  status: string;
  fee?: number | null;
  net?: number | null;
  endToEndId?: string | null;
  failureReason?: string | null;
  /** The destination's holder, when the answer was a read of the payout (a person attaching it); see migration 0021. */
  holderName?: string | null;
  /** When it was paid, when the answer was a read of a paid payout stating it (readDetailsOf); see migration 0023. */
  paidAt?: Date | null;
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
export function completePayoutIntent(
  ledger: Ledger,
  businessId: string,
  idempotencyKey: string,
  result: PayoutSubmission,
  audit?: MoveAudit,
): Promise<PayoutRecord | null> {
  return move(
    ledger,
    businessId,
    idempotencyKey,
    UNKNOWN,
    {
      state: "submitted",
      requestBody: null,
      credentialSeal: result.followUpSeal ?? null,
      payoutId: toStorableText(result.payoutId),
      status: toStorableText(result.status),
      feeCentavos: result.fee ?? null,
      netCentavos: result.net ?? null,
      endToEndId: storableOrNull(result.endToEndId ?? null),
      failureReason: storableOrNull(result.failureReason ?? null),
      holderName: storableHolderName(result.holderName) ?? undefined,
      paidAt: result.paidAt ?? undefined,
      lastRequestId: sql`coalesce(${storableOrNull(result.requestId ?? null)}, ${payouts.lastRequestId})`,
      lastErrorCode: null,
      lastErrorMessage: null,
      reviewReason: null,
      attempts: sql`${payouts.attempts} + ${result.attempts}`,
      statusCheckedAt: sql`now()`,
    },
    audit,
  );
}

/**
 * intent/uncertain → rejected: the API refused a send that was the only one that
 * could have reached it. The caller decides that (maybe_sent was false before it).
 */
export const rejectPayoutIntent = failedSendMove({
  state: "rejected",
  requestBody: null,
  credentialSeal: null,
  maybeSent: false,
});

/** intent/uncertain → uncertain: no definite answer; keeps the body and seal for an automatic re-send. */
export const markPayoutUncertain = failedSendMove({ state: "uncertain" });

/** A move that records a send without a success: only from intent/uncertain, with the failure's columns. */
function failedSendMove(changes: PgUpdateSetSource<typeof payouts>) {
  return (
    ledger: Ledger,
    businessId: string,
    idempotencyKey: string,
    failure: PayoutFailure,
    audit?: MoveAudit,
  ): Promise<PayoutRecord | null> =>
    move(ledger, businessId, idempotencyKey, RESENDABLE, { ...changes, ...failureColumns(failure) }, audit);
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
  audit?: MoveAudit,
): Promise<PayoutRecord | null> {
  return move(
    ledger,
    businessId,
    idempotencyKey,
    UNKNOWN,
    {
      state: "needs_review",
      credentialSeal: null,
      reviewReason: reason,
      reviewSince: sql`coalesce(${payouts.reviewSince}, now())`,
      ...(failure ? failureColumns(failure) : {}),
    },
    audit,
  );
}

/** intent/uncertain/needs_review → handled: a person closed it, with a note. Erases body and seal. */
export function markPayoutHandled(
  ledger: Ledger,
  businessId: string,
  idempotencyKey: string,
  by: { name: string; note: string },
): Promise<PayoutRecord | null> {
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
 * Never a batch row's payout (null): only the batch worker sends those, and one
 * its batch's cancel closed must stay closed.
 */
export async function reopenRejectedIntent(
  ledger: Ledger,
  businessId: string,
  idempotencyKey: string,
  input: { body: PayoutRequestBody; credentialSeal: string | null; now?: Date },
): Promise<PayoutRecord | null> {
  // A batch row's payout is never reopened by a client: only its batch may send it.
  const [row] = await ledger.db
    .update(payouts)
    .set({
      state: "intent",
      requestBody: input.body,
      credentialSeal: input.credentialSeal,
      // Its window counts from this send, not from the refused one.
      sendStartedAt: clockValue(input.now),
      updatedAt: sql`now()`,
    })
    .where(and(...byKey(businessId, idempotencyKey), eq(payouts.state, "rejected"), isNull(payouts.batchId)))
    .returning(recordColumns);
  return row ?? null;
}

/** The conditions that pick one payout: its business and its idempotency key (unique together). */
function byKey(businessId: string, idempotencyKey: string): [SQL, SQL] {
  return [eq(payouts.businessId, businessId), eq(payouts.idempotencyKey, idempotencyKey)];
}

/** A timestamp from the caller's clock, or the database's now(). */
function clockValue(now?: Date) {
  return now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
}

function failureColumns(failure: PayoutFailure) {
  return {
    lastErrorCode: storableOrNull(failure.errorCode),
    lastErrorMessage: storableOrNull(failure.errorMessage),
    lastRequestId: sql`coalesce(${storableOrNull(failure.requestId ?? null)}, ${payouts.lastRequestId})`,
    attempts: sql`${payouts.attempts} + ${failure.attempts}`,
  };
}

/**
 * The audit entry of a move, written by the same statement (so both or neither).
 * `requireMove`: when the row did not move, the statement fails and nothing is
 * written (the caller treats that as an error); otherwise the entry is written either way.
 */
export interface MoveAudit {
  entry: AuditEntryInput;
  requireMove?: boolean;
  /** The send's lease, deleted by the same statement (its holder stopped renewing it). */
  release?: LeaseHandle;
}

async function move(
  ledger: Ledger,
  businessId: string,
  idempotencyKey: string,
  from: PayoutState[],
  changes: PgUpdateSetSource<typeof payouts>,
  audit?: MoveAudit,
): Promise<PayoutRecord | null> {
  const update = ledger.db
    .update(payouts)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(...byKey(businessId, idempotencyKey), inArray(payouts.state, from)))
    .returning(recordColumns);
  if (!audit) {
    const [row] = await update;
    return row ?? null;
  }
  const moved = ledger.db.$with("moved").as(update);
  const values = auditValues(audit.entry);
  // business_id is NOT NULL: taken from the moved row, no moved row makes the insert (and so the whole statement) fail.
  if (audit.requireMove) values.businessId = sql`(select ${moved.businessId} from ${moved})`;
  const logged = ledger.db.$with("logged").as(ledger.db.insert(auditLog).values(values).returning({ id: auditLog.id }));
  const ctes: WithSubquery[] = [moved, logged];
  const lease = audit.release;
  if (lease) {
    const deleted = ledger.db
      .delete(ledgerLeases)
      .where(and(eq(ledgerLeases.name, lease.name), eq(ledgerLeases.owner, lease.owner)));
    ctes.push(ledger.db.$with("released").as(deleted.returning({ name: ledgerLeases.name })));
  }
  try {
    const [row] = await ledger.db
      .with(...ctes)
      .select()
      .from(moved);
    return row ?? null;
  } catch (error) {
    if (audit.requireMove && (error as { code?: unknown }).code === "23502") return null;
    throw error;
  }
}

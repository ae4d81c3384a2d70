import "server-only";
import { serverClock } from "@/lib/server/clock";
import {
  beginPayoutSend,
  completePayoutIntent,
  holdLease,
  isPayoutIdTaken,
  markPayoutUncertain,
  movePayoutToReview,
  payoutLeaseName,
  rejectPayoutIntent,
  returnRefusedRow,
  type Actor,
  type AuditEntryInput,
  type HeldLease,
  type Ledger,
  type PayoutFailure,
  type PayoutRecord,
  type ReturnedRow,
} from "@/lib/server/ledger";
import type { PayoutRow } from "@/lib/server/ledger/schema";
import type { PayoutSubmission } from "@/lib/server/ledger/payout-lifecycle";
import { isPaymentsApiError, type PaymentsApiError, type PaymentsClient } from "@/lib/server/payments-api/client";
import type { ReviewReason } from "@/lib/shared/schemas/register";
import type { Payout } from "@/lib/shared/schemas/payout";
import { log } from "@/lib/server/log";
import { BffError } from "@/lib/server/errors/bff-error";
import { toBffError } from "@/lib/server/errors/classify";
import { payoutPolicy } from "@/lib/server/services/payouts/policy";

/**
 * Sends one payout, the only way any code sends one: under the payout's lease
 * (so no two sends of a key are ever in flight, on any instance), with the
 * stored body and its own idempotency key (a re-send is a replay, never a
 * second payout), and resolves the row from what came back:
 *
 * - a payout → submitted;
 * - a definite refusal of the only send that could have reached the API → rejected;
 * - a refusal after an earlier send without an answer, or a 2xx that cannot be
 *   read → needs_review (the first send may have made the payout);
 * - no answer → uncertain (re-sent automatically within the window).
 */
export type SendOutcome =
  | { kind: "submitted"; record: PayoutRecord; requestId: string | null }
  | { kind: "rejected"; record: PayoutRecord; error: unknown }
  | { kind: "unknown"; record: PayoutRecord; error: unknown }
  /** Resolved before this sender got the lease (or not sendable by it): nothing sent. */
  | { kind: "settled"; record: PayoutRecord }
  /** Someone else is sending it right now: nothing sent. */
  | { kind: "busy" }
  /**
   * A batch row's payout the API refused for its credential (401, so nothing was made): back to its batch
   * (returnRefusedToBatch only). `row`: pending, to be sent with the same key once the batch has a credential the
   * API takes; or cancelled, when its batch was cancelled while this send was in flight.
   */
  | { kind: "credential_refused"; row: ReturnedRow; error: unknown };

export type SendAction = "payout.create" | "payout.reconcile" | "payout.check_again";

export interface SendContext {
  ledger: Ledger;
  api: PaymentsClient;
  businessId: string;
  actor: Actor;
  action: SendAction;
  /** Whether a row waiting for a person may be sent (a person's "check again": yes; the reconciler: no). */
  mayResolveReview: boolean;
  /**
   * The batch worker's and the reconciler's sends: a batch row's payout refused with a 401 (nothing was made) goes
   * back to its batch instead of failing (credential_refused): the batch's credential, not the row, was refused.
   */
  returnRefusedToBatch?: boolean;
}

function withoutSecrets(row: PayoutRow): PayoutRecord {
  const { requestBody: _body, credentialSeal: _seal, ...record } = row;
  return record;
}

export async function sendPayout(ctx: SendContext, idempotencyKey: string): Promise<SendOutcome> {
  const { ledger, businessId } = ctx;
  const held = await holdLease(
    ledger,
    payoutLeaseName(businessId, idempotencyKey),
    { ttlMs: payoutPolicy().leaseTtlMs, onLost: (lease) => log.error("payouts.lease_lost", { lease }) },
    async (lease): Promise<SendOutcome> => {
      // Reads the row and, if this caller may send it, notes the send as started: one statement.
      const start = await beginPayoutSend(ledger, businessId, idempotencyKey, {
        mayResolveReview: ctx.mayResolveReview,
        now: new Date(serverClock().now()),
      });
      if (!start.row) throw new Error("payout intent disappeared");
      if (!start.started) return { kind: "settled", record: withoutSecrets(start.row) };
      const { row, sentBefore } = start;
      if (!row.requestBody) return { kind: "settled", record: withoutSecrets(row) };
      try {
        const result = await ctx.api.createPayout(row.requestBody);
        return await recordSuccess(ctx, lease, row, result.data, result.requestId, result.attempts);
      } catch (error) {
        return await recordFailure(ctx, lease, row, sentBefore, error);
      }
    },
  );
  return held.acquired ? held.value : { kind: "busy" };
}

type Created = Awaited<ReturnType<PaymentsClient["createPayout"]>>["data"];

/** What the ledger records of a payout the API answered with (sent now, or found later by a person). */
export function submissionOf(
  payout: Pick<Created, "id" | "status" | "fee_centavos" | "net_centavos" | "end_to_end_id" | "failure_reason">,
  requestId: string | null,
  attempts: number,
): PayoutSubmission {
  return {
    payoutId: payout.id,
    status: payout.status,
    fee: payout.fee_centavos ?? null,
    net: payout.net_centavos ?? null,
    endToEndId: payout.end_to_end_id ?? null,
    failureReason: payout.failure_reason ?? null,
    requestId,
    attempts,
  };
}

/**
 * The holder name and paid time of a payout read with GET /v1/payouts/{id} (the create answer has neither), as the
 * register keeps them on the payout's row. The paid time is the read's own `paid_at` of a payout it reports `paid`
 * (the contract lists no such field: the sandbox sends it, another API may not); absent, unreadable or on a payout
 * not paid, it is null — never the creation time or the time of the read.
 */
export function readDetailsOf(payout: Pick<Payout, "status" | "bank_account" | "paid_at">): {
  holderName: string | null;
  paidAt: Date | null;
} {
  const paidAt = payout.status === "paid" && payout.paid_at ? new Date(payout.paid_at) : null;
  return {
    holderName: payout.bank_account?.holder_name?.trim() || null,
    paidAt: paidAt && Number.isFinite(paidAt.getTime()) ? paidAt : null,
  };
}

/** The outcome, its audit entry and the lease's release are one statement (see MoveAudit): all or nothing. */
async function recordSuccess(
  ctx: SendContext,
  lease: HeldLease,
  row: PayoutRow,
  payout: Created,
  requestId: string | null,
  attempts: number,
): Promise<SendOutcome> {
  const { businessId, actor, action } = ctx;
  const entry: AuditEntryInput = {
    businessId,
    actor,
    action,
    targetType: "payout",
    targetId: payout.id,
    idempotencyKey: row.idempotencyKey,
    outcome: "success",
    before: row.state === "intent" ? null : { state: row.state },
    after: {
      amount_centavos: payout.amount_centavos,
      pix_key_masked: row.pixKeyMasked,
      pix_key_type: row.pixKeyType,
      status: payout.status,
    },
    requestId,
  };
  await lease.stopRenewing();
  const record = await completePayoutIntent(
    ctx.ledger,
    businessId,
    row.idempotencyKey,
    {
      ...submissionOf(payout, requestId, attempts),
      // The refresher follows a pending payout with the credential it was sent with, inside its window only.
      followUpSeal:
        payout.status === "pending" &&
        serverClock().now() - row.sendStartedAt.getTime() < payoutPolicy().followUpWindowMs
          ? row.credentialSeal
          : null,
    },
    { entry, requireMove: true, release: lease },
  );
  // Not moved: nothing was written (the lease either), and the failure path records the outcome.
  if (!record) throw new Error("payout row changed while its lease was held");
  lease.released();
  return { kind: "submitted", record, requestId };
}

/** 4xx that say "not now" rather than "no": the same request may succeed later. */
const TRANSIENT_4XX = new Set([408, 409, 423, 425, 429]);

function refusal(error: unknown): PaymentsApiError | null {
  if (!isPaymentsApiError(error) || error.kind !== "http") return null;
  return error.status >= 400 && error.status < 500 && !TRANSIENT_4XX.has(error.status) ? error : null;
}

/** Refused by the dashboard before any request left it (the workspace has no API key): nothing can have been made. */
function refusedBeforeSending(error: unknown): boolean {
  return error instanceof BffError && error.code === "workspace_credential_missing";
}

function reviewReasonFor(error: unknown): ReviewReason | null {
  if (isPaymentsApiError(error) && error.unreadableSuccess) return "unreadable_answer";
  // The API answered with a payout another row already has (a person attached it there): a person sorts it out.
  if (isPayoutIdTaken(error)) return "shared_payout_id";
  if (refusal(error)) return "conflicting_answer";
  return null;
}

/** `sentBefore`: whether a send before this one may have reached the API (the row's maybe_sent before it). */
async function recordFailure(
  ctx: SendContext,
  lease: HeldLease,
  row: PayoutRow,
  sentBefore: boolean,
  error: unknown,
): Promise<SendOutcome> {
  const { ledger, businessId, actor, action } = ctx;
  const key = row.idempotencyKey;
  // Not an unexpected error (toBffError would log it as one): the API's payout is another row's already.
  const seen = isPayoutIdTaken(error)
    ? new BffError(
        "payout_already_recorded",
        "The API answered with a payout that is already recorded for another register row.",
      )
    : toBffError(error);
  const mapped = { requestId: seen.extra.requestId ?? null, code: seen.code, message: seen.message };
  const failure: PayoutFailure = {
    errorCode: mapped.code,
    errorMessage: mapped.message,
    requestId: mapped.requestId,
    attempts: isPaymentsApiError(error) ? error.attempts : 0,
  };
  const audit = (outcome: "failure" | "pending", extra: Record<string, unknown> | null) => ({
    entry: {
      businessId,
      actor,
      action,
      targetType: "payout",
      targetId: null,
      idempotencyKey: key,
      outcome,
      after: extra,
      requestId: mapped.requestId,
      errorCode: mapped.code,
      errorMessage: mapped.message,
    },
    release: lease,
  });
  await lease.stopRenewing();

  // Definite only if nothing before this send could have reached the API, and nothing in it did.
  const definite =
    !sentBefore &&
    (refusal(error) !== null || refusedBeforeSending(error)) &&
    !(isPaymentsApiError(error) && error.maybeCommitted);
  if (
    definite &&
    ctx.returnRefusedToBatch &&
    row.batchId !== null &&
    isPaymentsApiError(error) &&
    error.status === 401
  ) {
    // The key is clean (nothing was made): the row waits for its batch's resume, not for a person.
    const returned = await returnRefusedRow(
      ledger,
      businessId,
      key,
      (to) =>
        audit(
          "failure",
          to === "pending"
            ? { returned_to_batch: true, reason: "credential_refused" }
            : { state: "rejected", reason: "batch_cancelled" },
        ).entry,
    );
    if (returned) return { kind: "credential_refused", row: returned, error };
  }
  if (definite) {
    const record = await rejectPayoutIntent(ledger, businessId, key, failure, audit("failure", null));
    lease.released();
    return { kind: "rejected", record: record ?? withoutSecrets(row), error };
  }

  const reason =
    reviewReasonFor(error) ??
    (row.state === "needs_review" ? ((row.reviewReason as ReviewReason | null) ?? "conflicting_answer") : null);
  const record = reason
    ? await movePayoutToReview(
        ledger,
        businessId,
        key,
        reason,
        failure,
        audit("pending", { state: "needs_review", reason }),
      )
    : await markPayoutUncertain(ledger, businessId, key, failure, audit("pending", null));
  lease.released();
  return { kind: "unknown", record: record ?? withoutSecrets(row), error };
}

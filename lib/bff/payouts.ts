import "server-only";
import { createHash } from "node:crypto";
import {
  appendAudit,
  completePayoutIntent,
  getPayoutByIdempotencyKey,
  markPayoutUncertain,
  recordPayoutIntent,
  rejectPayoutIntent,
  reopenRejectedIntent,
  type Ledger,
} from "@/lib/ledger";
import type { PayoutRecord } from "@/lib/ledger/payouts";
import { isPaymentsApiError, type PaymentsClient } from "@/lib/payments/client";
import type { CreatePayoutBody, PayoutInput } from "@/lib/payments/schemas/payout";
import type { RegisterPayout } from "@/lib/schemas/register";
import { sealCredential } from "@/lib/session/credential-seal";
import { maskPixKey } from "@/lib/validation/pix-mask";
import { auditFailure } from "./audit";
import { BffError, mapError } from "./errors";
import type { HandlerResult, SessionContext } from "./handler";

export function toRegisterPayout(row: PayoutRecord): RegisterPayout {
  return {
    id: row.payoutId,
    idempotency_key: row.idempotencyKey,
    state: row.state,
    status: row.status,
    amount_centavos: row.amountCentavos,
    fee_centavos: row.feeCentavos,
    net_centavos: row.netCentavos,
    pix_key_masked: row.pixKeyMasked,
    pix_key_type: row.pixKeyType,
    end_to_end_id: row.endToEndId,
    failure_reason: row.failureReason,
    created_by: { name: row.createdByName, role: row.createdByRole },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_request_id: row.lastRequestId,
    last_error: row.lastErrorCode ? { code: row.lastErrorCode, message: row.lastErrorMessage ?? "" } : null,
  };
}

/** Fingerprint of what a payout moves, to tell a retry (same) from a reused key (different). */
export function payoutRequestHash(body: CreatePayoutBody): string {
  return createHash("sha256").update(JSON.stringify([body.amount_centavos, body.pix_key_type, body.pix_key])).digest("hex");
}

/** A 4xx the API will give again for the same body: the payout definitely does not exist. */
function isDefiniteRejection(error: unknown): boolean {
  return isPaymentsApiError(error) && error.kind === "http" && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

interface SendContext {
  ledger: Ledger;
  api: PaymentsClient;
  businessId: string;
  actor: { name: string; role: string };
  action: "payout.create" | "payout.reconcile";
}

/**
 * Sends a recorded intent upstream (with its own idempotency key, so a re-send is
 * a replay, never a second payout) and resolves it: submitted, rejected, or
 * uncertain when no definite answer came back.
 */
export async function sendPayoutIntent(ctx: SendContext, body: CreatePayoutBody): Promise<{ record: PayoutRecord; requestId: string | null }> {
  const { ledger, api, businessId, actor, action } = ctx;
  const key = body.idempotency_key;
  const audit = { businessId, actor, action, targetType: "payout", idempotencyKey: key };
  try {
    const result = await api.createPayout(body);
    const payout = result.data;
    const completed = await completePayoutIntent(ledger, businessId, key, {
      payoutId: payout.id,
      status: payout.status,
      fee: payout.fee_centavos ?? null,
      net: payout.net_centavos ?? null,
      endToEndId: payout.end_to_end_id ?? null,
      failureReason: payout.failure_reason ?? null,
      requestId: result.requestId,
      attempts: result.attempts,
    });
    // Null when another request (a double click, the reconciler) resolved it first.
    const record = completed ?? (await getPayoutByIdempotencyKey(ledger, businessId, key));
    if (!record) throw new Error("payout intent disappeared");
    if (completed) {
      await appendAudit(ledger, {
        ...audit,
        targetId: payout.id,
        outcome: "success",
        after: { amount_centavos: payout.amount_centavos, pix_key_masked: record.pixKeyMasked, pix_key_type: record.pixKeyType, status: payout.status },
        requestId: result.requestId,
      });
    }
    return { record, requestId: result.requestId };
  } catch (error) {
    const attempts = isPaymentsApiError(error) ? error.attempts : 0;
    const mapped = mapError(error);
    const failure = { errorCode: mapped.body.code, errorMessage: mapped.body.message, requestId: mapped.requestId, attempts };
    if (isDefiniteRejection(error)) {
      await rejectPayoutIntent(ledger, businessId, key, failure);
      await auditFailure(ledger, { ...audit, targetId: null }, error);
      throw error;
    }
    await markPayoutUncertain(ledger, businessId, key, failure);
    await auditFailure(ledger, { ...audit, targetId: null }, error, "pending");
    throw new BffError(504, "payout_outcome_unknown", "The payout was sent but no answer came back, so it may or may not exist. Check again: the same idempotency key is reused, so it cannot be paid twice.", {
      requestId: mapped.requestId,
      details: { idempotency_key: key, cause: mapped.body.code },
    });
  }
}

// POST /api/payouts body: write-ahead intent, then the upstream call.
export async function issuePayout(ctx: SessionContext<unknown, unknown, PayoutInput>): Promise<HandlerResult> {
  const { ledger, api, businessId, actor, body: input, session } = ctx;
  const key = ctx.idempotencyKey ?? "";
  const body: CreatePayoutBody = { ...input, idempotency_key: key };
  const requestHash = payoutRequestHash(body);

  const credentialSeal = await sealCredential(session.credential);
  const row = await recordPayoutIntent(ledger, {
    businessId,
    idempotencyKey: key,
    body,
    pixKeyMasked: maskPixKey(body.pix_key_type, body.pix_key),
    actor,
    requestHash,
    credentialSeal,
  });
  if (row.existing) {
    if (row.requestHash !== requestHash) {
      throw new BffError(409, "idempotency_conflict", "This idempotency key was already used for a different payout. Start a new payout.");
    }
    // Already answered: the same click again gets the same payout, with no upstream call.
    if (row.state === "submitted") return { status: 200, data: toRegisterPayout(row), requestId: row.lastRequestId };
    if (row.state === "rejected") {
      // The API refused this body before; it does not use up the key on a 4xx, so send it again.
      await reopenRejectedIntent(ledger, businessId, key, { body, credentialSeal });
    }
  }
  const { record, requestId } = await sendPayoutIntent({ ledger, api, businessId, actor, action: "payout.create" }, body);
  return { status: row.existing ? 200 : 201, data: toRegisterPayout(record), requestId };
}

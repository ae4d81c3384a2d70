import "server-only";
import { createHash } from "node:crypto";
import {
  getPayoutByIdempotencyKey,
  recordPayoutIntent,
  reopenRejectedIntent,
  type PayoutRecord,
} from "@/lib/server/ledger";
import { z } from "zod";
import { payoutIdempotencyKeySchema, type CreatePayoutBody, type PayoutInput } from "@/lib/shared/schemas/payout";
import type { RegisterPayout } from "@/lib/shared/schemas/register";
import { serverClock } from "@/lib/server/clock";
import { maskPixKey } from "@/lib/shared/validation/pix-mask";
import { BffError } from "@/lib/server/errors/bff-error";
import type { Answer, LedgerScope, ServiceDeps } from "@/lib/server/services/context";
import { payoutPolicy } from "@/lib/server/services/payouts/policy";
import { pixKeyFingerprint } from "@/lib/server/services/payouts/key-fingerprint";
import { sendPayout, type SendContext, type SendOutcome } from "@/lib/server/services/payouts/sender";
import { toRegisterPayout } from "@/lib/server/services/payouts/view";

export function registerView(row: PayoutRecord): RegisterPayout {
  return toRegisterPayout(row, payoutPolicy());
}

/** Fingerprint of what a payout moves, to tell a retry (same) from a reused key (different). */
export function payoutRequestHash(body: CreatePayoutBody): string {
  return createHash("sha256")
    .update(JSON.stringify([body.amount_centavos, body.pix_key_type, body.pix_key]))
    .digest("hex");
}

/**
 * Sends the payout, or — when another request or instance is sending the same
 * key right now — waits for that send's outcome instead of sending it too.
 */
type AnsweredOutcome = Exclude<SendOutcome, { kind: "busy" } | { kind: "credential_refused" }>;

export async function sendOrAwait(ctx: SendContext, key: string): Promise<AnsweredOutcome> {
  const policy = payoutPolicy();
  const clock = serverClock();
  const giveUpAt = clock.now() + policy.inFlightWaitMs;
  for (;;) {
    const outcome = await sendPayout(ctx, key);
    // Only the batch worker asks for a refused batch row back (returnRefusedToBatch); a person's send gets the refusal.
    if (outcome.kind === "credential_refused") throw outcome.error;
    if (outcome.kind !== "busy") return outcome;
    if (clock.now() >= giveUpAt) {
      throw new BffError(
        "payout_in_progress",
        "This payout is being sent right now by another request. Its outcome will show in the register shortly; check again in a moment with the same key.",
        {
          details: { idempotency_key: key },
        },
      );
    }
    await clock.sleep(policy.inFlightPollMs);
  }
}

/** The answer for an outcome: the row, the API's refusal, or "outcome unknown". */
export function answerFor(outcome: AnsweredOutcome, created: boolean): Answer<RegisterPayout> {
  const { record } = outcome;
  if (outcome.kind === "submitted") return { data: registerView(record), requestId: outcome.requestId, created };
  if (outcome.kind === "rejected") throw outcome.error;
  if (record.state === "submitted") return { data: registerView(record), requestId: record.lastRequestId };
  if (record.state === "rejected") {
    const message = record.lastErrorMessage ?? "The payments API refused this payout; nothing was sent.";
    // The refusal's own code, as recorded when the API answered it, is passed on (always as a 422).
    throw record.lastErrorCode !== null
      ? BffError.passedOn(422, record.lastErrorCode, message, { requestId: record.lastRequestId })
      : new BffError("payout_rejected", message, { requestId: record.lastRequestId });
  }
  if (record.state === "handled") {
    throw new BffError(
      "payout_handled",
      "This payout was closed by a person as handled. Start a new payout if money still needs to be sent.",
      {
        requestId: record.lastRequestId,
        details: { idempotency_key: record.idempotencyKey },
      },
    );
  }
  const review = record.state === "needs_review";
  throw new BffError(
    "payout_outcome_unknown",
    review
      ? "The dashboard cannot tell whether this payout was made, so it waits for a person: check it again with the same key, or mark it handled. It cannot be paid twice with this key."
      : "The payout was sent but no definite answer came back, so it may or may not exist. Check again: the same idempotency key is reused, so it cannot be paid twice.",
    {
      requestId: record.lastRequestId,
      details: {
        idempotency_key: record.idempotencyKey,
        state: record.state,
        cause: record.lastErrorCode,
        ...(review ? { review_reason: record.reviewReason } : {}),
      },
    },
  );
}

/** A key a client may send a single payout with: never a batch row's (the batch worker's alone), checked before anything is written or sent. */
function clientPayoutKey(key: string): string {
  const parsed = z.safeParse(payoutIdempotencyKeySchema, key);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? "validation.idempotencyKey";
  throw new BffError("validation_error", "This idempotency key cannot be used for a payout.", {
    fields: { idempotency_key: message },
  });
}

/** Sends a Pix payout: write-ahead intent, then one send under the payout's lease; one payout per idempotency key. */
export async function issuePayout(
  deps: ServiceDeps,
  request: { payout: PayoutInput; idempotencyKey: string },
): Promise<Answer<RegisterPayout>> {
  const { ledger, api, businessId, actor } = deps;
  const input = request.payout;
  const key = clientPayoutKey(request.idempotencyKey);
  const body: CreatePayoutBody = { ...input, idempotency_key: key };
  const requestHash = payoutRequestHash(body);

  // No credential is kept with it: the reconciler re-sends with the workspace's (docs/session.md).
  const row = await recordPayoutIntent(ledger, {
    businessId,
    idempotencyKey: key,
    body,
    pixKeyMasked: maskPixKey(body.pix_key_type, body.pix_key),
    actor,
    requestHash,
    pixKeyFingerprint: pixKeyFingerprint(businessId, body.pix_key_type, body.pix_key),
  });
  if (row.existing) {
    if (row.requestHash !== requestHash) {
      throw new BffError(
        "idempotency_conflict",
        "This idempotency key was already used for a different payout. Start a new payout.",
      );
    }
    // Already answered: the same click again gets the same payout, with no upstream call.
    if (row.state === "submitted") return { data: registerView(row), requestId: row.lastRequestId };
    // The API refused this body before it could have made anything: the key is clean, send it again.
    if (row.state === "rejected")
      await reopenRejectedIntent(ledger, businessId, key, {
        body,
        credentialSeal: null,
        now: new Date(serverClock().now()),
      });
  }
  const outcome = await sendOrAwait(
    { ledger, api, businessId, actor, action: "payout.create", mayResolveReview: true },
    key,
  );
  return answerFor(outcome, !row.existing);
}

/** The register row of a key, or 404. */
export async function registerRowOf(ctx: LedgerScope, key: string): Promise<PayoutRecord> {
  const row = await getPayoutByIdempotencyKey(ctx.ledger, ctx.businessId, key);
  if (!row) throw new BffError("payout_not_found", "No payout with this idempotency key in the register.");
  return row;
}

import "server-only";
import {
  appendAudit,
  completePayoutIntent,
  countAttention,
  getPayoutByUpstreamId,
  getPayoutForSend,
  holdLease,
  inTransaction,
  isPayoutIdTaken,
  markPayoutHandled,
  payoutLeaseName,
  type PayoutRecord,
} from "@/lib/server/ledger";
import {
  UNKNOWN_OUTCOME_STATES,
  type PayoutAttention,
  type PayoutReviewInput,
  type RegisterPayout,
} from "@/lib/shared/schemas/register";
import { BffError } from "@/lib/server/errors/bff-error";
import type { Answer, LedgerScope, ServiceDeps } from "@/lib/server/services/context";
import {
  MISMATCH_MESSAGES,
  MISMATCH_TEXT,
  payoutMismatches,
  type PayoutMismatch,
} from "@/lib/server/services/payouts/match";
import { payoutPolicy } from "@/lib/server/services/payouts/policy";
import { readDetailsOf, submissionOf } from "@/lib/server/services/payouts/sender";
import { answerFor, registerRowOf, registerView, sendOrAwait } from "@/lib/server/services/payouts/issue";

type ReviewDeps = Pick<ServiceDeps, "api" | "ledger" | "businessId" | "actor">;

function assertReviewable(row: PayoutRecord): void {
  if (!(UNKNOWN_OUTCOME_STATES as readonly string[]).includes(row.state)) {
    throw new BffError("payout_not_reviewable", "This payout's outcome is already known; reload to see it.", {
      details: { state: row.state },
    });
  }
}

/** How many payouts wait for a person, and how many are still being resolved. */
export async function payoutAttention({ ledger, businessId }: LedgerScope): Promise<Answer<PayoutAttention>> {
  const counts = await countAttention(ledger, businessId);
  const data: PayoutAttention = { needs_review: counts.needsReview, in_progress: counts.inProgress };
  return { data };
}

/** A person resolves a payout whose outcome the dashboard does not know: check again with its key, or mark it handled. */
export async function reviewPayout(ctx: ReviewDeps, input: PayoutReviewInput): Promise<Answer<RegisterPayout>> {
  const row = await registerRowOf(ctx, input.idempotency_key);
  assertReviewable(row);
  if (input.action === "check_again") {
    const { ledger, api, businessId, actor } = ctx;
    const outcome = await sendOrAwait(
      { ledger, api, businessId, actor, action: "payout.check_again", mayResolveReview: true },
      row.idempotencyKey,
    );
    return answerFor(outcome, false);
  }
  return input.payout_id
    ? attachFoundPayout(ctx, row, input.payout_id, input.note)
    : closeAsHandled(ctx, row, input.note);
}

/** Runs `work` holding the payout's send lease, so nothing sends it meanwhile. */
async function underLease<T>(ctx: LedgerScope, key: string, work: () => Promise<T>): Promise<T> {
  const held = await holdLease(
    ctx.ledger,
    payoutLeaseName(ctx.businessId, key),
    { ttlMs: payoutPolicy().leaseTtlMs },
    work,
  );
  if (!held.acquired) {
    throw new BffError("payout_in_progress", "This payout is being sent right now. Try again in a moment.", {
      details: { idempotency_key: key },
    });
  }
  return held.value;
}

async function closeAsHandled(ctx: ReviewDeps, row: PayoutRecord, note: string): Promise<Answer<RegisterPayout>> {
  const { businessId, actor } = ctx;
  const record = await underLease(ctx, row.idempotencyKey, () =>
    inTransaction(ctx.ledger, async (tx) => {
      const handled = await markPayoutHandled(tx, businessId, row.idempotencyKey, { name: actor.name, note });
      if (!handled) return null;
      await appendAudit(tx, {
        businessId,
        actor,
        action: "payout.handled",
        outcome: "success",
        targetType: "payout",
        targetId: null,
        idempotencyKey: row.idempotencyKey,
        before: { state: row.state, review_reason: row.reviewReason },
        after: { state: "handled", note },
        requestId: row.lastRequestId,
      });
      return handled;
    }),
  );
  if (!record) throw new BffError("payout_not_reviewable", "This payout's outcome is already known; reload to see it.");
  return { data: registerView(record) };
}

/**
 * The operator found the payout with the API (by id): look it up and, when it can
 * be this row's payout (payoutMismatches: amount, key type, key, created after
 * this send started), record it as submitted — a definite answer. One payout id
 * belongs to one row: a second row asking for it gets 409 (checked first, and
 * enforced by the ledger's unique index when two attaches race).
 */
async function attachFoundPayout(
  ctx: ReviewDeps,
  row: PayoutRecord,
  payoutId: string,
  note: string,
): Promise<Answer<RegisterPayout>> {
  const { api, ledger, businessId, actor } = ctx;
  // Nothing was sent with this row's key: no payout is its own, whatever it looks like (no look-up needed).
  // Only a send under the lease sets maybe_sent, and attaching also takes the lease, so it cannot change unseen.
  if (!row.maybeSent)
    throw mismatchError(["never_sent"], null, "Close it as handled without the id, naming the payout in the note.");
  const found = await api.getPayout(payoutId);
  const payout = found.data;
  const sent = await getPayoutForSend(ledger, businessId, row.idempotencyKey);
  const mismatches = payoutMismatches({ ...row, pixKey: sent?.requestBody?.pix_key ?? null }, payout);
  if (mismatches.length > 0) throw mismatchError(mismatches, found.requestId, "Check the id.");
  const already = await getPayoutByUpstreamId(ledger, businessId, payout.id);
  if (already && already.idempotencyKey !== row.idempotencyKey) throw alreadyRecorded();
  const record = await underLease(ctx, row.idempotencyKey, () =>
    inTransaction(ledger, async (tx) => {
      const done = await completePayoutIntent(tx, businessId, row.idempotencyKey, {
        ...submissionOf(payout, found.requestId, 0),
        ...readDetailsOf(payout),
      });
      if (!done) return null;
      await appendAudit(tx, {
        businessId,
        actor,
        action: "payout.handled",
        outcome: "success",
        targetType: "payout",
        targetId: payout.id,
        idempotencyKey: row.idempotencyKey,
        before: { state: row.state, review_reason: row.reviewReason },
        after: { state: "submitted", payout_id: payout.id, status: payout.status, note },
        requestId: found.requestId,
      });
      return done;
    }),
  ).catch((error: unknown) => {
    // Another row got this payout id between the check above and this write.
    if (isPayoutIdTaken(error)) throw alreadyRecorded();
    throw error;
  });
  if (!record) throw new BffError("payout_not_reviewable", "This payout's outcome is already known; reload to see it.");
  return { data: registerView(record), requestId: found.requestId };
}

function mismatchError(mismatches: PayoutMismatch[], requestId: string | null, advice: string): BffError {
  const [first = "amount"] = mismatches;
  return new BffError(
    "payout_mismatch",
    `That payout cannot be this one: ${mismatches.map((m) => MISMATCH_TEXT[m]).join("; ")}. ${advice}`,
    {
      fields: { payout_id: MISMATCH_MESSAGES[first] },
      details: { mismatch: mismatches },
      requestId,
    },
  );
}

function alreadyRecorded(): BffError {
  return new BffError("payout_already_recorded", "That payout is already recorded for another register row.", {
    fields: { payout_id: "validation.payoutAlreadyRecorded" },
  });
}

import "server-only";
import { SYSTEM_ACTORS } from "@/lib/shared/schemas/activity";
import {
  appendAudit,
  getLedger,
  listResendCandidates,
  movePayoutToReview,
  purgeExpiredLeases,
  purgeExpiredSeals,
  sweepPayoutsToReview,
  type Ledger,
} from "@/lib/server/ledger";
import { log } from "@/lib/server/log";
import { apiClientFor } from "@/lib/server/payments-api/for-credential";
import { backgroundCredentials } from "@/lib/server/services/payouts/background-credential";
import { payoutPolicy, type PayoutPolicy } from "@/lib/server/services/payouts/policy";
import { sendPayout } from "@/lib/server/services/payouts/sender";
import { refreshFollowUps, type RefreshSummary } from "@/lib/server/services/payouts/refresher";

export interface ReconcileSummary {
  examined: number;
  submitted: number;
  rejected: number;
  stillUncertain: number;
  /** Being sent by someone else when this pass reached it. */
  busy: number;
  /** Moved to needs review (window closed, no credential for its business, or a conflicting answer). */
  toReview: number;
  /**
   * Batch rows the API refused for their credential (401, nothing made): back to their batch (pending, or
   * cancelled with it), to be sent with the batch's current credential rather than rejected for good.
   */
  returnedToBatch: number;
  /** Sealed credentials erased because their payout is older than the re-send window. */
  sealsPurged: number;
  refreshed: RefreshSummary;
}

const RECONCILER_ACTOR = { name: SYSTEM_ACTORS.reconciler, role: "system" };
/** Sends at once in one pass: enough to drain a backlog, few enough to leave room for operators' own sends. */
const PASS_CONCURRENCY = 4;

/**
 * One pass of the background work on payouts, safe on any number of instances:
 * 1. payouts that may no longer be re-sent by themselves (window closed) move
 *    to needs review, audited, and lose their seal; no seal of a payout older
 *    than the window is kept, whatever its state;
 * 2. the rest without an answer are re-sent, each under its own lease, with
 *    their own idempotency key (the API answers with the payout it already
 *    made, or makes it once), with their business's workspace API key (or, for
 *    a row written before seals were retired, its unexpired seal); one with
 *    neither moves to needs review (`credential_unavailable`), audited;
 * 3. submitted payouts still pending are looked up (a few per business).
 *
 * `now` is the clock the windows and seals are measured with (tests inject
 * one; by default the database's for the rows and this process's for seals).
 */
export async function reconcilePayouts(
  ledger: Ledger,
  options: { olderThanMs: number; limit?: number; policy?: PayoutPolicy; now?: Date },
): Promise<ReconcileSummary> {
  const policy = options.policy ?? payoutPolicy();
  const { now } = options;
  const summary: ReconcileSummary = {
    examined: 0,
    submitted: 0,
    rejected: 0,
    stillUncertain: 0,
    busy: 0,
    toReview: 0,
    returnedToBatch: 0,
    sealsPurged: 0,
    refreshed: { checked: 0, changed: 0, ended: 0 },
  };

  for (const row of await sweepPayoutsToReview(ledger, { windowMs: policy.autoResendWindowMs, now })) {
    summary.toReview += 1;
    await auditReview(ledger, row.businessId, row.idempotencyKey, row.reviewReason, row.lastRequestId);
  }

  summary.sealsPurged = await purgeExpiredSeals(ledger, { windowMs: policy.autoResendWindowMs, now });

  const candidates = await listResendCandidates(ledger, {
    olderThanMs: options.olderThanMs,
    windowMs: policy.autoResendWindowMs,
    limit: options.limit ?? 50,
    now,
  });
  const credentialFor = backgroundCredentials(ledger);
  await forEachLimited(candidates, PASS_CONCURRENCY, async (row) => {
    summary.examined += 1;
    const credential = await credentialFor(row.businessId, row.credentialSeal, now?.getTime());
    if (!credential) {
      const moved = await movePayoutToReview(ledger, row.businessId, row.idempotencyKey, "credential_unavailable");
      if (moved) {
        summary.toReview += 1;
        await auditReview(ledger, row.businessId, row.idempotencyKey, "credential_unavailable", row.lastRequestId);
      }
      return;
    }
    const outcome = await sendPayout(
      // A batch row's intent may carry a credential its batch no longer sends with (claimed just before a 401 paused
      // the batch, or a resume stored a fresh one): refused, it goes back to its batch, as the worker's own sends do.
      {
        ledger,
        api: apiClientFor(credential),
        businessId: row.businessId,
        actor: RECONCILER_ACTOR,
        action: "payout.reconcile",
        mayResolveReview: false,
        returnRefusedToBatch: true,
      },
      row.idempotencyKey,
    );
    if (outcome.kind === "submitted") summary.submitted += 1;
    else if (outcome.kind === "rejected") summary.rejected += 1;
    else if (outcome.kind === "busy") summary.busy += 1;
    else if (outcome.kind === "credential_refused") summary.returnedToBatch += 1;
    else if (outcome.kind === "unknown" && outcome.record.state === "needs_review") summary.toReview += 1;
    else if (outcome.kind === "unknown") summary.stillUncertain += 1;
  });

  summary.refreshed = await refreshFollowUps(ledger, policy, now, credentialFor);
  await purgeExpiredLeases(ledger);
  return summary;
}

function auditReview(ledger: Ledger, businessId: string, key: string, reason: string | null, requestId: string | null) {
  return appendAudit(ledger, {
    businessId,
    actor: RECONCILER_ACTOR,
    action: "payout.review",
    outcome: "pending",
    targetType: "payout",
    targetId: null,
    idempotencyKey: key,
    after: { state: "needs_review", reason },
    requestId,
  });
}

async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item).catch((error: unknown) => log.error("reconciler.payout_step_failed", { error }));
    }
  });
  await Promise.all(lanes);
}

const globalForReconciler = globalThis as typeof globalThis & { __pixopsReconciler?: NodeJS.Timeout };

/** Runs the reconciler now and then every RECONCILE_INTERVAL_MS (default 15 s) in this process. */
export function startReconciler(): void {
  if (globalForReconciler.__pixopsReconciler) return;
  const policy = payoutPolicy();
  let running = false;
  const tick = async (minAge: number) => {
    if (running) return;
    running = true;
    try {
      const summary = await reconcilePayouts(await getLedger(), { olderThanMs: minAge, policy });
      if (summary.examined > 0 || summary.toReview > 0) log.info("reconciler.pass", { summary });
    } catch (error) {
      log.error("reconciler.pass_failed", { error });
    } finally {
      running = false;
    }
  };
  // At start-up nothing this process sends is in flight yet; rows another instance is sending hold a lease and are skipped.
  void tick(0);
  globalForReconciler.__pixopsReconciler = setInterval(
    () => void tick(policy.reconcileAfterMs),
    policy.reconcileIntervalMs,
  );
  globalForReconciler.__pixopsReconciler.unref();
}

/** Stops this process's reconciler (tests; a server stops with its process). */
export function stopReconciler(): void {
  clearInterval(globalForReconciler.__pixopsReconciler);
  globalForReconciler.__pixopsReconciler = undefined;
}

import "server-only";
import { claimPendingIntents, getLedger, markPayoutUncertain, type Ledger } from "@/lib/ledger";
import { openCredential } from "@/lib/session/credential-seal";
import { apiClientFor } from "./api-client";
import { BffError } from "./errors";
import { sendPayoutIntent } from "./payouts";

export interface ReconcileSummary {
  examined: number;
  submitted: number;
  rejected: number;
  stillUncertain: number;
  skipped: number;
}

const RECONCILER_ACTOR = { name: "reconciler", role: "system" };

/**
 * Finishes payouts whose outcome the dashboard does not know — an intent
 * written before a crash, or a request whose reply was lost — by re-sending each
 * with its own idempotency key: the API answers with the payout it already made,
 * or makes it once. Safe to run on several instances at once (rows are claimed).
 */
export async function reconcilePayouts(ledger: Ledger, options: { olderThanMs: number; limit?: number }): Promise<ReconcileSummary> {
  const summary: ReconcileSummary = { examined: 0, submitted: 0, rejected: 0, stillUncertain: 0, skipped: 0 };
  const intents = await claimPendingIntents(ledger, { olderThanMs: options.olderThanMs, limit: options.limit ?? 50 });
  for (const intent of intents) {
    summary.examined += 1;
    const credential = intent.credentialSeal ? await openCredential(intent.credentialSeal) : null;
    if (!intent.requestBody || !credential) {
      // Without the body or a credential it cannot be re-sent; leave it visible as uncertain.
      await markPayoutUncertain(ledger, intent.businessId, intent.idempotencyKey, {
        errorCode: "reconcile_impossible",
        errorMessage: "The payout cannot be re-sent automatically (its credential expired). Check it by id with the API.",
        attempts: intent.attempts,
      });
      summary.skipped += 1;
      continue;
    }
    const api = apiClientFor(credential);
    try {
      await sendPayoutIntent({ ledger, api, businessId: intent.businessId, actor: RECONCILER_ACTOR, action: "payout.reconcile" }, intent.requestBody);
      summary.submitted += 1;
    } catch (error) {
      if (error instanceof BffError && error.code === "payout_outcome_unknown") summary.stillUncertain += 1;
      else summary.rejected += 1;
    }
  }
  return summary;
}

const globalForReconciler = globalThis as typeof globalThis & { __pixopsReconciler?: NodeJS.Timeout };

/** Runs the reconciler now and then every RECONCILE_INTERVAL_MS (default 15 s) in this process. */
export function startReconciler(): void {
  if (globalForReconciler.__pixopsReconciler) return;
  const intervalMs = Number(process.env.RECONCILE_INTERVAL_MS ?? 15_000);
  const olderThanMs = Number(process.env.RECONCILE_AFTER_MS ?? 10_000);
  let running = false;
  const tick = async (minAge: number) => {
    if (running) return;
    running = true;
    try {
      const summary = await reconcilePayouts(await getLedger(), { olderThanMs: minAge });
      if (summary.examined > 0) console.log("[reconciler]", JSON.stringify(summary));
    } catch (error) {
      console.error("[reconciler] pass failed", error);
    } finally {
      running = false;
    }
  };
  // At start-up every unresolved intent predates this process: no need to wait for it to age.
  void tick(0);
  globalForReconciler.__pixopsReconciler = setInterval(() => void tick(olderThanMs), intervalMs);
  globalForReconciler.__pixopsReconciler.unref();
}

import "server-only";
import { payoutSettings, type Env } from "@/lib/server/config";
import { parsePayoutSettings } from "@/lib/server/config/sections";
import { resolveRetryPolicy } from "@/lib/server/payments-api/retry";
import { retryPolicyFromEnv } from "@/lib/server/payments-api/for-credential";

/**
 * The timing rules of the payout lifecycle, read from the environment and
 * checked (a bad value stops the start with a message naming the variable).
 * See docs/ledger.md ("The lifecycle") for what each one decides.
 */
export interface PayoutPolicy {
  /** A payout without a definite answer is re-sent automatically only this long after it was created. */
  autoResendWindowMs: number;
  /**
   * How long a sealed credential kept with a payout opens: the re-send window
   * plus a small margin (a send that started just inside the window, clock
   * differences between instances). The ledger erases seals at the window.
   */
  sealLifetimeMs: number;
  /**
   * A submitted payout's status is followed by the background refresher this
   * long after creation, with its sealed credential: at most the re-send
   * window, since no seal is kept longer.
   */
  followUpWindowMs: number;
  /** Lease of one send: longer than the client's whole deadline, renewed every third of it while sending. */
  leaseTtlMs: number;
  /** How long a second request for a key being sent waits for the first one's outcome. */
  inFlightWaitMs: number;
  /** How often that wait looks again. */
  inFlightPollMs: number;
  reconcileIntervalMs: number;
  /** Unresolved rows untouched for this long are re-sent by the reconciler. */
  reconcileAfterMs: number;
  /** At most this many status look-ups per business per pass of the refresher. */
  refreshPerBusiness: number;
  /** A followed payout is looked up again at most this often. */
  refreshEveryMs: number;
}

/** Margin of the send lease over the client's deadline. */
const LEASE_MARGIN_MS = 10_000;
/** Margin of a sealed credential's lifetime over the re-send window. */
export const SEAL_MARGIN_MS = 60_000;

/** The policy from the configuration (lib/server/config); `env` parses the given variables instead. */
export function payoutPolicy(env?: Env): PayoutPolicy {
  const e = env ? parsePayoutSettings(env) : payoutSettings();
  const deadlineMs = resolveRetryPolicy(retryPolicyFromEnv(env)).deadlineMs;
  return {
    autoResendWindowMs: e.PAYOUT_AUTO_RESEND_WINDOW_MS,
    sealLifetimeMs: e.PAYOUT_AUTO_RESEND_WINDOW_MS + SEAL_MARGIN_MS,
    followUpWindowMs:
      e.PAYOUT_FOLLOW_UP_WINDOW_MS !== undefined
        ? Math.min(e.PAYOUT_FOLLOW_UP_WINDOW_MS, e.PAYOUT_AUTO_RESEND_WINDOW_MS)
        : e.PAYOUT_AUTO_RESEND_WINDOW_MS,
    leaseTtlMs: deadlineMs + LEASE_MARGIN_MS,
    inFlightWaitMs: e.PAYOUT_INFLIGHT_WAIT_MS ?? deadlineMs + 2_000,
    inFlightPollMs: 100,
    reconcileIntervalMs: e.RECONCILE_INTERVAL_MS,
    reconcileAfterMs: e.RECONCILE_AFTER_MS,
    refreshPerBusiness: e.PAYOUT_REFRESH_PER_BUSINESS,
    refreshEveryMs: e.PAYOUT_REFRESH_EVERY_MS,
  };
}

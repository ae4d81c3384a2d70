/**
 * The payments client's retry policy and its defaults, which are also the defaults of the PAYMENTS_* retry
 * variables (payments.ts). No imports, so the client's pure retry arithmetic (payments-api/retry.ts) can use it.
 */

export interface RetryPolicy {
  /** Requests per operation, first one included. */
  maxAttempts: number;
  /** Backoff base: the n-th retry waits random(0, min(maxDelayMs, baseDelayMs * 2^n)). */
  baseDelayMs: number;
  /** Cap of the backoff ceiling. */
  maxDelayMs: number;
  /** Each request (headers and body) must finish within this. */
  attemptTimeoutMs: number;
  /** The whole operation, retries and waits included, must finish within this. */
  deadlineMs: number;
  /**
   * A read's (GET's) whole operation, at most `deadlineMs`: a person is waiting on a page, and a read can be asked
   * again at no risk, so it gives up sooner than a payout, whose answer matters more than its speed.
   */
  readDeadlineMs: number;
}

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  maxAttempts: 4,
  baseDelayMs: 200,
  maxDelayMs: 3_000,
  attemptTimeoutMs: 8_000,
  deadlineMs: 20_000,
  readDeadlineMs: 5_000,
});

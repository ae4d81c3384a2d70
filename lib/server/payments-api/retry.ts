/**
 * Retry arithmetic for the payments client. Pure (no secrets, no I/O; time comes in as arguments),
 * so it is importable anywhere and unit-testable on its own.
 */

import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "../config/retry-policy";

export { DEFAULT_RETRY_POLICY, type RetryPolicy };

/** Merges overrides into the defaults and rejects nonsense (negative, non-finite, zero attempts). */
export function resolveRetryPolicy(overrides: Partial<RetryPolicy> = {}): RetryPolicy {
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY };
  for (const key of Object.keys(policy) as Array<keyof RetryPolicy>) {
    const value = overrides[key];
    if (value !== undefined) policy[key] = value;
  }
  if (!Number.isInteger(policy.maxAttempts) || policy.maxAttempts < 1)
    throw new RangeError("retry.maxAttempts must be an integer >= 1.");
  for (const key of ["baseDelayMs", "maxDelayMs"] as const) {
    if (!Number.isFinite(policy[key]) || policy[key] < 0)
      throw new RangeError(`retry.${key} must be a finite number >= 0.`);
  }
  for (const key of ["attemptTimeoutMs", "deadlineMs", "readDeadlineMs"] as const) {
    if (!Number.isFinite(policy[key]) || policy[key] <= 0)
      throw new RangeError(`retry.${key} must be a finite number > 0.`);
  }
  return policy;
}

/**
 * Full-jitter exponential backoff: a uniform pick in [0, min(cap, base * 2^n)),
 * where n is the retry index (0 before the first retry). `random` returns [0, 1).
 */
export function backoffDelay(
  retryIndex: number,
  policy: Pick<RetryPolicy, "baseDelayMs" | "maxDelayMs">,
  random: () => number,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retryIndex);
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.floor(r * ceiling);
}

/**
 * Retry-After as milliseconds from `now`: delta-seconds ("3") or an HTTP-date.
 * Null when absent or unparseable; a date in the past gives 0.
 */
export function parseRetryAfter(value: string | undefined, now: number): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) {
    const seconds = Number(text);
    return Number.isSafeInteger(seconds) ? seconds * 1000 : null;
  }
  const at = Date.parse(text);
  if (Number.isNaN(at) || !/[a-z]/i.test(text)) return null;
  return Math.max(0, at - now);
}

/**
 * Statuses worth another try: 408 and 429 (asked to come back), 502/503/504 (a proxy or
 * the service is temporarily unavailable, nothing was committed or the idempotency key
 * makes a replay safe). A bare 500 is retried only for GET: on a POST it may mean the
 * operation failed after committing, or that it fails deterministically, so the
 * caller sees it at once instead of after the whole retry budget.
 */
export function isRetryableStatus(status: number, method: string): boolean {
  if (status === 408 || status === 429 || status === 502 || status === 503 || status === 504) return true;
  return status === 500 && method === "GET";
}

/** The system clock's wait (a real timer); the client waits on its injected clock. */
export { timerSleep as sleep, abortReason } from "../../shared/clock";

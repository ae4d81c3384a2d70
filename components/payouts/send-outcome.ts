import { isBffRequestError } from "@/lib/browser/bff-client/errors";

/**
 * What a failed "send payout" means for the operator:
 * - `uncertain`: the request may have reached the API (no answer, timeout, 5xx,
 *   network failure, `payout_outcome_unknown`): the payout may exist. Keep the
 *   idempotency key, lock the form, offer "check again" with the same body.
 * - `conflict`: the key was already used for a different payout (409).
 * - `closed`: a person already closed this key's payout as handled (409
 *   `payout_handled`): this key will never send it; a new payout needs a new key.
 * - `invalid`: a 422 with field messages: back to the form, nothing was paid.
 * - `refused`: any other definite answer (4xx): nothing was paid.
 */
export type SendFailure = "uncertain" | "conflict" | "closed" | "invalid" | "refused";

export function classifySendFailure(error: unknown): SendFailure {
  if (!isBffRequestError(error)) return "uncertain";
  if (error.knownCode === "payout_outcome_unknown") return "uncertain";
  // Another request is sending this key right now: its outcome is not known yet.
  if (error.knownCode === "payout_in_progress") return "uncertain";
  if (error.knownCode === "payout_handled") return "closed";
  if (error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429) return "uncertain";
  // A 2xx we could not read: the payout was probably created.
  if (error.status >= 200 && error.status < 300) return "uncertain";
  if (error.knownCode === "idempotency_conflict") return "conflict";
  if (error.status === 422 && error.hasFieldErrors) return "invalid";
  return "refused";
}

/** The idempotency key the BFF reports for an uncertain payout, if any. */
export function reportedIdempotencyKey(error: unknown): string | null {
  if (!isBffRequestError(error)) return null;
  const key = error.details.idempotency_key;
  return typeof key === "string" ? key : null;
}

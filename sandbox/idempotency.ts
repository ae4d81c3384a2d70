/**
 * Idempotent replay, scoped per business + endpoint + key. Same key + same body →
 * the stored response again (Idempotent-Replayed: true); same key + different body
 * → 409 idempotency_conflict. Only 2xx results are stored, so a rejected request
 * does not burn the key. Handlers are synchronous, so two concurrent requests with
 * one key cannot both run the effect.
 */
import { fail, ok, type ApiResult } from "./http";
import type { Store } from "./store";
import { canonicalJson } from "./validation";

export const REPLAY_HEADER = "Idempotent-Replayed";

export interface IdempotencyScope {
  businessId: string;
  /** Route template, e.g. "POST /v1/payouts". */
  endpoint: string;
  key: string;
}

export function scopeId(scope: IdempotencyScope): string {
  return `${scope.businessId}|${scope.endpoint}|${scope.key}`;
}

/**
 * The idempotency key a request carries, wherever its endpoint takes it: the
 * body's `idempotency_key` (payouts) or the Idempotency-Key header (elsewhere).
 */
export function requestKey(body: Record<string, unknown>, header: string | undefined): string | null {
  if (typeof body.idempotency_key === "string" && body.idempotency_key !== "") return body.idempotency_key;
  return header !== undefined && header !== "" ? header : null;
}

/** What identifies "the same request": the body (and, where it matters, the concrete path). */
export function fingerprint(value: unknown): string {
  return canonicalJson(value);
}

/** Replays or rejects a known key; returns null when the key is new. */
export function lookup(store: Store, scope: IdempotencyScope, print: string): ApiResult | null {
  const record = store.idempotency.get(scopeId(scope));
  if (!record) return null;
  if (record.fingerprint !== print) {
    return fail(409, "idempotency_conflict", "This idempotency key was already used with a different request body.", {
      idempotency_key: scope.key,
    });
  }
  return { ...ok(record.data, { [REPLAY_HEADER]: "true" }), status: record.status };
}

/** Runs `effect` once per key: replays known keys, stores successful results. */
export function runIdempotent(
  store: Store,
  scope: IdempotencyScope | null,
  print: string,
  effect: () => ApiResult,
): ApiResult {
  if (scope === null) return effect();
  const known = lookup(store, scope, print);
  if (known) return known;
  const result = effect();
  if (result.status >= 200 && result.status < 300 && !result.error) {
    store.saveIdempotent({
      scope: scopeId(scope),
      fingerprint: print,
      status: result.status,
      data: result.data ?? null,
      created_at: new Date(store.clock.now()).toISOString(),
    });
  }
  return result;
}

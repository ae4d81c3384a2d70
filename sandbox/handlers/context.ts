/** What every /v1 handler receives. Handlers are synchronous: the effect happens on receipt. */
import type { IncomingMessage } from "node:http";
import { header, validationFailed, type ApiResult } from "../http";
import type { IdempotencyScope } from "../idempotency";
import type { Store } from "../store";
import type { Business } from "../types";
import { IDEMPOTENCY_KEY_RE } from "../validation";

export interface HandlerContext {
  business: Business;
  params: Record<string, string>;
  /** Parsed JSON object for POST routes, {} for GET. */
  body: Record<string, unknown>;
  req: IncomingMessage;
  store: Store;
  settleMs: number;
  /** Route template key, e.g. "POST /v1/payouts". */
  endpoint: string;
  pathname: string;
  now: number;
}

export type Handler = (ctx: HandlerContext) => ApiResult;

export const IDEMPOTENCY_KEY_MESSAGE = "must be 8 to 128 characters of letters, digits, _ : . or -";

/**
 * The optional `Idempotency-Key` header of payment link creation and subaccount
 * update. Returns the scope (null when absent) or a 422 for a malformed key.
 */
export function headerIdempotencyScope(
  ctx: HandlerContext,
): { scope: IdempotencyScope | null } | { result: ApiResult } {
  const key = header(ctx.req, "idempotency-key");
  if (key === undefined) return { scope: null };
  if (!IDEMPOTENCY_KEY_RE.test(key))
    return {
      result: validationFailed({ idempotency_key: IDEMPOTENCY_KEY_MESSAGE }, "The Idempotency-Key header is invalid."),
    };
  return { scope: { businessId: ctx.business.id, endpoint: ctx.endpoint, key } };
}

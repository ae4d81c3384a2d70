/**
 * Authentication. X-API-Key works everywhere; Bearer token + X-Business-Id only on
 * the routes marked `bearer` (retrieve a payout, list chargebacks).
 */
import type { IncomingMessage } from "node:http";
import { businessByApiKey, businessByToken } from "./businesses";
import { fail, header, type ApiResult } from "./http";
import type { Business } from "./types";

export type AuthOutcome = { ok: true; business: Business; credential: string } | { ok: false; result: ApiResult };

const BEARER_RE = /^Bearer\s+(\S+)\s*$/i;

export function authenticate(
  req: IncomingMessage,
  bearerAllowed: boolean,
  extraApiKeys: ReadonlyMap<string, Business> = new Map(),
): AuthOutcome {
  const apiKey = header(req, "x-api-key");
  if (apiKey !== undefined && apiKey !== "") {
    const business = businessByApiKey(apiKey.trim()) ?? extraApiKeys.get(apiKey.trim());
    if (!business) return { ok: false, result: fail(401, "invalid_credentials", "The API key is not valid.") };
    return { ok: true, business, credential: `key:${business.apiKey}` };
  }

  const authorization = header(req, "authorization");
  if (authorization === undefined || authorization.trim() === "") {
    return {
      ok: false,
      result: fail(
        401,
        "unauthorized",
        "Missing credentials: send X-API-Key (or Authorization: Bearer with X-Business-Id where allowed).",
      ),
    };
  }
  const match = BEARER_RE.exec(authorization);
  if (!match?.[1]) {
    return {
      ok: false,
      result: fail(401, "unauthorized", "Unsupported Authorization scheme: use Bearer <ACCESS_TOKEN>."),
    };
  }
  const business = businessByToken(match[1]);
  if (!business) return { ok: false, result: fail(401, "invalid_credentials", "The access token is not valid.") };
  const businessId = header(req, "x-business-id")?.trim().toLowerCase();
  if (!businessId || businessId !== business.id) {
    return {
      ok: false,
      result: fail(401, "invalid_credentials", "X-Business-Id is missing or does not match the access token."),
    };
  }
  if (!bearerAllowed) {
    return {
      ok: false,
      result: fail(
        403,
        "forbidden",
        "Bearer tokens are accepted only on GET /v1/payouts/{id} and GET /v1/chargebacks; use X-API-Key.",
      ),
    };
  }
  return { ok: true, business, credential: `token:${business.accessToken}` };
}

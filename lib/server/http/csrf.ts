import "server-only";
import { normalizeOrigin, requestTransport } from "@/lib/server/transport-config";
import { BffError } from "@/lib/server/errors/bff-error";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function isStateChanging(method: string): boolean {
  return UNSAFE_METHODS.has(method.toUpperCase());
}

/**
 * This deployment's own origin, normalised: APP_ORIGIN when set; with
 * TRUST_PROXY=1 the forwarded proto and host; else http:// and the Host header
 * (lib/server/transport-config.ts). Null when the request names no usable host.
 */
export function expectedOrigin(url: string, headers: Headers): string | null {
  return requestTransport(url, headers).origin;
}

function hasBody(headers: Headers): boolean {
  const length = headers.get("content-length");
  return (length !== null && length !== "0") || headers.has("transfer-encoding");
}

/**
 * CSRF defence in depth for state-changing requests. SameSite=Strict already
 * keeps the cookie off cross-site requests; on top of that we refuse:
 * cross-site or same-site fetch metadata, a foreign or `null` Origin, a missing
 * `X-Requested-By: dashboard` header (a custom header forces a CORS preflight,
 * which we never grant), and any body that is not JSON.
 */
export function assertSameOriginWrite(url: string, method: string, headers: Headers): void {
  if (!isStateChanging(method)) return;
  const site = headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") {
    throw new BffError("csrf_rejected", "Cross-site requests are not allowed.");
  }
  const origin = headers.get("origin");
  // Both sides normalised (case, default port), so `https://Dash.example.com:443` is `https://dash.example.com`; `null` never matches.
  const expected = origin === null ? null : expectedOrigin(url, headers);
  if (origin !== null && (expected === null || normalizeOrigin(origin) !== expected)) {
    throw new BffError("csrf_rejected", "Requests from another origin are not allowed.");
  }
  if (headers.get("x-requested-by") !== "dashboard") {
    throw new BffError("csrf_rejected", "Missing the X-Requested-By: dashboard header.");
  }
  if (hasBody(headers)) {
    const type = headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
    if (type !== "application/json") {
      throw new BffError("unsupported_media_type", "Send the body as application/json.");
    }
  }
}

import "server-only";
import { BffError } from "./errors";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function isStateChanging(method: string): boolean {
  return UNSAFE_METHODS.has(method.toUpperCase());
}

/** This deployment's own origin: APP_ORIGIN when set, else what the request was addressed to. */
export function expectedOrigin(url: string, headers: Headers): string {
  if (process.env.APP_ORIGIN) return process.env.APP_ORIGIN.replace(/\/+$/, "");
  const requestUrl = new URL(url);
  const proto = headers.get("x-forwarded-proto")?.split(",")[0]?.trim() ?? requestUrl.protocol.replace(":", "");
  const host = headers.get("x-forwarded-host")?.split(",")[0]?.trim() ?? headers.get("host") ?? requestUrl.host;
  return `${proto}://${host}`;
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
    throw new BffError(403, "csrf_rejected", "Cross-site requests are not allowed.");
  }
  const origin = headers.get("origin");
  if (origin !== null && origin !== expectedOrigin(url, headers)) {
    throw new BffError(403, "csrf_rejected", "Requests from another origin are not allowed.");
  }
  if (headers.get("x-requested-by") !== "dashboard") {
    throw new BffError(403, "csrf_rejected", "Missing the X-Requested-By: dashboard header.");
  }
  if (hasBody(headers)) {
    const type = headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
    if (type !== "application/json") {
      throw new BffError(415, "unsupported_media_type", "Send the body as application/json.");
    }
  }
}

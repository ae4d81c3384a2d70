import "server-only";
import { requestTransport } from "@/lib/server/transport-config";

/**
 * Over https the cookie is `__Host-` prefixed and Secure (browsers then refuse it
 * from any other origin or path); over plain http (local development, the
 * sandbox) those attributes cannot be used, so it has a plain name.
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? "__Host-pixops_session" : "pixops_session";
}

/**
 * True when the request is an https one by this deployment's transport settings:
 * an https APP_ORIGIN always; X-Forwarded-Proto only with TRUST_PROXY=1; else
 * never (see lib/server/transport-config.ts). Sign-in, every route handler,
 * pages and proxy.ts all ask this, so they agree on the cookie's name.
 */
export function isSecureRequest(url: string, headers: Headers): boolean {
  return requestTransport(url, headers).secure;
}

export function readCookie(headers: Headers, name: string): string | undefined {
  const header = headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      // Malformed %-encoding: hand it on as is, so it is refused as an invalid seal (401), not a crash (500).
      return value;
    }
  }
  return undefined;
}

export function serializeSessionCookie(value: string, secure: boolean, maxAgeSeconds: number): string {
  const parts = [
    `${sessionCookieName(secure)}=${encodeURIComponent(value)}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Strict",
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
  ];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

export function serializeClearedSessionCookie(secure: boolean): string {
  const parts = [`${sessionCookieName(secure)}=`, "Path=/", "HttpOnly", "SameSite=Strict", "Max-Age=0"];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

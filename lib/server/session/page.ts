import "server-only";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import type { SessionInfo } from "@/lib/shared/schemas/session";
import { authenticate } from "./authenticate";
import { toSessionInfo } from "./session";

/**
 * The signed-in session for a server component (pages check auth themselves,
 * not only the proxy). Null when signed out, expired, idle or revoked.
 */
export const getPageSession = cache(async function getPageSession(): Promise<SessionInfo | null> {
  const requestHeaders = new Headers(await headers());
  // `cookies()` marks the page dynamic and reflects cookies the proxy refreshed.
  const cookieHeader = (await cookies()).toString();
  if (cookieHeader) requestHeaders.set("cookie", cookieHeader);
  // Whether this is an https request (the cookie's name) is decided from the headers by the transport settings, not this URL's scheme.
  const result = await authenticate(`http://${requestHeaders.get("host") ?? "localhost"}/`, requestHeaders);
  return result.ok ? toSessionInfo(result.session) : null;
});

import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { can, type Permission } from "@/lib/shared/auth/roles";
import type { SessionInfo } from "@/lib/shared/schemas/session";
import { authenticate } from "./authenticate";
import { toSessionInfo, type SessionData } from "./session";

/**
 * The page request's whole session, credential included: only for server code
 * that calls the API on the page's behalf (lib/server/http/prefetch.ts), never
 * for anything rendered. Null when signed out, expired, idle or revoked.
 */
export const getPageSessionData = cache(async function getPageSessionData(): Promise<SessionData | null> {
  const requestHeaders = new Headers(await headers());
  // `cookies()` marks the page dynamic and reflects cookies the proxy refreshed.
  const cookieHeader = (await cookies()).toString();
  if (cookieHeader) requestHeaders.set("cookie", cookieHeader);
  // Whether this is an https request (the cookie's name) is decided from the headers by the transport settings, not this URL's scheme.
  const result = await authenticate(`http://${requestHeaders.get("host") ?? "localhost"}/`, requestHeaders);
  return result.ok ? result.session : null;
});

/**
 * The signed-in session for a server component (pages check auth themselves,
 * not only the proxy). Null when signed out, expired, idle or revoked.
 */
export const getPageSession = cache(async function getPageSession(): Promise<SessionInfo | null> {
  const session = await getPageSessionData();
  return session ? toSessionInfo(session) : null;
});

export interface PageAccess {
  session: SessionInfo;
  /** The role may see the page; when false, render `<NotAllowed page=… />` (components/shell/not-allowed). */
  allowed: boolean;
}

/**
 * The one permission check for role-restricted pages: a signed-out visitor is
 * sent to sign in (back to `path` afterwards); a signed-in one gets whether
 * their role has `permission`. A page the role may not see renders the shared
 * NotAllowed panel (a normal page: the user is signed in) — never a redirect.
 *
 *   const access = await pageAccess("activity.list", "/activity");
 *   if (!access.allowed) return <NotAllowed page="nav.activity" />;
 */
export async function pageAccess(permission: Permission, path: string): Promise<PageAccess> {
  const session = await getPageSession();
  if (!session) redirect(`/login?next=${encodeURIComponent(path)}`);
  return { session, allowed: can(session.role, permission) };
}

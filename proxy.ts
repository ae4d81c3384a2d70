import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy, pageSecurityHeaders } from "@/lib/security/headers";
import { isSecureRequest, readCookie, sessionCookieName } from "@/lib/session/cookie";
import { openSession, SESSION_REFRESH_AFTER_MS, sessionSetCookie } from "@/lib/session/session";

const PUBLIC_PAGES = new Set(["/login"]);

/**
 * Every page: a fresh CSP nonce and the security headers; signed-out visitors of
 * dashboard pages go to sign-in (pages and route handlers check again, with the
 * ledger's revocations, which this cheap check skips); the idle timeout slides.
 */
export async function proxy(request: NextRequest) {
  const secure = isSecureRequest(request.url, request.headers);
  const { pathname, search } = request.nextUrl;
  const now = Date.now();

  let refreshedCookie: string | null = null;
  if (!PUBLIC_PAGES.has(pathname)) {
    const opened = await openSession(readCookie(request.headers, sessionCookieName(secure)), now);
    if (!opened.ok) {
      const login = new URL("/login", request.url);
      if (pathname !== "/") login.searchParams.set("next", `${pathname}${search}`);
      const redirect = NextResponse.redirect(login);
      for (const [name, value] of Object.entries(pageSecurityHeaders(secure))) redirect.headers.set(name, value);
      return redirect;
    }
    if (now - opened.session.seen >= SESSION_REFRESH_AFTER_MS) {
      refreshedCookie = await sessionSetCookie({ ...opened.session, seen: now }, secure, now);
    }
  }

  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const csp = contentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === "development", secure });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  // Lets server layouts know the requested path (e.g. for `next` on a sign-in redirect).
  requestHeaders.set("x-pathname", `${pathname}${search}`);
  requestHeaders.set("Content-Security-Policy", csp);

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  for (const [name, value] of Object.entries(pageSecurityHeaders(secure))) response.headers.set(name, value);
  if (refreshedCookie) response.headers.append("Set-Cookie", refreshedCookie);
  return response;
}

export const config = {
  matcher: [
    {
      source: "/((?!api/|_next/static|_next/image|favicon.ico|icon.svg|robots.txt).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};

import { NextResponse, type NextRequest } from "next/server";
import { deployment } from "@/lib/server/config";
import { respondError } from "@/lib/server/http/respond";
import { contentSecurityPolicy, pageSecurityHeaders } from "@/lib/server/security/headers";
import { isDecodablePath } from "@/lib/server/security/paths";
import { isSecureRequest, readCookie, sessionCookieName } from "@/lib/server/session/cookie";
import { openSession, SESSION_REFRESH_AFTER_MS, sessionSetCookie } from "@/lib/server/session/session";
import { ERROR_CODES } from "@/lib/shared/errors/catalogue";

/** /setup: the first owner opens the one-time setup link before anyone has an account (docs/accounts.md, "First run"). */
const PUBLIC_PAGES = new Set(["/login", "/setup"]);
/** An invitation link is opened before its person has an account or a session (the link is the capability). */
const isPublicPage = (pathname: string) => PUBLIC_PAGES.has(pathname) || pathname.startsWith("/invite/");

/** Paths the page work below is not for: the first matcher of `config` leaves them out. */
const NOT_PAGES = /^\/(?:api\/|_next\/static|_next\/image|favicon\.ico|icon\.svg|robots\.txt)/;

function isPrefetch(headers: Headers): boolean {
  return headers.has("next-router-prefetch") || headers.get("purpose") === "prefetch";
}

/**
 * A path whose percent-encoding does not decode: 400, in the BFF's envelope with
 * a request_id for API paths, before the router fails on it with a 500.
 */
function malformedPath(pathname: string, secure: boolean): Response {
  if (pathname.startsWith("/api/")) {
    const body = { code: "malformed_path", message: "The request path is not valid percent-encoded UTF-8." } as const;
    return respondError({ status: ERROR_CODES.malformed_path, requestId: null, body }, { secure });
  }
  return new NextResponse("Bad request: the address is not valid.", {
    status: 400,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      ...pageSecurityHeaders(secure),
    },
  });
}

/**
 * Every page: a fresh CSP nonce and the security headers; signed-out visitors of
 * dashboard pages go to sign-in (pages and route handlers check again, with the
 * ledger's revocations, which this cheap check skips); the idle timeout slides.
 */
export async function proxy(request: NextRequest) {
  const secure = isSecureRequest(request.url, request.headers);
  const { pathname, search } = request.nextUrl;
  if (!isDecodablePath(pathname)) return malformedPath(pathname, secure);
  // Reached only through the second matcher (a path with a '%'): nothing more to do here.
  if (NOT_PAGES.test(pathname) || isPrefetch(request.headers)) return NextResponse.next();
  const now = Date.now();

  let refreshedCookie: string | null = null;
  if (!isPublicPage(pathname)) {
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
  const csp = contentSecurityPolicy(nonce, { dev: deployment().development, secure });
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
    // Any path with percent-encoding (API routes and prefetches too), for the decode check
    // above; requests without a '%' (nearly all API traffic) never run the proxy.
    "/:path(.*%.*)",
  ],
};

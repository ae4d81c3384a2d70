import "server-only";
import { readCookie } from "@/lib/server/session/cookie";
import { requestTransport } from "@/lib/server/transport-config";
import { LOCALE_COOKIE, resolveLocale, type Locale } from "@/lib/shared/i18n/config";

/**
 * What a route may pass on from its request to a service that speaks to someone outside it (an e-mail), so the
 * service needs no HTTP: the dashboard's origin and the person's language.
 */

/** APP_ORIGIN when set, else the origin this request came to (the CSRF check's; lib/server/transport-config.ts). */
export function requestOrigin(request: Request): string | null {
  return requestTransport(request.url, request.headers).origin;
}

/** The language of the person asking: their `locale` cookie, as pages read it (lib/server/i18n.ts); pt-BR by default. */
export function requestLocale(request: Request): Locale {
  return resolveLocale(readCookie(request.headers, LOCALE_COOKIE));
}

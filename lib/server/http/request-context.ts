import "server-only";
import { readCookie } from "@/lib/server/session/cookie";
import { requestTransport } from "@/lib/server/transport-config";
import type { ExportRequest } from "@/lib/server/export";
import type { ExportFormat } from "@/lib/shared/export";
import { LOCALE_COOKIE, resolveLocale, resolveTimeZone, TIME_ZONE_COOKIE, type Locale } from "@/lib/shared/i18n/config";

/**
 * What a route may pass on from its request to a service that speaks to someone outside it (an e-mail), so the
 * service needs no HTTP: the dashboard's origin, the person's language and zone.
 */

/** APP_ORIGIN when set, else the origin this request came to (the CSRF check's; lib/server/transport-config.ts). */
export function requestOrigin(request: Request): string | null {
  return requestTransport(request.url, request.headers).origin;
}

/** The language of the person asking: their `locale` cookie, as pages read it (lib/server/i18n.ts); pt-BR by default. */
export function requestLocale(request: Request): Locale {
  return resolveLocale(readCookie(request.headers, LOCALE_COOKIE));
}

/** The person's time zone: their `tz` cookie, as pages read it; São Paulo by default. */
export function requestTimeZone(request: Request): string {
  return resolveTimeZone(readCookie(request.headers, TIME_ZONE_COOKIE));
}

/** An export as this person reads it: the file asked for, in their language and zone. */
export function requestExport(request: Request, format: ExportFormat): ExportRequest {
  return { format, locale: requestLocale(request), timeZone: requestTimeZone(request) };
}

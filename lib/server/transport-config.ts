import "server-only";
import { resetConfigForTests, transportSettings, type TransportConfig } from "@/lib/server/config";
import { normalizeOrigin } from "@/lib/server/config/transport";

export { normalizeOrigin, parseTransportConfig, type TransportConfig } from "@/lib/server/config/transport";

/**
 * How the dashboard decides whether a request reached it over https (the
 * session cookie's `__Host-` name and `Secure`, HSTS, the CSP's
 * upgrade-insecure-requests) and which origin its own pages have (the CSRF
 * check). The rule is configuration, never a header a client can choose:
 *
 * - `APP_ORIGIN` set: it decides everything. https ⇒ every response is secure,
 *   whatever `X-Forwarded-*` or the request URL say.
 * - `TRUST_PROXY=1` (and no `APP_ORIGIN`): the first `X-Forwarded-Proto` and
 *   `X-Forwarded-Host` values decide; the proxy in front must set them.
 * - Neither: plain http, at the `Host` the request names. `next start` serves
 *   plain http only, and the https it may put in a request's URL comes from an
 *   `X-Forwarded-Proto` header it keeps from the client (next/dist/server:
 *   `??=` in base-server.js, the URL's scheme in resolve-routes.js), so the URL's
 *   scheme is no evidence of TLS and is not read.
 *
 * `ALLOW_INSECURE_HTTP=1` only lifts the production start-up refusal (see
 * `insecureTransportProblem`). Parsed by lib/server/config (once; tests reset it).
 */
export function getTransportConfig(): TransportConfig {
  return transportSettings();
}

/** What one request's transport is taken to be. */
export interface RequestTransport {
  /** Over https: `__Host-` + Secure cookie, HSTS. */
  secure: boolean;
  /** This deployment's origin as the browser sees it (normalised), or null when the request names no usable host. */
  origin: string | null;
}

/** For tests that change the environment between cases (the whole configuration is read again). */
export function resetTransportConfigForTests(): void {
  resetConfigForTests();
}

function firstValue(headers: Headers, name: string): string | null {
  const value = headers.get(name)?.split(",")[0]?.trim();
  return value ? value : null;
}

function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** The transport of one request, by the rule above. */
export function requestTransport(
  url: string,
  headers: Headers,
  config: TransportConfig = getTransportConfig(),
): RequestTransport {
  if (config.appOrigin !== null) return { secure: config.appOrigin.startsWith("https:"), origin: config.appOrigin };
  const ownHost = headers.get("host") ?? parseUrl(url)?.host ?? "";
  if (config.trustProxy) {
    const proto = firstValue(headers, "x-forwarded-proto")?.toLowerCase();
    const scheme =
      proto === "https" || proto === "http" ? proto : parseUrl(url)?.protocol === "https:" ? "https" : "http";
    const host = firstValue(headers, "x-forwarded-host") ?? ownHost;
    return { secure: scheme === "https", origin: normalizeOrigin(`${scheme}://${host}`) };
  }
  return { secure: false, origin: normalizeOrigin(`http://${ownHost}`) };
}

/**
 * Why this configuration must not start, or null. In production against a real
 * payments API the session cookie carries the business's API key, so it must
 * always be Secure: only an https APP_ORIGIN guarantees that for every request
 * (TRUST_PROXY leaves it to each request's header, which a proxy may omit).
 * ALLOW_INSECURE_HTTP=1 is the explicit way round it (a test rig on loopback).
 */
export function insecureTransportProblem(
  config: TransportConfig,
  deployment: { production: boolean; sandbox: boolean },
): string | null {
  if (!deployment.production || deployment.sandbox || config.allowInsecureHttp) return null;
  if (config.appOrigin?.startsWith("https:")) return null;
  const why = config.appOrigin
    ? "APP_ORIGIN is plain http"
    : config.trustProxy
      ? "TRUST_PROXY=1 without APP_ORIGIN leaves https to each request's X-Forwarded-Proto"
      : "APP_ORIGIN is not set, so every request counts as plain http";
  return (
    `in production with a real payments API (PAYMENTS_API_URL) the session cookie carries the API key and must be Secure, but ${why}: ` +
    "set APP_ORIGIN to this dashboard's https origin (e.g. https://dash.example.com), or ALLOW_INSECURE_HTTP=1 to run over plain http knowingly"
  );
}

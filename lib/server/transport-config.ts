import "server-only";
import { z } from "zod";
import { ConfigError } from "@/lib/server/session/config";

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
 * `insecureTransportProblem`). Read once from process.env; tests reset it.
 */
export interface TransportConfig {
  /** This deployment's public origin (normalised: `https://host[:port]`), or null when APP_ORIGIN is unset. */
  appOrigin: string | null;
  trustProxy: boolean;
  allowInsecureHttp: boolean;
}

/** What one request's transport is taken to be. */
export interface RequestTransport {
  /** Over https: `__Host-` + Secure cookie, HSTS. */
  secure: boolean;
  /** This deployment's origin as the browser sees it (normalised), or null when the request names no usable host. */
  origin: string | null;
}

/**
 * `scheme://host[:port]` in canonical form — lower-case scheme and host, default
 * port (:443, :80) dropped, no trailing slash — or null for anything that is not
 * an http(s) origin (a path, query, fragment, credentials, another scheme).
 */
export function normalizeOrigin(raw: string): string | null {
  const text = raw.trim();
  if (text === "" || /[?#\s]/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password || url.hostname === "") return null;
  if (url.pathname !== "/") return null;
  return url.origin;
}

const flag = (name: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      // Only 1 and 0: lib/server/http/client-address.ts reads TRUST_PROXY === "1" too, so no other spelling may mean "on" here and "off" there.
      if (value === undefined || value === "" || value === "0") return false;
      if (value === "1") return true;
      ctx.addIssue({ code: "custom", message: `${name} must be 1 to enable it, or 0 (or unset) to leave it off` });
      return z.NEVER;
    });

const envSchema = z.object({
  APP_ORIGIN: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === "") return null;
      const origin = normalizeOrigin(value);
      if (origin === null) {
        // The value is not echoed: a mistyped URL may hold credentials.
        ctx.addIssue({ code: "custom", message: "APP_ORIGIN must be this dashboard's origin, like https://dash.example.com or https://dash.example.com:8443 (scheme and host, optional port; no path, query or credentials)" });
        return z.NEVER;
      }
      return origin;
    }),
  TRUST_PROXY: flag("TRUST_PROXY"),
  ALLOW_INSECURE_HTTP: flag("ALLOW_INSECURE_HTTP"),
});

/** Parses the transport settings; a bad value is a ConfigError naming the variable. */
export function parseTransportConfig(env: Readonly<Record<string, string | undefined>>): TransportConfig {
  const parsed = envSchema.safeParse({ APP_ORIGIN: env.APP_ORIGIN, TRUST_PROXY: env.TRUST_PROXY, ALLOW_INSECURE_HTTP: env.ALLOW_INSECURE_HTTP });
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((issue) => issue.message).join("; "));
  return { appOrigin: parsed.data.APP_ORIGIN, trustProxy: parsed.data.TRUST_PROXY, allowInsecureHttp: parsed.data.ALLOW_INSECURE_HTTP };
}

let cached: TransportConfig | null = null;

export function getTransportConfig(): TransportConfig {
  cached ??= parseTransportConfig(process.env);
  return cached;
}

/** For tests that change the environment between cases. */
export function resetTransportConfigForTests(): void {
  cached = null;
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
export function requestTransport(url: string, headers: Headers, config: TransportConfig = getTransportConfig()): RequestTransport {
  if (config.appOrigin !== null) return { secure: config.appOrigin.startsWith("https:"), origin: config.appOrigin };
  const ownHost = headers.get("host") ?? parseUrl(url)?.host ?? "";
  if (config.trustProxy) {
    const proto = firstValue(headers, "x-forwarded-proto")?.toLowerCase();
    const scheme = proto === "https" || proto === "http" ? proto : parseUrl(url)?.protocol === "https:" ? "https" : "http";
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
export function insecureTransportProblem(config: TransportConfig, deployment: { production: boolean; sandbox: boolean }): string | null {
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

/** APP_ORIGIN, TRUST_PROXY, ALLOW_INSECURE_HTTP: what they decide is in lib/server/transport-config.ts. */
import { z } from "zod";
import type { Env } from "./environment";
import { flag, parseSection } from "./fields";

export interface TransportConfig {
  /** This deployment's public origin (normalised: `https://host[:port]`), or null when APP_ORIGIN is unset. */
  appOrigin: string | null;
  trustProxy: boolean;
  allowInsecureHttp: boolean;
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

const transportShape = {
  APP_ORIGIN: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === "") return null;
      const origin = normalizeOrigin(value);
      if (origin === null) {
        // The value is not echoed: a mistyped URL may hold credentials.
        ctx.addIssue({
          code: "custom",
          message:
            "APP_ORIGIN must be this dashboard's origin, like https://dash.example.com or https://dash.example.com:8443 (scheme and host, optional port; no path, query or credentials)",
        });
        return z.NEVER;
      }
      return origin;
    }),
  TRUST_PROXY: flag("TRUST_PROXY"),
  ALLOW_INSECURE_HTTP: flag("ALLOW_INSECURE_HTTP"),
};

/** Parses the transport settings; a bad value is a ConfigError naming the variable. */
export function parseTransportConfig(env: Env): TransportConfig {
  const e = parseSection(transportShape, env);
  return { appOrigin: e.APP_ORIGIN, trustProxy: e.TRUST_PROXY, allowInsecureHttp: e.ALLOW_INSECURE_HTTP };
}

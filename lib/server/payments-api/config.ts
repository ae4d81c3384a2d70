import "server-only";

export interface PaymentsConfig {
  /** Origin (and optional path prefix) the /v1 paths are appended to; no trailing slash. */
  baseUrl: string;
  /** True when no PAYMENTS_API_URL is set and the local sandbox is used. */
  sandbox: boolean;
}

const DEFAULT_SANDBOX_PORT = 4010;

/**
 * Where the payments API lives. PAYMENTS_API_URL wins (a real deployment); without
 * it the dashboard talks to the sandbox at SANDBOX_URL or 127.0.0.1:SANDBOX_PORT.
 * Throws on a malformed or non-http(s) URL so a bad deploy fails at the first call,
 * not with a confusing network error.
 */
export function getPaymentsConfig(env: Readonly<Record<string, string | undefined>> = process.env): PaymentsConfig {
  const configured = env.PAYMENTS_API_URL?.trim();
  if (configured) return { baseUrl: normalizeBaseUrl(configured, "PAYMENTS_API_URL"), sandbox: false };

  const sandboxUrl = env.SANDBOX_URL?.trim();
  if (sandboxUrl) return { baseUrl: normalizeBaseUrl(sandboxUrl, "SANDBOX_URL"), sandbox: true };

  const portText = env.SANDBOX_PORT?.trim() || String(DEFAULT_SANDBOX_PORT);
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : NaN;
  if (!(port >= 1 && port <= 65535)) throw new Error("SANDBOX_PORT must be a TCP port number (1-65535).");
  return { baseUrl: `http://127.0.0.1:${port}`, sandbox: true };
}

/** Validates an http(s) base URL and trims trailing slashes. Never echoes the value (it may hold userinfo). */
export function normalizeBaseUrl(raw: string, name = "base URL"): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} is not a valid URL.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`${name} must use http or https.`);
  if (url.username || url.password) throw new Error(`${name} must not contain credentials.`);
  if (url.search || url.hash) throw new Error(`${name} must not have a query string or fragment.`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

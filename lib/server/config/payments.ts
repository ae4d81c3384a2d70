/** Where the payments API lives, and the client's retry policy. */
import type { Env } from "./environment";
import { ConfigError } from "./errors";
import { parseSection, wholeNumber } from "./fields";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry-policy";

export interface PaymentsConfig {
  /** Origin (and optional path prefix) the /v1 paths are appended to; no trailing slash. */
  baseUrl: string;
  /** True when no PAYMENTS_API_URL is set and the local sandbox is used. */
  sandbox: boolean;
}

export const DEFAULT_SANDBOX_PORT = 4010;

/** Validates an http(s) base URL and trims trailing slashes. Never echoes the value (it may hold userinfo). */
export function normalizeBaseUrl(raw: string, name = "base URL"): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new ConfigError(`${name} must use http or https.`);
  if (url.username || url.password) throw new ConfigError(`${name} must not contain credentials.`);
  if (url.search || url.hash) throw new ConfigError(`${name} must not have a query string or fragment.`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

/** SANDBOX_PORT: the port the launcher starts the sandbox on (and the BFF's fallback address of it). */
export function parseSandboxPort(env: Env): number {
  const portText = env.SANDBOX_PORT?.trim() || String(DEFAULT_SANDBOX_PORT);
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : NaN;
  if (!(port >= 1 && port <= 65535)) throw new ConfigError("SANDBOX_PORT must be a TCP port number (1-65535).");
  return port;
}

/**
 * PAYMENTS_API_URL wins (a real deployment); without it the dashboard talks to
 * the sandbox at SANDBOX_URL or 127.0.0.1:SANDBOX_PORT.
 */
export function parsePaymentsConfig(env: Env): PaymentsConfig {
  const configured = env.PAYMENTS_API_URL?.trim();
  if (configured) return { baseUrl: normalizeBaseUrl(configured, "PAYMENTS_API_URL"), sandbox: false };
  const sandboxUrl = env.SANDBOX_URL?.trim();
  if (sandboxUrl) return { baseUrl: normalizeBaseUrl(sandboxUrl, "SANDBOX_URL"), sandbox: true };
  return { baseUrl: `http://127.0.0.1:${parseSandboxPort(env)}`, sandbox: true };
}

const MINUTE = 60_000;
const retryShape = {
  PAYMENTS_MAX_ATTEMPTS: wholeNumber("PAYMENTS_MAX_ATTEMPTS", 1, 10),
  PAYMENTS_RETRY_BASE_MS: wholeNumber("PAYMENTS_RETRY_BASE_MS", 0, MINUTE),
  PAYMENTS_RETRY_CAP_MS: wholeNumber("PAYMENTS_RETRY_CAP_MS", 0, 5 * MINUTE),
  PAYMENTS_ATTEMPT_TIMEOUT_MS: wholeNumber("PAYMENTS_ATTEMPT_TIMEOUT_MS", 100, 5 * MINUTE),
  PAYMENTS_DEADLINE_MS: wholeNumber("PAYMENTS_DEADLINE_MS", 100, 10 * MINUTE),
  PAYMENTS_READ_DEADLINE_MS: wholeNumber("PAYMENTS_READ_DEADLINE_MS", 100, 10 * MINUTE),
};

/** Defaults of the retry variables: the client's own (retry-policy.ts). */
export const RETRY_DEFAULTS = {
  PAYMENTS_MAX_ATTEMPTS: DEFAULT_RETRY_POLICY.maxAttempts,
  PAYMENTS_RETRY_BASE_MS: DEFAULT_RETRY_POLICY.baseDelayMs,
  PAYMENTS_RETRY_CAP_MS: DEFAULT_RETRY_POLICY.maxDelayMs,
  PAYMENTS_ATTEMPT_TIMEOUT_MS: DEFAULT_RETRY_POLICY.attemptTimeoutMs,
  PAYMENTS_DEADLINE_MS: DEFAULT_RETRY_POLICY.deadlineMs,
  PAYMENTS_READ_DEADLINE_MS: DEFAULT_RETRY_POLICY.readDeadlineMs,
} as const;

/** Retry-policy overrides (operations tuning; the tests shorten them): only the variables that are set. */
export function parseRetryOverrides(env: Env): Partial<RetryPolicy> {
  const e = parseSection(retryShape, env);
  const policy: Partial<RetryPolicy> = {};
  if (e.PAYMENTS_MAX_ATTEMPTS !== undefined) policy.maxAttempts = e.PAYMENTS_MAX_ATTEMPTS;
  if (e.PAYMENTS_RETRY_BASE_MS !== undefined) policy.baseDelayMs = e.PAYMENTS_RETRY_BASE_MS;
  if (e.PAYMENTS_RETRY_CAP_MS !== undefined) policy.maxDelayMs = e.PAYMENTS_RETRY_CAP_MS;
  if (e.PAYMENTS_ATTEMPT_TIMEOUT_MS !== undefined) policy.attemptTimeoutMs = e.PAYMENTS_ATTEMPT_TIMEOUT_MS;
  if (e.PAYMENTS_DEADLINE_MS !== undefined) policy.deadlineMs = e.PAYMENTS_DEADLINE_MS;
  if (e.PAYMENTS_READ_DEADLINE_MS !== undefined) policy.readDeadlineMs = e.PAYMENTS_READ_DEADLINE_MS;
  return policy;
}

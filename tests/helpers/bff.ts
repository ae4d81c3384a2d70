/**
 * Route-handler test harness: a real sandbox over HTTP, a real ledger (PGlite in
 * memory, or TEST_DATABASE_URL's PostgreSQL), and the app's route handlers called
 * with real Request objects, as Next.js calls them.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { closeLedger, getLedger } from "@/lib/server/ledger";
import { storeCredentialInVault, WorkspaceSecret } from "@/lib/server/security/credential-vault";
import { forgetWorkspaceAccess } from "@/lib/server/session/resolve";
import { resetConfigForTests } from "@/lib/server/config";
import { setServerClockForTests } from "@/lib/server/clock";
import { SkipClock } from "./clock";
import { SANDBOX_DEMO_PASSWORD } from "@/lib/server/services/workspace/sandbox-people";
import type { Role } from "@/lib/shared/auth/roles";
import { ACME, BETA, startTestSandbox, type SandboxOptions, type TestSandbox } from "./sandbox";

export { ACME, BETA };

export const APP_ORIGIN = "http://127.0.0.1:3000";
/** The same deployment seen through a TLS-terminating proxy (`proto: "https"`). */
export const APP_ORIGIN_HTTPS = "https://127.0.0.1:3000";
export const TEST_SECRET = "test-session-secret-0123456789-abcdefghij";
/** The credential vault's key ring in tests (never the generated one in the user's folder). */
export const TEST_CREDENTIAL_KEYS = "test1:test-credential-key-0123456789-abcdefghij";

type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** Raw body text or bytes, sent as is (with `contentType` and its Content-Length). */
  rawBody?: string | Uint8Array<ArrayBuffer>;
  /** A streamed body, sent without Content-Length (as a chunked upload arrives); set one in `headers` to declare one. */
  bodyStream?: ReadableStream<Uint8Array<ArrayBuffer>>;
  contentType?: string | null;
  cookie?: string | null;
  idempotencyKey?: string;
  params?: Record<string, string>;
  /** Extra or overriding headers; a null value removes a default header. */
  headers?: Record<string, string | null>;
  /**
   * Defaults to the app origin; "https" simulates a TLS-terminating proxy that sends
   * `X-Forwarded-Proto: https` (honoured only with TRUST_PROXY=1, see lib/server/transport-config.ts).
   */
  proto?: "http" | "https";
}

export interface CallResult {
  status: number;
  headers: Headers;
  json: {
    data: unknown;
    error: { code: string; message: string; fields?: Record<string, string>; details?: Record<string, unknown> } | null;
    request_id: string | null;
  };
  text: string;
  setCookies: string[];
}

/** Calls a route handler like the browser's fetch from our own pages would. */
export async function call(handler: Handler, pathname: string, options: CallOptions = {}): Promise<CallResult> {
  const method = options.method ?? "GET";
  const headers = new Headers({ host: "127.0.0.1:3000" });
  if (method !== "GET") {
    // A browser behind the TLS proxy sends the https origin it loaded the page from.
    headers.set("origin", options.proto === "https" ? APP_ORIGIN_HTTPS : APP_ORIGIN);
    headers.set("sec-fetch-site", "same-origin");
    headers.set("x-requested-by", "dashboard");
  }
  let body: string | Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array<ArrayBuffer>> | undefined;
  if (options.rawBody !== undefined || options.body !== undefined) {
    const fixed = options.rawBody ?? JSON.stringify(options.body);
    body = fixed;
    if (options.contentType !== null) headers.set("content-type", options.contentType ?? "application/json");
    headers.set("content-length", String(typeof fixed === "string" ? Buffer.byteLength(fixed) : fixed.byteLength));
  } else if (options.bodyStream) {
    body = options.bodyStream;
    if (options.contentType !== null) headers.set("content-type", options.contentType ?? "application/json");
    headers.set("transfer-encoding", "chunked");
  }
  if (options.cookie) headers.set("cookie", options.cookie);
  if (options.idempotencyKey) headers.set("idempotency-key", options.idempotencyKey);
  if (options.proto === "https") headers.set("x-forwarded-proto", "https");
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value === null) headers.delete(name);
    else headers.set(name, value);
  }
  // `duplex: "half"` is required by undici for a streamed body (and harmless otherwise); TypeScript's DOM types lack it.
  const init: RequestInit & { duplex: "half" } = { method, headers, body, duplex: "half" };
  const request = new Request(`${APP_ORIGIN}${pathname}`, init);
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    // A download (a CSV, a spreadsheet) is not the JSON envelope: its body is in `text`.
    json: (response.headers.get("content-type") ?? "").includes("json")
      ? (JSON.parse(text) as CallResult["json"])
      : { data: null, error: null, request_id: null },
    text,
    setCookies: response.headers.getSetCookie(),
  };
}

/** "name=value" of the session cookie a response set, for the next request's Cookie header. */
export function sessionCookieFrom(result: CallResult): string {
  const cookie = result.setCookies.find((c) => /^(__Host-)?pixops_session=/.test(c));
  if (!cookie) throw new Error(`no session cookie in response ${result.status}: ${result.text}`);
  return cookie.split(";")[0] ?? "";
}

export interface BffHarness {
  sandbox: TestSandbox;
  /**
   * The time of the BFF's services and clients and of the sandbox: real time, plus
   * whatever the test skips ahead (`clock.skip(ms)`) to reach settlement or a
   * minimum age without waiting. The ledger's database keeps real time.
   */
  clock: SkipClock;
  close(): Promise<void>;
}

/**
 * Environment for the handlers: the test sandbox as the payments API, a fixed
 * session secret, a temporary data folder, an in-memory (or PostgreSQL) ledger,
 * and short client timeouts so failure paths are quick.
 */
export async function startBffHarness(
  options: { sandbox?: Partial<SandboxOptions>; env?: Record<string, string> } = {},
): Promise<BffHarness> {
  const clock = new SkipClock();
  const sandbox = await startTestSandbox({ clock, ...options.sandbox });
  const env: Record<string, string> = {
    SANDBOX_URL: sandbox.url,
    SESSION_SECRET: TEST_SECRET,
    CREDENTIAL_KEYS: TEST_CREDENTIAL_KEYS,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "pixops-bff-")),
    PAYMENTS_ATTEMPT_TIMEOUT_MS: "1500",
    PAYMENTS_RETRY_BASE_MS: "20",
    PAYMENTS_RETRY_CAP_MS: "100",
    PAYMENTS_DEADLINE_MS: "6000",
    ...options.env,
  };
  // No SMTP server unless `env` names one (SMTP_URL…).
  // The transport settings (APP_ORIGIN, TRUST_PROXY, ALLOW_INSECURE_HTTP) start unset too — plain http, forwarded headers ignored — unless `env` sets them.
  for (const name of [
    "PAYMENTS_API_URL",
    "PAYMENTS_BUSINESS_ID",
    "PAYMENTS_BUSINESS_NAME",
    "PAYMENTS_API_KEY_SHA256",
    "PAYMENTS_API_KEY",
    "PAYMENTS_API_KEY_FILE",
    "PAYMENTS_ACCESS_TOKEN",
    "PAYMENTS_ACCESS_TOKEN_FILE",
    "CREDENTIAL_KEYS_FILE",
    "APP_ORIGIN",
    "TRUST_PROXY",
    "ALLOW_INSECURE_HTTP",
    "SMTP_URL",
    "SMTP_FROM",
    "SMTP_TIMEOUT_MS",
  ])
    delete process.env[name];
  for (const name of Object.keys(process.env)) if (name.startsWith("SIGN_IN_")) delete process.env[name];
  const database = process.env.TEST_DATABASE_URL ? await createScratchDatabase(process.env.TEST_DATABASE_URL) : null;
  if (database) env.DATABASE_URL = database.url;
  else env.LEDGER_DIR = "memory://";
  Object.assign(process.env, env);
  resetConfigForTests();
  await closeLedger();
  setServerClockForTests(clock);
  return {
    sandbox,
    clock,
    close: async () => {
      setServerClockForTests(null);
      await closeLedger();
      await sandbox.close();
      await database?.drop();
    },
  };
}

/** Signs in through POST /api/session (a person without 2FA: one step) and returns the cookie to send next. */
export async function signIn(
  handler: Handler,
  body: Record<string, string>,
  proto: "http" | "https" = "http",
): Promise<string> {
  const result = await call(handler, "/api/session", { method: "POST", body, proto });
  if (result.status !== 200) throw new Error(`sign-in failed: ${result.status} ${result.text}`);
  return sessionCookieFrom(result);
}

/** Stores `apiKey` as the business's workspace API key in the vault (replacing the one stored before). */
export async function storeWorkspaceApiKey(businessId: string, apiKey: string, byName = "Test Admin"): Promise<void> {
  await storeCredentialInVault(await getLedger(), {
    businessId,
    kind: "api_key",
    secret: new WorkspaceSecret(apiKey),
    byName,
  });
  forgetWorkspaceAccess(businessId);
}

/** A fresh Idempotency-Key, as the UI generates one when a form opens. */
export function newKey(prefix = "test"): string {
  return `${prefix}-${randomUUID()}`;
}

/** Runs `fn` and reports how many /v1 requests reached the sandbox meanwhile (per route too). */
export async function countUpstream<T>(
  sandbox: TestSandbox,
  fn: () => Promise<T>,
): Promise<{ result: T; requests: number; byRoute: Record<string, number> }> {
  const before = await sandbox.stats();
  const result = await fn();
  const after = await sandbox.stats();
  const byRoute: Record<string, number> = {};
  for (const [route, count] of Object.entries(after.by_route)) {
    const delta = count - (before.by_route[route] ?? 0);
    if (delta !== 0) byRoute[route] = delta;
  }
  return { result, requests: after.requests - before.requests, byRoute };
}

/** The sandbox's demo people (lib/server/services/workspace/sandbox-people.ts): one per role per demo business, 2FA off. */
export const DEMO_PASSWORD = SANDBOX_DEMO_PASSWORD;
export function personBody(role: Role, business: "acme" | "beta" = "acme"): { email: string; password: string } {
  return { email: `${role}@${business}.example`, password: DEMO_PASSWORD };
}
/** Names the audit log records for them. */
export const DEMO_NAMES = {
  owner: "Helena Prado",
  admin: "Rafael Lima",
  operator: "Olivia Santos",
  finance: "Fernanda Costa",
  support: "Sergio Alves",
} as const satisfies Record<Role, string>;
export const operatorBody = personBody("operator");
export const ownerBody = personBody("owner");
export const financeBody = personBody("finance");
export const supportBody = personBody("support");

/** A database of its own on the test PostgreSQL server, so test files running in parallel never share rows. */
async function createScratchDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `pixops_bff_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
export const betaOperatorBody = personBody("operator", "beta");

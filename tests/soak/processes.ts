/**
 * Process helpers for the tests that run the built app as real processes (the
 * soak suite in tests/soak and the crash test in tests/e2e): spawning the sandbox
 * CLI and `next start` in their own process groups, killing them hard, waiting for
 * them to answer, and a demo person's sign-in. Plain Node: no test framework imports,
 * so vitest and Playwright files can both use it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { createServer } from "node:net";

export const SESSION_SECRET = "soak-and-crash-secret-0123456789-abcdefghijklmnop";
/** The vault's key ring of every instance started here: fixed, never one generated in the developer's ~/.config. */
export const CREDENTIAL_KEYS = "soak1:soak-and-crash-credential-key-0123456789-abcdef";
/** The sandbox's demo people's password (lib/server/services/workspace/sandbox-people.ts). */
export const DEMO_PASSWORD = "sandbox-demo-password";

export type DemoRole = "owner" | "admin" | "operator" | "finance" | "support";

export interface Started {
  child: ChildProcess;
  /** Resolves when the process group leader has exited. */
  exited: Promise<void>;
}

/**
 * Starts a command in its own process group (so a kill reaches its children too:
 * `next start` forks the server). Output goes to `logFile` (appended) or nowhere.
 * The environment is this process's minus `unset`, plus `env`.
 */
export function startProcess(
  command: readonly string[],
  options: { env?: Record<string, string>; unset?: readonly string[]; logFile?: string } = {},
): Started {
  const [bin, ...args] = command;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of options.unset ?? []) delete env[name];
  Object.assign(env, options.env ?? {});
  const fd = options.logFile ? openSync(options.logFile, "a") : null;
  const out = fd ?? "ignore";
  const child = spawn(bin ?? "node", args, { env, stdio: ["ignore", out, fd ?? "inherit"], detached: true });
  if (fd !== null) closeSync(fd);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  return { child, exited };
}

/** SIGKILLs the whole process group; resolves once the leader is gone. */
export async function killHard(started: Started | null): Promise<void> {
  if (!started) return;
  const { child } = started;
  if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  await started.exited;
}

function portFree(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/**
 * Waits (bounded) until nothing listens on the port: a killed group's last member
 * may still be closing it; a leftover of another run would answer in place of the
 * process we start, so that is an error.
 */
export async function assertPortFree(port: number): Promise<void> {
  await pollUntil(
    `port ${port} to be free (a leftover process? ss -ltnp | grep :${port})`,
    () => portFree(port),
    (free) => free,
    { timeoutMs: 10_000, everyMs: 100 },
  );
}

export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Calls `read` until `done` accepts its value (errors count as "not yet"), at most
 * until `timeoutMs` has passed; throws naming `what` and the last value otherwise.
 */
export async function pollUntil<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  options: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  let last: string = "nothing read yet";
  for (;;) {
    try {
      const value = await read();
      if (done(value)) return value;
      last = JSON.stringify(value)?.slice(0, 400) ?? String(value);
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() >= deadline) throw new Error(`timed out waiting for ${what}; last: ${last}`);
    await pause(options.everyMs ?? 200);
  }
}

/** Waits until `url` answers with a status below 500. */
export async function waitFor(url: string, timeoutMs = 90_000): Promise<void> {
  await pollUntil(
    `${url} to answer`,
    async () => (await fetch(url, { signal: AbortSignal.timeout(5_000), redirect: "manual" })).status,
    (status) => status < 500,
    { timeoutMs, everyMs: 100 },
  );
}

/** The sandbox CLI as its own process, on loopback, without rate limit or request log. */
export function startSandboxProcess(options: {
  port: number;
  dataDir: string;
  logFile?: string;
  settleMs?: number;
}): Started {
  const args = [
    "node",
    "node_modules/tsx/dist/cli.mjs",
    "sandbox/cli.ts",
    "--port",
    String(options.port),
    "--rate-limit",
    "off",
    "--quiet",
    "--data-dir",
    options.dataDir,
  ];
  if (options.settleMs !== undefined) args.push("--settle-ms", String(options.settleMs));
  return startProcess(args, { logFile: options.logFile, unset: ["SANDBOX_FAULTS", "SANDBOX_LOG"] });
}

/** Variables of the test runner's environment that must not reach an app instance. */
const APP_UNSET = [
  "PAYMENTS_API_URL",
  "PAYMENTS_API_KEY",
  "PAYMENTS_API_KEY_FILE",
  "PAYMENTS_ACCESS_TOKEN",
  "PAYMENTS_ACCESS_TOKEN_FILE",
  "PAYMENTS_API_KEY_SHA256",
  "CREDENTIAL_KEYS_FILE",
  "DATABASE_URL",
  "LEDGER_DIR",
  "TEST_DATABASE_URL",
  "SANDBOX_PORT",
  "SANDBOX_URL",
  "APP_ORIGIN",
  "TRUST_PROXY",
  "RECONCILER",
  "PAYMENTS_BUSINESS_ID",
  "PAYMENTS_BUSINESS_NAME",
];

/**
 * The built app (`next start`, production) on loopback. With `sandboxUrl`, in sandbox mode
 * (SANDBOX_URL): the mode in which its businesses have demo people to sign in as; `env` may
 * provision a workspace credential (PAYMENTS_API_KEY + PAYMENTS_BUSINESS_ID). With `apiUrl`,
 * in real-API mode (PAYMENTS_API_URL): no demo people, the first owner comes through the
 * one-time setup link the server prints; plain http there is deliberate, so it says so
 * (ALLOW_INSECURE_HTTP=1; production with a real API otherwise wants an https APP_ORIGIN).
 */
export function startNextProcess(
  options: { port: number; env: Record<string, string>; logFile?: string } & (
    { sandboxUrl: string } | { apiUrl: string }
  ),
): Started {
  const upstream: Record<string, string> =
    "apiUrl" in options
      ? { PAYMENTS_API_URL: options.apiUrl, ALLOW_INSECURE_HTTP: "1" }
      : { SANDBOX_URL: options.sandboxUrl };
  return startProcess(
    ["node", "node_modules/next/dist/bin/next", "start", "-p", String(options.port), "-H", "127.0.0.1"],
    {
      unset: APP_UNSET,
      logFile: options.logFile,
      env: {
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        ...upstream,
        SESSION_SECRET,
        CREDENTIAL_KEYS,
        ...options.env,
      },
    },
  );
}

/** Headers of a same-origin write from the dashboard's pages (the CSRF check wants them). */
export function writeHeaders(base: string): Record<string, string> {
  return {
    origin: base,
    "x-requested-by": "dashboard",
    "content-type": "application/json",
    "sec-fetch-site": "same-origin",
  };
}

/** A demo person's sign-in body: `<role>@<business>.example` and the sandbox's demo password. */
export function personBody(role: DemoRole = "operator", business: "acme" | "beta" = "acme") {
  return { email: `${role}@${business}.example`, password: DEMO_PASSWORD };
}

/** Signs in as the demo person of `role` (2FA off: one step); returns the `name=value` of the session cookie. */
export async function signIn(
  base: string,
  role: DemoRole = "operator",
  business: "acme" | "beta" = "acme",
): Promise<string> {
  const res = await fetch(`${base}/api/session`, {
    method: "POST",
    headers: writeHeaders(base),
    body: JSON.stringify(personBody(role, business)),
  });
  const text = await res.text();
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("pixops_session="));
  const next = res.status === 200 ? (JSON.parse(text) as { data?: { next?: string } }).data?.next : undefined;
  if (res.status !== 200 || next !== "done" || !cookie)
    throw new Error(`sign-in at ${base} failed: ${res.status} ${text}`);
  return cookie.split(";")[0] ?? "";
}

/** Calls a sandbox admin route; returns its `data`. */
export async function sandboxAdmin<T>(
  sandboxUrl: string,
  method: string,
  pathname: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${sandboxUrl}${pathname}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T; error: { code: string } | null };
  if (!res.ok || json.error)
    throw new Error(`sandbox ${method} ${pathname} failed: ${res.status} ${json.error?.code ?? ""}`);
  return json.data;
}

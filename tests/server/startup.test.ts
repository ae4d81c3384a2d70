/**
 * The server's start-up refuses an unsafe transport configuration, seeds the
 * sandbox's demo people, and against a real API with no owner yet prints the
 * one-time setup link: each case runs the real start-up (lib/server/startup.ts,
 * as instrumentation.ts calls it) in a child process with only the environment
 * given, and checks its exit code and what it said. A child opens an embedded
 * ledger (migrations) and takes seconds, more on a busy machine: hence the time limits.
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SANDBOX_DEMO_PASSWORD } from "@/lib/server/services/workspace/sandbox-people";
import type { Role } from "@/lib/shared/auth/roles";
import { startTestSandbox } from "../helpers/sandbox";

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

const SECRET = "startup-test-secret-0123456789-abcdefghijkl";

function runStartup(env: Record<string, string>): Promise<Exit> {
  const childEnv: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? tmpdir(),
    NODE_ENV: "production",
    SESSION_SECRET: SECRET,
    LEDGER_DIR: "memory://",
    RECONCILER: "off",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "pixops-startup-")),
    ...env,
  };
  return new Promise((resolve, reject) => {
    // `react-server` makes the `server-only` marker resolve as it does inside Next.js.
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "tests/helpers/start-server.ts"],
      { env: childEnv, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** A real API, with the credential vault's key ring a production start needs (one of its own checks, tested below). */
const REAL_API = {
  PAYMENTS_API_URL: "https://api.payments.example.invalid",
  CREDENTIAL_KEYS: "startup1:startup-credential-key-0123456789-abcdefghij",
};

describe.concurrent("refused: exit code 1 and a message saying what to set", { timeout: 120_000 }, () => {
  it.each([
    ["production, a real API, neither APP_ORIGIN nor TRUST_PROXY", { ...REAL_API }, /APP_ORIGIN is not set/],
    [
      "production, a real API, TRUST_PROXY=1 alone",
      { ...REAL_API, TRUST_PROXY: "1" },
      /TRUST_PROXY=1 without APP_ORIGIN/,
    ],
    [
      "production, a real API, an http APP_ORIGIN",
      { ...REAL_API, APP_ORIGIN: "http://dash.example.com" },
      /APP_ORIGIN is plain http/,
    ],
  ])("%s", async (_label, env, why) => {
    const exit = await runStartup(env);
    expect(exit.code, exit.stderr).toBe(1);
    expect(exit.stdout).not.toContain("started");
    expect(exit.stderr).toMatch(/"event":"startup\.refused".*must be Secure/);
    expect(exit.stderr).toMatch(why);
    expect(exit.stderr).toMatch(
      /set APP_ORIGIN to this dashboard's https origin .*ALLOW_INSECURE_HTTP=1.*Refusing to start\./,
    );
  });

  it("production, a real API, no CREDENTIAL_KEYS: the vault's key ring is required", async () => {
    const exit = await runStartup({
      PAYMENTS_API_URL: REAL_API.PAYMENTS_API_URL,
      APP_ORIGIN: "https://dash.example.com",
    });
    expect(exit.code, exit.stderr).toBe(1);
    expect(exit.stdout).not.toContain("started");
    expect(exit.stderr).toMatch(/"event":"startup\.refused".*CREDENTIAL_KEYS is required/);
  });

  it.each([
    [
      "an APP_ORIGIN with a path",
      { APP_ORIGIN: "https://dash.example.com/app" },
      /APP_ORIGIN must be this dashboard's origin/,
    ],
    ["TRUST_PROXY=yes", { TRUST_PROXY: "yes" }, /TRUST_PROXY must be 1/],
    ["ALLOW_INSECURE_HTTP=maybe", { ...REAL_API, ALLOW_INSECURE_HTTP: "maybe" }, /ALLOW_INSECURE_HTTP must be 1/],
    [
      "RECONCILE_INTERVAL_MS=abc",
      { RECONCILE_INTERVAL_MS: "abc" },
      /"event":"startup\.refused".*RECONCILE_INTERVAL_MS must be a whole number from 100 to 3600000/,
    ],
    ["SIGN_IN_LIMIT_TOTAL=0", { SIGN_IN_LIMIT_TOTAL: "0" }, /SIGN_IN_LIMIT_TOTAL must be a whole number/],
    [
      "SMTP_URL without SMTP_FROM",
      { SMTP_URL: "smtp://mailer:hunter22@mail.example.com" },
      /SMTP_URL is set but SMTP_FROM is not/,
    ],
    [
      "an SMTP_URL with a path",
      { SMTP_URL: "smtps://mailer:hunter22@mail.example.com/x", SMTP_FROM: "no-reply@example.com" },
      /SMTP_URL must be smtp:\/\/host/,
    ],
  ])("a malformed setting, even against the sandbox: %s", async (_label, env, message) => {
    const exit = await runStartup({ SANDBOX_URL: "http://127.0.0.1:9", ...env });
    expect(exit.code, exit.stderr).toBe(1);
    expect(exit.stderr).toMatch(message);
    expect(exit.stderr).toContain("Refusing to start.");
    expect(exit.stderr).not.toContain("hunter22");
  });
});

// One at a time: each opens an embedded ledger (migrations), which is what takes the time.
describe("allowed: start-up goes on", { timeout: 120_000 }, () => {
  it.each([
    ["production, a real API, an https APP_ORIGIN", { ...REAL_API, APP_ORIGIN: "https://dash.example.com" }],
    ["production, a real API, plain http knowingly (ALLOW_INSECURE_HTTP=1)", { ...REAL_API, ALLOW_INSECURE_HTTP: "1" }],
    ["production against the sandbox over plain http", { SANDBOX_URL: "http://127.0.0.1:9" }],
  ])("%s", async (_label, env) => {
    const exit = await runStartup(env);
    expect(exit.code, exit.stderr).toBe(0);
    expect(exit.stdout).toContain("started");
    expect(exit.stderr).not.toContain("Refusing to start");
  });
});

const SETUP_LINK_LINE = /"event":"setup\.link".*"url":"https:\/\/dash\.example\.com\/setup\?token=[A-Za-z0-9_-]{43}"/;

describe("first run", { timeout: 120_000 }, () => {
  it("against a real API with no owner yet: one setup link, on APP_ORIGIN, and start-up goes on", async () => {
    const exit = await runStartup({ ...REAL_API, APP_ORIGIN: "https://dash.example.com", STARTUP_LIST_PEOPLE: "1" });
    expect(exit.code, exit.stderr).toBe(0);
    expect(exit.stdout).toContain("started");
    expect(exit.stderr).toMatch(SETUP_LINK_LINE);
    expect(exit.stderr.match(/"event":"setup\.link"/g)).toHaveLength(1);
    // No default accounts against a real API.
    expect(exit.stdout).toContain("people: []");
  });

  it("against the sandbox: its demo people, one per role per business, with no setup link", async () => {
    const sandbox = await startTestSandbox();
    try {
      const exit = await runStartup({ SANDBOX_URL: sandbox.url, STARTUP_LIST_PEOPLE: "1" });
      expect(exit.code, exit.stderr).toBe(0);
      expect(exit.stdout).toContain("started");
      const roles: Role[] = ["admin", "finance", "operator", "owner", "support"];
      const expected = ["acme", "beta"].flatMap((business) => roles.map((role) => `${role}@${business}.example`));
      expect(exit.stdout).toContain(`people: ${JSON.stringify(expected.sort())}`);
      expect(exit.stderr).not.toContain("setup.link");
      expect(exit.stdout + exit.stderr).not.toContain(SANDBOX_DEMO_PASSWORD);
    } finally {
      await sandbox.close();
    }
  });

  it("a sandbox not reachable yet is said, not fatal: start-up goes on (the people are seeded at the first sign-in)", async () => {
    const exit = await runStartup({ SANDBOX_URL: "http://127.0.0.1:9" });
    expect(exit.code, exit.stderr).toBe(0);
    expect(exit.stdout).toContain("started");
    expect(exit.stderr).toMatch(/"event":"sandbox\.demo_people_unavailable"/);
  });
});

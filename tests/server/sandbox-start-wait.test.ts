/**
 * `npm run dev` starts the sandbox beside Next.js (scripts/launch.ts), so a development server's start-up waits for
 * it (lib/server/startup.ts, `sandboxAnswers`): until it answers, or for a bounded time, and not at all against a
 * real API.
 */
import { afterEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/server/config";
import { sandboxAnswers, sandboxDirectory, sandboxStarted } from "@/lib/server/payments-api/sandbox-directory";
import { closedPort } from "../helpers/ports";
import { startTestSandbox, type TestSandbox } from "../helpers/sandbox";

const saved = {
  SANDBOX_URL: process.env.SANDBOX_URL,
  PAYMENTS_API_URL: process.env.PAYMENTS_API_URL,
  NODE_ENV: process.env.NODE_ENV,
};
/** The development server's one shared wait (sandbox-directory.ts), forgotten between tests. */
const STARTED_KEY = Symbol.for("pix-ops-dashboard.sandbox-started");
let sandbox: TestSandbox | null = null;

function useEnv(values: Partial<typeof saved>): void {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetConfigForTests();
}

afterEach(async () => {
  await sandbox?.close();
  sandbox = null;
  useEnv(saved);
  Reflect.deleteProperty(globalThis, STARTED_KEY);
});

describe("waiting for a sandbox that is starting", () => {
  it("answers true once a sandbox starting meanwhile on that port is up", async () => {
    const port = await closedPort();
    useEnv({ SANDBOX_URL: `http://127.0.0.1:${port}`, PAYMENTS_API_URL: undefined });
    const waiting = sandboxAnswers(60_000);
    sandbox = await startTestSandbox({ port });
    expect(await waiting).toBe(true);
  });

  it("answers false when nothing answers within the time given (start-up then goes on, saying so)", async () => {
    const port = await closedPort();
    useEnv({ SANDBOX_URL: `http://127.0.0.1:${port}`, PAYMENTS_API_URL: undefined });
    expect(await sandboxAnswers(0)).toBe(false);
  });

  it("does not wait at all against a real API", async () => {
    useEnv({ SANDBOX_URL: undefined, PAYMENTS_API_URL: "https://api.example.com" });
    expect(await sandboxAnswers(60_000)).toBe(true);
  });
});

describe("a development server asks the sandbox only once it has started", () => {
  it("the demo directory, asked while the sandbox is starting, waits for it instead of failing", async () => {
    const port = await closedPort();
    useEnv({ SANDBOX_URL: `http://127.0.0.1:${port}`, PAYMENTS_API_URL: undefined, NODE_ENV: "development" });
    const directory = sandboxDirectory();
    const second = sandboxStarted();
    sandbox = await startTestSandbox({ port });
    expect((await directory).length).toBeGreaterThan(0);
    expect(await second).toBe(true);
  });

  it("outside development nothing waits: a sandbox that is down fails the directory at once", async () => {
    const port = await closedPort();
    useEnv({ SANDBOX_URL: `http://127.0.0.1:${port}`, PAYMENTS_API_URL: undefined, NODE_ENV: "production" });
    expect(await sandboxStarted()).toBe(true);
    await expect(sandboxDirectory()).rejects.toThrow();
  });
});

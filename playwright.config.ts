import { chromium, defineConfig } from "@playwright/test";
import { findChromium, machineFacts } from "./tests/tooling/browser";

/**
 * End-to-end journeys in Chromium (CHROMIUM_PATH, the system's, or Playwright's: the one
 * tests/tooling/ensure-browser.ts found or installed) against `next start` and a fresh sandbox.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4110);
/** `E2E_NEXT=dev`: the same journeys against `next dev` (React's development checks, unminified errors). */
const NEXT_MODE = process.env.E2E_NEXT === "dev" ? "dev" : "start";
const DATA_DIR = NEXT_MODE === "dev" ? ".data/e2e-dev" : ".data/e2e";
/**
 * Journeys that start their own `next start` servers from the production build (restarts, other settings, hostile
 * HTTP): they test the built server, so `E2E_NEXT=dev` (which has no build) leaves them out.
 */
const BUILT_SERVER_SPECS = [
  "crash-recovery.spec.ts",
  "hostile-input.spec.ts",
  "secrets-canary.spec.ts",
  "team-journey.spec.ts",
  "transport.spec.ts",
];

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
];

export default defineConfig({
  testDir: "tests/e2e",
  testIgnore: NEXT_MODE === "dev" ? BUILT_SERVER_SPECS.map((spec) => `**/${spec}`) : [],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: NEXT_MODE === "dev" ? 300_000 : 90_000,
  expect: { timeout: NEXT_MODE === "dev" ? 60_000 : 15_000 },
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: findChromium(machineFacts(process.env, () => chromium.executablePath())) ?? undefined,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: `rm -rf ${DATA_DIR} && node node_modules/tsx/dist/cli.mjs scripts/launch.ts ${NEXT_MODE} -p ${PORT} -H 127.0.0.1`,
    url: `http://127.0.0.1:${PORT}/login`,
    reuseExistingServer: false,
    // next dev compiles the first page on demand: on a 2-core machine that alone can take minutes.
    timeout: NEXT_MODE === "dev" ? 600_000 : 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NEXT_TELEMETRY_DISABLED: "1",
      // Set, so the run never generates (or reuses) the developer's own secret in ~/.config/pixops.
      SESSION_SECRET: "e2e-session-secret-0123456789-abcdefghijklmnop",
      // Likewise the workspace credential vault's key ring (never one generated in ~/.config/pixops).
      CREDENTIAL_KEYS: "e2e1:e2e-credential-key-0123456789-abcdefghijklmnop",
      SANDBOX_PORT: String(SANDBOX_PORT),
      DATA_DIR,
      LEDGER_DIR: `${DATA_DIR}/ledger`,
      SANDBOX_SETTLE_MS: "2000",
      SANDBOX_RATE_LIMIT: "off",
      PAYMENTS_ATTEMPT_TIMEOUT_MS: "3000",
      PAYMENTS_DEADLINE_MS: "8000",
      // A payout without a definite answer waits for a person after 1 s instead of 15 min, and the
      // reconciler looks every second, so the needs-review journeys do not wait (tests/e2e/payout-review.spec.ts).
      PAYOUT_AUTO_RESEND_WINDOW_MS: "1000",
      RECONCILE_INTERVAL_MS: "1000",
    },
  },
});

/**
 * The write-ahead payout intent survives a crash: the BFF process is killed
 * after the intent is written and before the reply; after a restart the
 * reconciler completes it and the API holds exactly one payout for the key.
 * Runs its own sandbox and its own BFF (`next start` against that sandbox, whose
 * demo operator signs in) so it can kill the BFF without touching the other
 * journeys' server.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  killHard,
  sandboxAdmin,
  signIn as signInAt,
  startNextProcess,
  startSandboxProcess,
  waitFor,
  writeHeaders as writeHeadersFor,
  type Started,
} from "../soak/processes";
import { expect, test } from "./fixtures";

// Next to the journeys' own ports (3100/4110 unless E2E_PORT / E2E_SANDBOX_PORT move them), so parallel runs on other ports do not collide.
const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4110) + 81;
const BFF_PORT = Number(process.env.E2E_PORT ?? 3100) + 91;
const BFF = `http://127.0.0.1:${BFF_PORT}`;
const SANDBOX = `http://127.0.0.1:${SANDBOX_PORT}`;

let workDir = "";
let sandboxProcess: Started | null = null;
let bffProcess: Started | null = null;

function startBff(): Started {
  return startNextProcess({
    port: BFF_PORT,
    sandboxUrl: SANDBOX,
    env: {
      DATA_DIR: workDir,
      LEDGER_DIR: path.join(workDir, "ledger"),
      PAYMENTS_ATTEMPT_TIMEOUT_MS: "20000",
      PAYMENTS_DEADLINE_MS: "30000",
      RECONCILE_INTERVAL_MS: "1000",
      RECONCILE_AFTER_MS: "1000",
    },
  });
}

const admin = (method: string, pathname: string, body?: unknown): Promise<unknown> =>
  sandboxAdmin<unknown>(SANDBOX, method, pathname, body);

async function sandboxPayoutsFor(key: string): Promise<Array<{ id: string }>> {
  const all = (await admin("GET", "/__sandbox/payouts")) as Array<{ id: string; idempotency_key: string }>;
  return all.filter((p) => p.idempotency_key === key);
}

const writeHeaders = writeHeadersFor(BFF);
const signIn = (): Promise<string> => signInAt(BFF, "operator");

function sendPayout(cookie: string, key: string, amount: number): Promise<unknown> {
  return fetch(`${BFF}/api/payouts`, {
    method: "POST",
    headers: { ...writeHeaders, cookie, "idempotency-key": key },
    body: JSON.stringify({ amount_centavos: amount, pix_key_type: "email", pix_key: "crash@example.com" }),
  }).catch((error: unknown) => error);
}

async function registerRow(cookie: string, key: string): Promise<{ state: string; id: string | null } | undefined> {
  const res = await fetch(`${BFF}/api/payouts`, { headers: { cookie } });
  const body = (await res.json()) as {
    data: { items: Array<{ idempotency_key: string; state: string; id: string | null }> };
  };
  return body.data.items.find((row) => row.idempotency_key === key);
}

test.describe.configure({ mode: "serial" });
// The killed process still holds the payout's send lease, which only expires after
// the client's whole deadline plus a margin (30 s + 10 s here, see lib/server/services/payouts/policy.ts):
// only then may the restarted process re-send it. Wait that long, and give the test room.
const RECOVERY_TIMEOUT_MS = 60_000;
test.setTimeout(150_000);

test.beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), "pixops-crash-"));
  sandboxProcess = startSandboxProcess({ port: SANDBOX_PORT, dataDir: path.join(workDir, "sandbox") });
  await waitFor(`${SANDBOX}/__sandbox/health`);
  bffProcess = startBff();
  await waitFor(`${BFF}/login`);
});

test.afterAll(async () => {
  await killHard(bffProcess);
  await killHard(sandboxProcess);
  rmSync(workDir, { recursive: true, force: true });
});

test("killed after the API committed but before the reply: the restart reconciles it to exactly one payout", async () => {
  const cookie = await signIn();
  const key = `crash-${randomUUID()}`;
  // The sandbox commits the payout on receipt, then holds the reply for 15 s.
  await admin("POST", "/__sandbox/faults", {
    kind: "latency",
    method: "POST",
    path: "/v1/payouts",
    ms: 15_000,
    count: 1,
  });

  void sendPayout(cookie, key, 12_345);
  await expect.poll(async () => (await sandboxPayoutsFor(key)).length, { timeout: 15_000 }).toBe(1);
  await killHard(bffProcess);

  bffProcess = startBff();
  await waitFor(`${BFF}/login`);
  await expect
    .poll(async () => (await registerRow(cookie, key))?.state, { timeout: RECOVERY_TIMEOUT_MS })
    .toBe("submitted");

  const upstream = await sandboxPayoutsFor(key);
  expect(upstream).toHaveLength(1);
  expect((await registerRow(cookie, key))?.id).toBe(upstream[0]?.id);
});

test("killed after the intent was written but before the API got it: the restart sends it once", async () => {
  const cookie = await signIn();
  const key = `crash-${randomUUID()}`;
  // The request hangs without any effect upstream, as if the process died before sending.
  await admin("POST", "/__sandbox/faults", { kind: "hang", method: "POST", path: "/v1/payouts", count: 1 });
  await admin("DELETE", "/__sandbox/stats");

  void sendPayout(cookie, key, 23_456);
  await expect
    .poll(
      async () =>
        ((await admin("GET", "/__sandbox/stats")) as { by_route: Record<string, number> }).by_route[
          "POST /v1/payouts"
        ] ?? 0,
      { timeout: 15_000 },
    )
    .toBe(1);
  expect(await sandboxPayoutsFor(key)).toHaveLength(0);
  await killHard(bffProcess);

  bffProcess = startBff();
  await waitFor(`${BFF}/login`);
  await expect
    .poll(async () => (await registerRow(cookie, key))?.state, { timeout: RECOVERY_TIMEOUT_MS })
    .toBe("submitted");
  expect(await sandboxPayoutsFor(key)).toHaveLength(1);
});

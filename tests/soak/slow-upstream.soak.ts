/**
 * Slow upstream: every payout send takes 3 s, fifteen times the reconciler's
 * period (200 ms) and far beyond its re-send threshold (100 ms). The reconciler
 * passes many times over each live send and must leave it alone: one upstream
 * request per key, and the client gets its payout. That the passes really ran
 * meanwhile is seen upstream: each one looks up a payout made beforehand and
 * kept pending (the refresher), so the sandbox counts its GETs.
 */
import path from "node:path";
import { expect, it } from "vitest";
import { freshDatabase } from "./database";
import {
  AppInstance,
  overlappingKeys,
  postPayout,
  register,
  requestsByKey,
  SandboxProcess,
  seconds,
  soakLine,
  workDir,
} from "./harness";
import { signIn } from "./processes";

const SANDBOX_PORT = 4420;
const APP_PORT = 3420;
const PAYOUTS = 8;
const LATENCY_MS = 3_000;
const RECONCILE_INTERVAL_MS = 200;
const LOOK_UP = "GET /v1/payouts/:id";

it("slow upstream: a live send is never sent again by the reconciler", async () => {
  const began = Date.now();
  const run = Date.now().toString(36);
  const work = workDir("slow-upstream");
  const db = await freshDatabase("slow");
  // Payouts stay pending for the whole test, so the refresher looks the first one up on every pass.
  const sandbox = new SandboxProcess(SANDBOX_PORT, work.dir, 600_000);
  const app = new AppInstance("app", APP_PORT, sandbox, path.join(work.dir, "app"), {
    DATABASE_URL: db.url,
    PAYMENTS_ATTEMPT_TIMEOUT_MS: "8000",
    PAYMENTS_DEADLINE_MS: "10000",
    RECONCILE_INTERVAL_MS: String(RECONCILE_INTERVAL_MS),
    RECONCILE_AFTER_MS: "100",
    PAYOUT_REFRESH_EVERY_MS: "100",
  });
  let passed = false;
  try {
    await sandbox.start();
    await app.start();
    const cookie = await signIn(app.base);
    const followed = await postPayout(app.base, cookie, `soak-slow-${run}-followed`, 2_999);
    expect([followed.status, followed.payout?.status]).toEqual([201, "pending"]);
    await sandbox.setFaults([{ kind: "latency", method: "POST", path: "/v1/payouts", ms: LATENCY_MS }]);
    await sandbox.clearLog();

    const keys = Array.from({ length: PAYOUTS }, (_, i) => `soak-slow-${run}-${i}`);
    const sendStarted = Date.now();
    const answers = await Promise.all(keys.map((key, i) => postPayout(app.base, cookie, key, 3_000 + i)));
    const sendTime = Date.now() - sendStarted;
    const passesSeen = (await sandbox.stats()).by_route[LOOK_UP] ?? 0;
    expect(sendTime, "the sends really were slow").toBeGreaterThanOrEqual(LATENCY_MS);

    const log = await sandbox.requests();
    const byKey = requestsByKey(log);
    const rows = await register(app.base, cookie);
    const upstream = await sandbox.payouts();
    for (const [i, key] of keys.entries()) {
      const answer = answers[i];
      expect([answer?.status, answer?.payout?.state, answer?.payout?.amount_centavos], `answer for ${key}`).toEqual([
        201,
        "submitted",
        3_000 + i,
      ]);
      expect(byKey.get(key)?.length, `upstream sends of ${key}`).toBe(1);
      const row = rows.find((r) => r.idempotency_key === key);
      expect([row?.state, row?.sends, row?.id]).toEqual(["submitted", 1, answer?.payout?.id]);
      expect(upstream.filter((p) => p.idempotency_key === key).map((p) => p.id)).toEqual([row?.id]);
    }
    expect(overlappingKeys(log)).toEqual([]);
    // Without passes over the live sends the test would prove nothing.
    expect(passesSeen, "reconciler passes during the sends (their status look-ups)").toBeGreaterThanOrEqual(5);

    soakLine("slow-upstream", {
      payouts: PAYOUTS,
      upstream_latency_ms: LATENCY_MS,
      reconcile_interval_ms: RECONCILE_INTERVAL_MS,
      reconcile_after_ms: 100,
      reconciler_passes_seen_during_sends: passesSeen,
      upstream_sends: log.length,
      second_sends: log.length - byKey.size,
      kills: 0,
      restarts: 0,
      slowest_reply_ms: sendTime,
      time: seconds(began),
    });
    passed = true;
  } finally {
    await app.stop();
    await sandbox.stop();
    await db
      .drop()
      .catch((error: unknown) => console.error(`[soak] could not drop the test database: ${String(error)}`));
    work.cleanUp(passed);
  }
}, 120_000);

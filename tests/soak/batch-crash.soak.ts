/**
 * Batch sending survives real processes dying, and real processes sharing one
 * PostgreSQL never send a row twice. The server's background work (reconciler
 * and batch worker, started by the real start-up) runs in processes of its own
 * (tests/helpers/batch-worker-process.ts) against this run's PostgreSQL and a
 * sandbox in the test's process; the test creates and confirms the batches
 * through the route handlers and reads the sandbox's own record of payouts.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, inject, it } from "vitest";
import type { FaultRule } from "../helpers/sandbox";
import { setUpBffHarness } from "../helpers/bff-suite";
import { batchRows, confirmBatch, createBatch, readBatch, readRows, upstreamByKey } from "../helpers/batches";
import { soakLine, seconds } from "./harness";
import { killHard, pollUntil, startProcess, type Started } from "./processes";

// The route handlers of this process and the worker processes share one database on the run's server.
process.env.TEST_DATABASE_URL = inject("postgresUrl");

const ROWS = 150;
/** Each send takes a while, so the batch is still going when the first worker is killed. */
const SLOW_SENDS: FaultRule = { kind: "latency", method: "POST", path: "/v1/payouts", ms: 150 };

const ctx = setUpBffHarness({
  env: { PAYMENTS_DEADLINE_MS: "3000", PAYMENTS_ATTEMPT_TIMEOUT_MS: "1000" },
  sandbox: { concurrentSameKey: "conflict" },
});

interface Worker {
  name: string;
  proc: Started;
  logFile: string;
}

const running: Worker[] = [];
const dir = mkdtempSync(path.join(tmpdir(), "pixops-soak-batch-crash-"));

let failed = false;

afterEach(async ({ task }) => {
  await Promise.all(running.splice(0).map((worker) => killHard(worker.proc)));
  failed ||= task.result?.state === "fail";
});

afterAll(() => {
  if (failed) console.error(`[soak] batch-crash: worker logs kept in ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
});

/** Starts a worker process on the test's database and sandbox; resolves once its start-up has run. */
async function startWorker(name: string): Promise<Worker> {
  const logFile = path.join(dir, `${name}.log`);
  const proc = startProcess(
    [process.execPath, "--conditions=react-server", "--import", "tsx", "tests/helpers/batch-worker-process.ts"],
    {
      logFile,
      unset: ["LEDGER_DIR", "TEST_DATABASE_URL"],
      env: {
        RECONCILER: "on",
        DATA_DIR: mkdtempSync(path.join(dir, `${name}-data-`)),
        PAYOUT_BATCH_INTERVAL_MS: "200",
        RECONCILE_INTERVAL_MS: "500",
        RECONCILE_AFTER_MS: "500",
        PAYOUT_REFRESH_EVERY_MS: "200",
      },
    },
  );
  const worker = { name, proc, logFile };
  running.push(worker);
  await pollUntil(
    `worker ${name} to start (log: ${logFile})`,
    async () => readFileSync(logFile, "utf8"),
    (text) => /^started$/m.test(text),
    { timeoutMs: 90_000, everyMs: 100 },
  );
  return worker;
}

/** Rows this worker claimed, from its own log of passes. */
function claimedBy(worker: Worker): number {
  let claimed = 0;
  for (const line of readFileSync(worker.logFile, "utf8").split("\n")) {
    if (!line.startsWith("{")) continue;
    const entry = JSON.parse(line) as { event?: string; summary?: { claimed?: number } };
    if (entry.event === "batch_worker.pass") claimed += entry.summary?.claimed ?? 0;
  }
  return claimed;
}

const waitForCompletion = (id: string) =>
  pollUntil(
    `batch ${id} to complete`,
    () => readBatch(ctx.cookie, id),
    (batch) => batch.status === "completed",
    { timeoutMs: 180_000, everyMs: 250 },
  );

function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

describe("batch sending across real processes", () => {
  it("SIGKILL mid-batch: a second process finishes it, one upstream payout per row, none twice, none forgotten", async () => {
    const started = Date.now();
    // Some answers are lost after the API made the payout, so a send's outcome is unknown until the same key is sent again.
    const storm: FaultRule[] = [
      SLOW_SENDS,
      { kind: "commit_then_drop", method: "POST", path: "/v1/payouts", rate: 0.1 },
    ];
    await ctx.harness.sandbox.setFaults(storm);
    const batch = await confirmBatch(ctx.cookie, await createBatch(ctx.cookie, batchRows(ROWS, { prefix: "killed" })));

    const first = await startWorker("first");
    await pollUntil(
      "part of the batch to reach the API",
      async () => (await upstreamByKey(ctx.harness, batch.id)).size,
      (made) => made >= ROWS / 4,
      { timeoutMs: 120_000, everyMs: 50 },
    );
    // Then the API stops answering and makes nothing: a row sent from now on stays claimed without an answer (and
    // without a payout) until the kill. Waiting for one such row (claimed rows outnumber payouts made) makes the kill find it.
    await ctx.harness.sandbox.setFaults([{ kind: "hang", method: "POST", path: "/v1/payouts" }]);
    const claimedAndMade = async () => ({
      claimed: ROWS - (await readRows(ctx.cookie, batch.id)).filter((row) => row.status === "pending").length,
      made: (await upstreamByKey(ctx.harness, batch.id)).size,
    });
    await pollUntil("a row claimed and never answered", claimedAndMade, ({ claimed, made }) => claimed > made, {
      timeoutMs: 60_000,
      everyMs: 50,
    });
    await killHard(first.proc);
    const upstreamAtKill = (await upstreamByKey(ctx.harness, batch.id)).size;
    const rowsAtKill = countBy(await readRows(ctx.cookie, batch.id), (row) => row.status);
    // Killed mid-batch: rows still waiting, rows claimed whose send made nothing, and rows between claim and answer.
    expect(upstreamAtKill).toBeLessThan(ROWS - (rowsAtKill.pending ?? 0));
    expect(rowsAtKill.pending ?? 0).toBeGreaterThan(0);
    expect(rowsAtKill.sending ?? 0).toBeGreaterThan(0);

    await ctx.harness.sandbox.setFaults(storm);
    const second = await startWorker("second");
    const done = await waitForCompletion(batch.id);
    const rows = await readRows(ctx.cookie, batch.id);
    const upstream = await upstreamByKey(ctx.harness, batch.id);
    const stats = await ctx.harness.sandbox.stats();
    soakLine("batch-crash", {
      rows: ROWS,
      upstream_at_kill: upstreamAtKill,
      rows_at_kill: JSON.stringify(rowsAtKill),
      // The first was killed inside its first pass, before it logged it: what it claimed is what was no longer pending.
      claimed_first: ROWS - (rowsAtKill.pending ?? 0),
      claimed_second: claimedBy(second),
      upstream_payouts: upstream.size,
      duplicates: [...upstream.values()].filter((n) => n > 1).length,
      counts: JSON.stringify(done.counts),
      time: seconds(started),
    });

    expect([...upstream.entries()].filter(([, n]) => n > 1)).toEqual([]);
    expect(stats.same_key_overlaps).toBe(0);
    expect(rows).toHaveLength(ROWS);
    for (const row of rows) {
      const key = `batch-${batch.id}-${row.row_number}`;
      // A row the API never answered definitely waits for a person, with at most the one payout it may have made.
      if (row.status === "needs_review") expect(upstream.get(key) ?? 0, key).toBeLessThanOrEqual(1);
      else {
        expect(row.status, key).toBe("paid");
        expect(upstream.get(key), key).toBe(1);
      }
    }
  }, 360_000);

  it("two worker processes sharing PostgreSQL at once never send the same row", async () => {
    const started = Date.now();
    await ctx.harness.sandbox.setFaults([SLOW_SENDS]);
    const workers = await Promise.all([startWorker("twin-a"), startWorker("twin-b")]);
    // Confirmed once both run, so each finds it on its next pass.
    const batch = await confirmBatch(ctx.cookie, await createBatch(ctx.cookie, batchRows(ROWS, { prefix: "twins" })));
    const done = await waitForCompletion(batch.id);
    // Each process logs a pass when it ends: the last one may still be writing its line.
    const claims = await pollUntil(
      "both workers to log their passes",
      async () => workers.map(claimedBy),
      (counts) => counts.reduce((sum, n) => sum + n, 0) >= ROWS,
      { timeoutMs: 30_000, everyMs: 100 },
    );
    const sends = (await ctx.harness.sandbox.payoutRequests()).filter((r) =>
      r.idempotency_key?.startsWith(`batch-${batch.id}-`),
    );
    const upstream = await upstreamByKey(ctx.harness, batch.id);
    soakLine("batch-two-processes", {
      rows: ROWS,
      claimed: claims.join("+"),
      upstream_sends: sends.length,
      upstream_payouts: upstream.size,
      counts: JSON.stringify(done.counts),
      time: seconds(started),
    });

    expect(claims.reduce((sum, n) => sum + n, 0)).toBe(ROWS);
    expect(claims.every((n) => n > 0)).toBe(true);
    // Each row's key reached the API once: no row was sent by both processes.
    expect(sends).toHaveLength(ROWS);
    expect(new Set(sends.map((s) => s.idempotency_key)).size).toBe(ROWS);
    expect(upstream.size).toBe(ROWS);
    expect([...upstream.values()].every((n) => n === 1)).toBe(true);
    expect(done.counts.paid).toBe(ROWS);
  }, 360_000);
});

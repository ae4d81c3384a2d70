/**
 * A batch under the sandbox's fault injection (503s with Retry-After, 429s,
 * latency spikes, hanging requests, HTML 502s, commit-then-drop) and its
 * stricter same-key mode: the batch worker and the reconciler run until the
 * batch is completed. Every row must end with exactly one upstream payout, or
 * in needs review with at most one — never a duplicate. BATCH_STORM_ROWS=1000
 * runs the full size. Figures are printed for docs/reliability.md.
 */
import { describe, expect, it } from "vitest";
import { getLedger } from "@/lib/server/ledger";
import { runBatchPass, type BatchPassSummary } from "@/lib/server/services/payout-batch-worker";
import { reconcilePayouts } from "@/lib/server/services/reconciler";
import type { FaultRule } from "../helpers/sandbox";
import { setUpBffHarness } from "../helpers/bff-suite";
import { batchRows, confirmBatch, createBatch, readBatch, readRows, upstreamByKey } from "../helpers/batches";

const ROWS = Number(process.env.BATCH_STORM_ROWS ?? 200);
const MAX_ROUNDS = 400;

const STORM: FaultRule[] = [
  { kind: "latency", method: "POST", path: "/v1/payouts", rate: 0.1, ms: 300 },
  { kind: "error503", method: "POST", path: "/v1/payouts", rate: 0.2, retry_after: 1 },
  { kind: "throttle429", method: "POST", path: "/v1/payouts", rate: 0.05, retry_after: 1 },
  { kind: "hang", method: "POST", path: "/v1/payouts", rate: 0.02 },
  { kind: "html502", method: "POST", path: "/v1/payouts", rate: 0.05 },
  { kind: "commit_then_drop", method: "POST", path: "/v1/payouts", rate: 0.1 },
];

const ctx = setUpBffHarness({
  env: {
    PAYMENTS_ATTEMPT_TIMEOUT_MS: "800",
    PAYMENTS_DEADLINE_MS: "4000",
    PAYMENTS_RETRY_BASE_MS: "20",
    PAYMENTS_RETRY_CAP_MS: "200",
    PAYOUT_REFRESH_EVERY_MS: "100",
  },
  // A same-key request while another is being answered gets 409: nothing relies on upstream serialising sends.
  sandbox: { concurrentSameKey: "conflict" },
});

describe("batch fault storm", () => {
  it(`${ROWS} rows under injected faults: one upstream payout per row, or needs review — never a duplicate`, async () => {
    const ledger = await getLedger();
    const batch = await confirmBatch(ctx.cookie, await createBatch(ctx.cookie, batchRows(ROWS, { prefix: "bstorm" })));
    await ctx.harness.sandbox.setFaults(STORM);
    const started = performance.now();
    const totals: BatchPassSummary = { claimed: 0, submitted: 0, rejected: 0, unknown: 0, busy: 0, backoffs: 0, lookedUp: 0, completed: 0 };
    let rounds = 0;
    let status = "sending";
    for (; rounds < MAX_ROUNDS && status === "sending"; rounds++) {
      // The worker and the reconciler side by side, as in the app.
      const [pass] = await Promise.all([runBatchPass(ledger, { concurrency: 4 }), reconcilePayouts(ledger, { olderThanMs: 0 })]);
      for (const key of Object.keys(totals) as (keyof BatchPassSummary)[]) totals[key] += pass[key];
      if (pass.claimed === 0) await ctx.harness.clock.skip(1_000);
      status = (await readBatch(ctx.cookie, batch.id)).status;
    }
    const seconds = (performance.now() - started) / 1000;
    await ctx.harness.sandbox.clearFaults();

    const done = await readBatch(ctx.cookie, batch.id);
    const rows = await readRows(ctx.cookie, batch.id);
    const upstream = await upstreamByKey(ctx.harness, batch.id);
    const stats = await ctx.harness.sandbox.stats();
    console.log(
      `[batch fault storm] ${ROWS} rows, ${rounds} rounds, ${seconds.toFixed(1)} s; counts ${JSON.stringify(done.counts)}; worker ${JSON.stringify(totals)}; ` +
        `upstream POST /v1/payouts ${stats.by_route["POST /v1/payouts"] ?? 0}; upstream payouts ${upstream.size}; duplicates ${[...upstream.values()].filter((n) => n > 1).length}; same-key overlaps ${stats.same_key_overlaps}`,
    );

    expect(done.status).toBe("completed");
    expect([...upstream.values()].filter((n) => n > 1)).toEqual([]);
    expect(stats.same_key_overlaps).toBe(0);
    for (const row of rows) {
      const key = `batch-${batch.id}-${row.row_number}`;
      if (row.status === "needs_review") {
        expect(upstream.get(key) ?? 0, key).toBeLessThanOrEqual(1);
        continue;
      }
      expect(row.status, key).toBe("paid");
      expect(upstream.get(key), key).toBe(1);
    }
  }, 600_000);
});

/**
 * The batch fault storm, shared by the route-handler suite (200 rows,
 * tests/bff/payout-batch-fault-storm.test.ts) and the soak suite (the issue's
 * 1,000 rows on PostgreSQL, tests/soak/batch-fault-storm.soak.ts): a confirmed
 * batch under the sandbox's fault injection, the batch worker and the
 * reconciler side by side until it is completed. Every row must end with
 * exactly one upstream payout, or in needs review with at most one — never a
 * duplicate. Returns its figures (also printed as one line).
 */
import { expect } from "vitest";
import { getLedger } from "@/lib/server/ledger";
import { runBatchPass, type BatchPassSummary } from "@/lib/server/services/batches/worker";
import { reconcilePayouts } from "@/lib/server/services/payouts/reconciler";
import type { BffContext } from "./bff-suite";
import type { FaultRule } from "./sandbox";
import { batchRows, confirmBatch, createBatch, readBatch, readRows, upstreamByKey } from "./batches";

const STORM: FaultRule[] = [
  { kind: "latency", method: "POST", path: "/v1/payouts", rate: 0.1, ms: 300 },
  { kind: "error503", method: "POST", path: "/v1/payouts", rate: 0.2, retry_after: 1 },
  { kind: "throttle429", method: "POST", path: "/v1/payouts", rate: 0.05, retry_after: 1 },
  { kind: "hang", method: "POST", path: "/v1/payouts", rate: 0.02 },
  { kind: "html502", method: "POST", path: "/v1/payouts", rate: 0.05 },
  { kind: "commit_then_drop", method: "POST", path: "/v1/payouts", rate: 0.1 },
];

/** The harness settings of the storm: short client timeouts so the faults cost little time. */
export const STORM_HARNESS = {
  env: {
    PAYMENTS_ATTEMPT_TIMEOUT_MS: "800",
    PAYMENTS_DEADLINE_MS: "4000",
    PAYMENTS_RETRY_BASE_MS: "20",
    PAYMENTS_RETRY_CAP_MS: "200",
    PAYOUT_REFRESH_EVERY_MS: "100",
  },
  // A same-key request while another is being answered gets 409: nothing relies on upstream serialising sends.
  sandbox: { concurrentSameKey: "conflict" as const },
};

const MAX_ROUNDS = 400;

export type StormFigures = Record<string, string | number>;

export async function runBatchFaultStorm(ctx: BffContext, rowCount: number): Promise<StormFigures> {
  const ledger = await getLedger();
  const batch = await confirmBatch(
    ctx.cookie,
    await createBatch(ctx.cookie, batchRows(rowCount, { prefix: "bstorm" })),
  );
  await ctx.harness.sandbox.setFaults(STORM);
  const started = performance.now();
  const totals: BatchPassSummary = {
    claimed: 0,
    submitted: 0,
    rejected: 0,
    unknown: 0,
    busy: 0,
    backoffs: 0,
    lookedUp: 0,
    completed: 0,
    refused: 0,
    cancelled: 0,
  };
  let rounds = 0;
  let status = "sending";
  for (; rounds < MAX_ROUNDS && status === "sending"; rounds++) {
    // The worker and the reconciler side by side, as in the app.
    const [pass] = await Promise.all([
      runBatchPass(ledger, { concurrency: 4 }),
      reconcilePayouts(ledger, { olderThanMs: 0 }),
    ]);
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
  const figures: StormFigures = {
    rows: rowCount,
    rounds,
    seconds: seconds.toFixed(1),
    paid: done.counts.paid,
    needs_review: done.counts.needs_review,
    claimed: totals.claimed,
    unknown: totals.unknown,
    backoffs: totals.backoffs,
    upstream_posts: stats.by_route["POST /v1/payouts"] ?? 0,
    upstream_payouts: upstream.size,
    duplicates: [...upstream.values()].filter((n) => n > 1).length,
    same_key_overlaps: stats.same_key_overlaps,
  };
  console.log(
    `[batch fault storm] ${rowCount} rows, ${rounds} rounds, ${seconds.toFixed(1)} s; counts ${JSON.stringify(done.counts)}; worker ${JSON.stringify(totals)}; ` +
      `upstream POST /v1/payouts ${figures.upstream_posts}; upstream payouts ${upstream.size}; duplicates ${figures.duplicates}; same-key overlaps ${stats.same_key_overlaps}`,
  );

  expect(done.status).toBe("completed");
  expect([...upstream.values()].filter((n) => n > 1)).toEqual([]);
  expect(stats.same_key_overlaps).toBe(0);
  expect(rows).toHaveLength(rowCount);
  for (const row of rows) {
    const key = `batch-${batch.id}-${row.row_number}`;
    if (row.status === "needs_review") {
      expect(upstream.get(key) ?? 0, key).toBeLessThanOrEqual(1);
      continue;
    }
    expect(row.status, key).toBe("paid");
    expect(upstream.get(key), key).toBe(1);
  }
  return figures;
}

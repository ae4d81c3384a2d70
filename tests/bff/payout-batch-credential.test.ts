/**
 * A batch whose credential the API refuses mid-way (a key rotated or revoked: 401) pauses for its credential
 * instead of failing its remaining rows; the row the 401 came on goes back to pending (nothing was made), and a
 * person's resume with a valid credential carries on from there, every row's key making one payout. A worker still
 * holding its read of the batch never undoes a resume made meanwhile (compare-and-set on the batch as it read it).
 */
import { describe, expect, it } from "vitest";
import * as resume from "@/app/api/payout-batches/[id]/resume/route";
import { getLedger, listWorkBatches, pauseForCredential } from "@/lib/server/ledger";
import { runBatchPass } from "@/lib/server/services/batches/worker";
import { reconcilePayouts } from "@/lib/server/services/payouts/reconciler";
import type { Batch } from "@/lib/shared/schemas/payout-batches";
import { call } from "../helpers/bff";
import { activityReader } from "../helpers/activity-reader";
import { setUpBffHarness } from "../helpers/bff-suite";
import {
  batchRows,
  confirmBatch,
  createBatch,
  firstSendRefused,
  readBatch,
  readRows,
  runUntilDone,
  upstreamByKey,
} from "../helpers/batches";

const ctx = setUpBffHarness({ env: { PAYOUT_REFRESH_EVERY_MS: "100" } });
const readActivity = activityReader();

async function resumeBatch(id: string): Promise<Batch> {
  const result = await call(resume.POST, `/api/payout-batches/${id}/resume`, {
    method: "POST",
    cookie: ctx.cookie,
    params: { id },
    body: {},
  });
  expect(result.status, result.text).toBe(200);
  return result.json.data as Batch;
}

async function workRead(batchId: string) {
  const read = (await listWorkBatches(await getLedger())).find((b) => b.id === batchId);
  if (!read) throw new Error("the batch is not the worker's");
  return read;
}

describe("a batch whose credential the API refuses (401)", () => {
  it("pauses for its credential with the remaining rows untouched; resumed with a valid one, every row completes, each key making one payout", async () => {
    const ledger = await getLedger();
    const batch = await confirmBatch(ctx.cookie, await createBatch(ctx.cookie, batchRows(8, { prefix: "revoked" })));
    expect((await runBatchPass(ledger, { concurrency: 2, maxClaims: 3 })).submitted).toBe(3);

    // The key is revoked mid-batch: every request with it is now refused.
    await ctx.harness.sandbox.setFaults([{ kind: "error401", method: "POST", path: "/v1/payouts" }]);
    const refused = await runBatchPass(ledger, { concurrency: 2 });
    expect(refused.refused).toBeGreaterThan(0);
    expect(refused).toMatchObject({ rejected: 0, unknown: 0 });

    const paused = await readBatch(ctx.cookie, batch.id);
    expect(paused).toMatchObject({ status: "paused", paused_reason: "credential_refused" });
    expect(paused.counts).toMatchObject({ pending: 5, failed: 0, needs_review: 0, cancelled: 0 });
    const rows = await readRows(ctx.cookie, batch.id);
    expect(rows.filter((r) => r.status === "pending").map((r) => r.row_number)).toEqual([5, 6, 7, 8, 9]);
    expect(
      rows.filter((r) => r.status === "pending").every((r) => r.payout_id === null && r.failure_reason === null),
    ).toBe(true);
    const audit = await readActivity(`?target_id=${batch.id}`);
    expect(audit.find((e) => e.action === "batch.paused")).toMatchObject({
      actor: { name: "batch worker" },
      after: { reason: "credential_refused" },
    });
    const refusedKeys = (await ctx.harness.sandbox.payoutRequests())
      .filter((r) => r.outcome === "401")
      .map((r) => r.idempotency_key);
    expect(refusedKeys.length).toBeGreaterThan(0);

    // Paused, nothing more is sent, by the worker or the reconciler; the rows stay as they are.
    expect((await runBatchPass(ledger, { concurrency: 2 })).claimed).toBe(0);
    await reconcilePayouts(ledger, { olderThanMs: 0 });
    expect((await readBatch(ctx.cookie, batch.id)).counts.pending).toBe(5);

    // The workspace's key works again (as when its owner stores a new one): an operator resumes; sending carries on.
    await ctx.harness.sandbox.clearFaults();
    expect(await resumeBatch(batch.id)).toMatchObject({ status: "sending", paused_reason: null });
    const { batch: done } = await runUntilDone(ctx.harness, ctx.cookie, batch.id);
    expect(done.status).toBe("completed");
    expect(done.counts).toMatchObject({ paid: 8, failed: 0, pending: 0 });
    const upstream = await upstreamByKey(ctx.harness, batch.id);
    expect(upstream.size).toBe(8);
    expect([...upstream.values()].every((count) => count === 1)).toBe(true);
    // The refused row was retried with its own key: the 401, then the one payout (the sandbox creates with a 200).
    for (const key of refusedKeys) {
      expect(
        (await ctx.harness.sandbox.payoutRequests()).filter((r) => r.idempotency_key === key).map((r) => r.outcome),
      ).toEqual(["401", "200"]);
    }
  }, 120_000);

  it("a worker still holding its read of the batch does not undo a resume made meanwhile", async () => {
    const ledger = await getLedger();
    const batch = await confirmBatch(ctx.cookie, await createBatch(ctx.cookie, batchRows(3, { prefix: "stale-seal" })));
    const stale = await workRead(batch.id);
    expect(stale.credentialSeal).toBeNull();
    let resumedVersion: string | null = null;
    // The worker's lane is on its first row with the refused credential. Before its 401 comes back, another lane
    // (or instance) got its own 401 and paused the batch, and an operator resumed it (the workspace's key working again).
    const clientFor = firstSendRefused(async () => {
      expect(await pauseForCredential(ledger, stale, "credential_refused", "batch worker")).toBe(true);
      await resumeBatch(batch.id);
      resumedVersion = (await workRead(batch.id)).version;
    });
    expect(await runBatchPass(ledger, { concurrency: 1, clientFor })).toMatchObject({ refused: 1, rejected: 0 });

    expect(resumedVersion).not.toBeNull();
    expect(resumedVersion).not.toBe(stale.version);
    expect(await readBatch(ctx.cookie, batch.id)).toMatchObject({ status: "sending", paused_reason: null });
    expect((await workRead(batch.id)).version).toBe(resumedVersion);
    const { batch: done } = await runUntilDone(ctx.harness, ctx.cookie, batch.id);
    expect(done.counts).toMatchObject({ paid: 3, failed: 0 });
    expect([...(await upstreamByKey(ctx.harness, batch.id)).values()]).toEqual([1, 1, 1]);
  }, 120_000);
});

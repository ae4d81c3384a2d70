/**
 * A row claimed by a worker whose credential the API refused, after the worker put the batch's unsent rows back
 * (the pause was skipped because a resume had just happened), is left as an intent. The reconciler sends it later
 * with the workspace's credential and gets the 401: nothing was made, and the batch's credential, not the row, was
 * refused, so the row goes back to its batch and is sent once the credential works, rather than failing for good.
 */
import { describe, expect, it } from "vitest";
import * as resume from "@/app/api/payout-batches/[id]/resume/route";
import { claimBatchRow, getLedger, listWorkBatches, pauseForCredential } from "@/lib/server/ledger";
import { reconcilePayouts } from "@/lib/server/services/payouts/reconciler";
import { ACME, call, DEMO_NAMES } from "../helpers/bff";
import { setUpBffHarness } from "../helpers/bff-suite";
import {
  batchRows,
  confirmBatch,
  createBatch,
  readBatch,
  readRows,
  runUntilDone,
  upstreamByKey,
} from "../helpers/batches";

const ctx = setUpBffHarness({ env: { PAYOUT_REFRESH_EVERY_MS: "100" } });

async function workRead(batchId: string) {
  const read = (await listWorkBatches(await getLedger())).find((b) => b.id === batchId);
  if (!read) throw new Error("the batch is not the worker's");
  return read;
}

describe("a batch row claimed with its batch's refused credential", () => {
  it("is returned to its batch when the reconciler's send of it gets a 401, and sent with the batch's current credential", async () => {
    const ledger = await getLedger();
    const batch = await confirmBatch(
      ctx.cookie,
      await createBatch(ctx.cookie, batchRows(2, { prefix: "refused-seal" })),
    );
    const read = await workRead(batch.id);
    expect(read.credentialSeal).toBeNull();
    // Another lane's 401 paused the batch and an operator resumed it...
    expect(await pauseForCredential(ledger, read, "credential_refused", "batch worker")).toBe(true);
    const resumed = await call(resume.POST, `/api/payout-batches/${batch.id}/resume`, {
      method: "POST",
      cookie: ctx.cookie,
      params: { id: batch.id },
      body: {},
    });
    expect(resumed.status, resumed.text).toBe(200);
    expect((await workRead(batch.id)).version).not.toBe(read.version);
    // ...while this worker's claim was committing: its row is an intent the worker skips.
    const claimed = await claimBatchRow(ledger, { id: batch.id, businessId: ACME.businessId }, async () => ({
      requestHash: "refused-seal",
      actor: { name: DEMO_NAMES.operator, role: "operator" },
    }));
    if (!claimed) throw new Error("nothing claimed");

    // The reconciler sends it with the workspace's credential, which the API refuses.
    await ctx.harness.sandbox.setFaults([{ kind: "error401", method: "POST", path: "/v1/payouts" }]);
    const reconciled = await reconcilePayouts(ledger, { olderThanMs: 0 });
    expect((await readRows(ctx.cookie, batch.id)).find((r) => r.row_number === claimed.rowNumber)).toMatchObject({
      status: "pending",
      payout_id: null,
      failure_reason: null,
    });
    expect(await readBatch(ctx.cookie, batch.id)).toMatchObject({
      status: "sending",
      counts: { pending: 2, failed: 0 },
    });
    expect(reconciled).toMatchObject({ examined: 1, rejected: 0, returnedToBatch: 1 });

    // The credential works again: every row is paid, each key making one payout.
    await ctx.harness.sandbox.clearFaults();
    const { batch: done } = await runUntilDone(ctx.harness, ctx.cookie, batch.id);
    expect(done).toMatchObject({ status: "completed", counts: { paid: 2, failed: 0, pending: 0 } });
    expect([...(await upstreamByKey(ctx.harness, batch.id)).values()]).toEqual([1, 1]);
    expect(
      (await ctx.harness.sandbox.payoutRequests())
        .filter((r) => r.idempotency_key === claimed.idempotencyKey)
        .map((r) => r.outcome),
    ).toEqual(["401", "200"]);
  }, 120_000);
});

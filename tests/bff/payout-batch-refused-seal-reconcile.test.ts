/**
 * A row claimed with a batch's refused credential after the worker put the batch's unsent rows back (the pause was
 * skipped because a resume had just stored a fresh seal) is left as an intent carrying the refused credential. The
 * reconciler sends it later and gets the 401: nothing was made, and the batch, not the row, was refused, so the row
 * goes back to its batch and is sent with the batch's current credential, rather than failing for good.
 */
import { describe, expect, it } from "vitest";
import * as resume from "@/app/api/payout-batches/[id]/resume/route";
import { claimBatchRow, getLedger, listWorkBatches, pauseForCredential } from "@/lib/server/ledger";
import { reconcilePayouts } from "@/lib/server/services/payouts/reconciler";
import { ACME, call } from "../helpers/bff";
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

async function sealOf(batchId: string): Promise<string> {
  const seal = (await listWorkBatches(await getLedger())).find((b) => b.id === batchId)?.credentialSeal;
  if (!seal) throw new Error("the batch has no seal");
  return seal;
}

describe("a batch row claimed with its batch's refused credential", () => {
  it("is returned to its batch when the reconciler's send of it gets a 401, and sent with the batch's current credential", async () => {
    const ledger = await getLedger();
    const batch = await confirmBatch(
      ctx.cookie,
      await createBatch(ctx.cookie, batchRows(2, { prefix: "refused-seal" })),
    );
    const refusedSeal = await sealOf(batch.id);
    // Another lane's 401 paused the batch and an operator resumed it with a fresh seal...
    expect(
      await pauseForCredential(
        ledger,
        { id: batch.id, credentialSeal: refusedSeal },
        "credential_refused",
        "batch worker",
      ),
    ).toBe(true);
    const resumed = await call(resume.POST, `/api/payout-batches/${batch.id}/resume`, {
      method: "POST",
      cookie: ctx.cookie,
      params: { id: batch.id },
      body: {},
    });
    expect(resumed.status, resumed.text).toBe(200);
    expect(await sealOf(batch.id)).not.toBe(refusedSeal);
    // ...while this worker's claim with the refused seal was committing: its row is an intent the worker skips.
    const claimed = await claimBatchRow(ledger, { id: batch.id, businessId: ACME.businessId }, async () => ({
      requestHash: "refused-seal",
      credentialSeal: refusedSeal,
      actor: { name: "Olivia Operator", role: "operator" },
    }));
    if (!claimed) throw new Error("nothing claimed");

    // The reconciler sends it with the credential it carries, which the API refuses.
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

    // The batch's current credential works: every row is paid, each key making one payout.
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

/**
 * The batch rows' idempotency keys (`batch-<batch id>-<row>`) are the batch worker's: a client's single payout with
 * one is refused before anything is written or sent, so it cannot take a row's key (the row would then read as that
 * payout, "paid" while its payee got nothing), nor reopen a row its batch's cancel closed.
 */
import { describe, expect, it } from "vitest";
import * as cancel from "@/app/api/payout-batches/[id]/cancel/route";
import * as payouts from "@/app/api/payouts/route";
import {
  claimBatchRow,
  completePayoutIntent,
  getLedger,
  getPayoutByIdempotencyKey,
  KEY_CONFLICT_REASON,
  recordPayoutIntent,
} from "@/lib/server/ledger";
import { payoutRequestHash } from "@/lib/server/services/payouts/issue";
import { ACME, call, countUpstream, DEMO_NAMES, type CallResult } from "../helpers/bff";
import { activityReader } from "../helpers/activity-reader";
import { setUpBffHarness } from "../helpers/bff-suite";
import { batchRows, confirmBatch, createBatch, readRows, runUntilDone, upstreamByKey } from "../helpers/batches";

const ctx = setUpBffHarness({ env: { PAYOUT_REFRESH_EVERY_MS: "100" } });
const readActivity = activityReader();

function singlePayout(
  key: string,
  body: { amount_centavos: number; pix_key_type: string; pix_key: string },
): Promise<CallResult> {
  return call(payouts.POST, "/api/payouts", { method: "POST", cookie: ctx.cookie, idempotencyKey: key, body });
}

function expectReserved(result: CallResult): void {
  expect(result.status, result.text).toBe(422);
  expect(result.json.error).toMatchObject({
    code: "validation_error",
    fields: { idempotency_key: "validation.idempotencyKeyReserved" },
  });
}

describe("a single payout with a batch row's key", () => {
  it("is a 422 naming idempotency_key, with nothing written or sent; the row is then sent as its own payout", async () => {
    const rows = batchRows(2, { prefix: "reserved" });
    const batch = await confirmBatch(ctx.cookie, await createBatch(ctx.cookie, rows));
    const ledger = await getLedger();
    const key = `batch-${batch.id}-2`;
    // The attacker's payout to itself, and one with the row's very request, under the row's key; any case of the prefix.
    for (const [attempt, body] of [
      [key, { amount_centavos: 1, pix_key_type: "email", pix_key: "attacker@example.com" }],
      [key, { amount_centavos: rows[0]?.amount_centavos ?? 0, pix_key_type: "email", pix_key: rows[0]?.pix_key ?? "" }],
      [`BATCH-${batch.id}-3`, { amount_centavos: 1, pix_key_type: "email", pix_key: "attacker@example.com" }],
    ] as const) {
      const { result, requests } = await countUpstream(ctx.harness.sandbox, () => singlePayout(attempt, body));
      expectReserved(result);
      expect(requests).toBe(0);
      expect(await getPayoutByIdempotencyKey(ledger, ACME.businessId, attempt)).toBeNull();
    }

    const { batch: done } = await runUntilDone(ctx.harness, ctx.cookie, batch.id);
    expect(done.counts).toMatchObject({ paid: 2, failed: 0 });
    const upstream = (await ctx.harness.sandbox.payouts()).filter((p) => p.idempotency_key === key);
    expect(upstream).toHaveLength(1);
    expect(upstream[0]).toMatchObject({ amount_centavos: rows[0]?.amount_centavos, pix_key: rows[0]?.pix_key });
  }, 120_000);

  it("cannot reopen a row its batch's cancel closed before it was sent", async () => {
    const rows = batchRows(2, { prefix: "reopen" });
    const batch = await confirmBatch(ctx.cookie, await createBatch(ctx.cookie, rows));
    const ledger = await getLedger();
    // Claimed as the worker claims it (the row's own request hash), then cancelled before it was sent.
    const claimed = await claimBatchRow(ledger, { id: batch.id, businessId: ACME.businessId }, (row) =>
      Promise.resolve({
        requestHash: payoutRequestHash({
          amount_centavos: row.amountCentavos,
          pix_key_type: row.pixKeyType,
          pix_key: row.pixKey ?? "",
          idempotency_key: "",
        }),
        actor: { name: DEMO_NAMES.operator, role: "operator" },
      }),
    );
    const cancelled = await call(cancel.POST, `/api/payout-batches/${batch.id}/cancel`, {
      method: "POST",
      cookie: ctx.cookie,
      params: { id: batch.id },
      body: {},
    });
    expect(cancelled.status).toBe(200);

    const key = claimed?.idempotencyKey ?? "";
    const { result, requests } = await countUpstream(ctx.harness.sandbox, () =>
      singlePayout(key, {
        amount_centavos: rows[0]?.amount_centavos ?? 0,
        pix_key_type: "email",
        pix_key: rows[0]?.pix_key ?? "",
      }),
    );
    expectReserved(result);
    expect(requests).toBe(0);
    expect((await readRows(ctx.cookie, batch.id)).map((r) => r.status)).toEqual(["cancelled", "cancelled"]);
    expect((await upstreamByKey(ctx.harness, batch.id)).size).toBe(0);
  }, 120_000);

  it("the worker never links a row to a payout already under its key that is not its own (older data): the row fails, audited, never paid", async () => {
    const rows = batchRows(3, { prefix: "foreign" });
    const batch = await confirmBatch(ctx.cookie, await createBatch(ctx.cookie, rows));
    const ledger = await getLedger();
    const key = `batch-${batch.id}-3`;
    // Written as a single payout was before such keys were refused: paid, to someone else.
    await recordPayoutIntent(ledger, {
      businessId: ACME.businessId,
      idempotencyKey: key,
      body: { amount_centavos: 1, pix_key: "attacker@example.com", pix_key_type: "email", idempotency_key: key },
      pixKeyMasked: "a***@example.com",
      actor: { name: "Mallory", role: "operator" },
      requestHash: "another-request",
    });
    await completePayoutIntent(ledger, ACME.businessId, key, {
      payoutId: "po_not_the_rows",
      status: "paid",
      requestId: null,
      attempts: 1,
    });

    const { batch: done } = await runUntilDone(ctx.harness, ctx.cookie, batch.id);
    expect(done.status).toBe("completed");
    expect(done.counts).toMatchObject({ paid: 2, failed: 1 });
    const row = (await readRows(ctx.cookie, batch.id)).find((r) => r.row_number === 3);
    expect(row).toMatchObject({
      status: "failed",
      payout_id: null,
      end_to_end_id: null,
      failure_reason: KEY_CONFLICT_REASON,
    });
    // The row's key was never sent upstream by the batch.
    expect([...(await upstreamByKey(ctx.harness, batch.id)).keys()].sort()).toEqual([
      `batch-${batch.id}-2`,
      `batch-${batch.id}-4`,
    ]);
    const audit = await readActivity(`?target_id=${batch.id}`);
    expect(audit.find((e) => e.action === "batch.row_key_conflict")).toMatchObject({
      actor: { name: "batch worker" },
      outcome: "failure",
      idempotency_key: key,
    });
  }, 120_000);
});

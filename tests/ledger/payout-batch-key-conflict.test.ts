/**
 * A batch row's idempotency key held by a payout that is not the row's own (a single payout sent with the batch's
 * key, as older data can hold): the claim never links the row to it, the row ends failed with its reason, audited,
 * and a row a cancel closed is never reopened.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  cancelPendingRows,
  claimBatchRow,
  completePayoutIntent,
  finishBatches,
  getPayoutByIdempotencyKey,
  KEY_CONFLICT_REASON,
  listAudit,
  listBatchRows,
  moveBatch,
  recordPayoutIntent,
  reopenRejectedIntent,
  type Ledger,
} from "@/lib/server/ledger";
import { payoutBatchRows } from "@/lib/server/ledger/schema";
import { ACME, ALICE, BOB, drivers, useLedger } from "./helpers";
import { sendingBatch } from "./batch-fixtures";

const SEAL = "Fe26.2**sealed-credential-stand-in";
const ROW_HASH = "the-rows-own-request-hash";
const prepare = async () => ({ requestHash: ROW_HASH, credentialSeal: SEAL, actor: ALICE });

/** A payout written under `key` as a single payout would have been (no batch), paid upstream. */
async function foreignPaidPayout(ledger: Ledger, key: string, requestHash = "someone-elses-request") {
  await recordPayoutIntent(ledger, {
    businessId: ACME,
    idempotencyKey: key,
    body: { amount_centavos: 999_999, pix_key: "attacker@example.com", pix_key_type: "email", idempotency_key: key },
    pixKeyMasked: "a***@example.com",
    actor: BOB,
    requestHash,
  });
  await completePayoutIntent(ledger, ACME, key, {
    payoutId: "po_foreign",
    status: "paid",
    requestId: "req_1",
    attempts: 1,
  });
}

describe.each(drivers)("a batch row's key held by another payout (%s)", (driver) => {
  const ledger = useLedger(driver);

  it("is not linked nor reported paid: the row fails with its reason, audited, and the next row is claimed as usual", async () => {
    const batchId = (await sendingBatch(ledger(), ACME, 2, SEAL)).id;
    const key = `batch-${batchId}-2`;
    await foreignPaidPayout(ledger(), key);

    const claimed = await claimBatchRow(ledger(), { id: batchId, businessId: ACME }, prepare);
    expect(claimed).toEqual({ rowNumber: 3, idempotencyKey: `batch-${batchId}-3` });
    const [conflicted, next] = await listBatchRows(ledger(), ACME, batchId);
    expect(conflicted).toMatchObject({
      rowNumber: 2,
      status: "failed",
      payoutId: null,
      endToEndId: null,
      failureReason: KEY_CONFLICT_REASON,
    });
    expect(next).toMatchObject({ rowNumber: 3, status: "sending" });
    const [stored] = await ledger().db.select().from(payoutBatchRows).where(eqRow(batchId, 2));
    expect(stored).toMatchObject({ status: "key_conflict", payoutId: null, pixKey: null });
    // The other payout is left as it was, and is not the batch's.
    expect(await getPayoutByIdempotencyKey(ledger(), ACME, key)).toMatchObject({
      state: "submitted",
      status: "paid",
      batchId: null,
      amountCentavos: 999_999,
    });

    const audit = await listAudit(ledger(), ACME, { action: "batch.row_key_conflict" });
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]).toMatchObject({
      actorName: "batch worker",
      outcome: "failure",
      targetId: batchId,
      idempotencyKey: key,
      errorCode: "key_conflict",
    });
  });

  it("a payout with the row's very request but not written by the batch is not the row's either", async () => {
    const batchId = (await sendingBatch(ledger(), ACME, 1, SEAL)).id;
    await foreignPaidPayout(ledger(), `batch-${batchId}-2`, ROW_HASH);
    expect(await claimBatchRow(ledger(), { id: batchId, businessId: ACME }, prepare)).toBeNull();
    expect((await listBatchRows(ledger(), ACME, batchId)).map((r) => [r.status, r.payoutId])).toEqual([
      ["failed", null],
    ]);
    // Nothing is left to send or follow: the batch completes, the row failed, never paid.
    expect(await finishBatches(ledger(), [batchId])).toEqual([{ id: batchId, businessId: ACME }]);
  });

  it("the row's own payout (same batch, row and request, written by an earlier claim) is linked", async () => {
    const batchId = (await sendingBatch(ledger(), ACME, 1, SEAL)).id;
    const key = `batch-${batchId}-2`;
    await recordPayoutIntent(ledger(), {
      businessId: ACME,
      idempotencyKey: key,
      body: { amount_centavos: 100, pix_key: "p0@example.com", pix_key_type: "email", idempotency_key: key },
      pixKeyMasked: "p***@example.com",
      actor: ALICE,
      requestHash: ROW_HASH,
      batch: { id: batchId, rowNumber: 2 },
    });
    expect(await claimBatchRow(ledger(), { id: batchId, businessId: ACME }, prepare)).toEqual({
      rowNumber: 2,
      idempotencyKey: key,
    });
    expect((await listBatchRows(ledger(), ACME, batchId)).map((r) => r.status)).toEqual(["sending"]);
  });

  it("a row its batch's cancel closed stays cancelled: its payout cannot be reopened, and a pending one under a taken key is not claimed", async () => {
    const batchId = (await sendingBatch(ledger(), ACME, 2, SEAL)).id;
    const claimed = await claimBatchRow(ledger(), { id: batchId, businessId: ACME }, prepare);
    await foreignPaidPayout(ledger(), `batch-${batchId}-3`);
    await moveBatch(ledger(), ACME, batchId, ["sending"], { status: "cancelled" });
    expect(await cancelPendingRows(ledger(), ACME, batchId)).toBe(2);

    const key = claimed?.idempotencyKey ?? "";
    const body = { amount_centavos: 100, pix_key: "p0@example.com", pix_key_type: "email", idempotency_key: key };
    expect(await reopenRejectedIntent(ledger(), ACME, key, { body, credentialSeal: SEAL })).toBeNull();
    expect(await getPayoutByIdempotencyKey(ledger(), ACME, key)).toMatchObject({
      state: "rejected",
      lastErrorCode: "batch_cancelled",
    });
    expect(await claimBatchRow(ledger(), { id: batchId, businessId: ACME }, prepare)).toBeNull();
    expect((await listBatchRows(ledger(), ACME, batchId)).map((r) => [r.status, r.payoutId])).toEqual([
      ["cancelled", null],
      ["cancelled", null],
    ]);
  });
});

function eqRow(batchId: string, rowNumber: number) {
  return and(eq(payoutBatchRows.batchId, batchId), eq(payoutBatchRows.rowNumber, rowNumber));
}

/**
 * The worker's pause for a credential is a compare-and-set on the batch as the worker read it, and rows claimed but never sent
 * go back to pending with their keys (their intents, which made nothing, removed); in a batch cancelled meanwhile
 * they are closed as cancelled instead, never left pending.
 */
import { describe, expect, it } from "vitest";
import {
  beginPayoutSend,
  cancelPendingRows,
  claimBatchRow,
  getBatch,
  getPayoutByIdempotencyKey,
  listBatchRows,
  listWorkBatches,
  moveBatch,
  pauseForCredential,
  returnRefusedRow,
  returnUnsentRows,
  type AuditEntryInput,
} from "@/lib/server/ledger";
import { ACME, ALICE, drivers, useLedger } from "./helpers";
import { sendingBatch } from "./batch-fixtures";

const OLD_SEAL = "Fe26.2**old-seal";
const prepare = async () => ({ requestHash: "hash", credentialSeal: OLD_SEAL, actor: ALICE });

describe.each(drivers)("a batch's credential (%s)", (driver) => {
  const ledger = useLedger(driver);

  /** The batch as a worker pass reads it (listWorkBatches). */
  async function workRead(id: string) {
    const read = (await listWorkBatches(ledger())).find((b) => b.id === id);
    if (!read) throw new Error(`batch ${id} is not the worker's`);
    return read;
  }

  it("pauses only while the batch is as the worker read it: a person's pause and resume meanwhile stand", async () => {
    const id = (await sendingBatch(ledger(), ACME, 1, OLD_SEAL)).id;
    const stale = await workRead(id);
    await moveBatch(ledger(), ACME, id, ["sending"], { status: "paused" });
    await moveBatch(ledger(), ACME, id, ["paused"], { status: "sending" });
    expect(await pauseForCredential(ledger(), stale, "credential_refused", "batch worker")).toBe(false);
    expect(await getBatch(ledger(), ACME, id)).toMatchObject({ status: "sending", pausedReason: null });
    expect((await workRead(id)).credentialSeal).toBe(OLD_SEAL);

    expect(await pauseForCredential(ledger(), await workRead(id), "credential_refused", "batch worker")).toBe(true);
    expect(await getBatch(ledger(), ACME, id)).toMatchObject({
      status: "paused",
      pausedReason: "credential_refused",
      pausedByName: "batch worker",
    });
    expect((await listWorkBatches(ledger())).find((b) => b.id === id)).toBeUndefined();
  });

  it("a batch without a seal (confirmed since seals were retired) is the worker's while sending and after a person's pause", async () => {
    const id = (await sendingBatch(ledger(), ACME, 1, null)).id;
    expect(await workRead(id)).toMatchObject({ status: "sending", credentialSeal: null });
    await moveBatch(ledger(), ACME, id, ["sending"], { status: "paused" });
    expect(await workRead(id)).toMatchObject({ status: "paused", credentialSeal: null });
    await moveBatch(ledger(), ACME, id, ["paused"], { status: "sending" });
    expect(await pauseForCredential(ledger(), await workRead(id), "credential_expired", "batch worker")).toBe(true);
    expect((await listWorkBatches(ledger())).find((b) => b.id === id)).toBeUndefined();
  });

  it("puts the claimed rows whose send has not started back to pending, with their keys; a started send is kept", async () => {
    const id = (await sendingBatch(ledger(), ACME, 3, OLD_SEAL)).id;
    const started = await claimBatchRow(ledger(), { id, businessId: ACME }, prepare);
    const unsent = await claimBatchRow(ledger(), { id, businessId: ACME }, prepare);
    expect(
      (await beginPayoutSend(ledger(), ACME, started?.idempotencyKey ?? "", { mayResolveReview: false })).started,
    ).toBe(true);

    expect(await returnUnsentRows(ledger(), { id, businessId: ACME })).toBe(1);
    expect((await listBatchRows(ledger(), ACME, id)).map((r) => r.status)).toEqual(["sending", "pending", "pending"]);
    expect(await getPayoutByIdempotencyKey(ledger(), ACME, unsent?.idempotencyKey ?? "")).toBeNull();
    // Claimed again, it is the same row with the same key and Pix key.
    expect(await claimBatchRow(ledger(), { id, businessId: ACME }, prepare)).toEqual({
      rowNumber: unsent?.rowNumber,
      idempotencyKey: unsent?.idempotencyKey,
    });
    expect(await getPayoutByIdempotencyKey(ledger(), ACME, unsent?.idempotencyKey ?? "")).toMatchObject({
      state: "intent",
      batchId: id,
      amountCentavos: 100,
    });
  });

  const refusal = (): AuditEntryInput => ({
    businessId: ACME,
    actor: ALICE,
    action: "payout.create",
    targetType: "payout",
    targetId: null,
    outcome: "failure",
  });

  it("a refused send's row whose batch was cancelled during the send is closed as cancelled, not put back to pending", async () => {
    const id = (await sendingBatch(ledger(), ACME, 2, OLD_SEAL)).id;
    const inFlight = await claimBatchRow(ledger(), { id, businessId: ACME }, prepare);
    const key = inFlight?.idempotencyKey ?? "";
    expect((await beginPayoutSend(ledger(), ACME, key, { mayResolveReview: false })).started).toBe(true);
    // The person's cancel: the send in flight is left alone.
    await moveBatch(ledger(), ACME, id, ["sending"], { status: "cancelled" });
    expect(await cancelPendingRows(ledger(), ACME, id)).toBe(1);

    expect(await returnRefusedRow(ledger(), ACME, key, refusal)).toBe("cancelled");
    expect((await listBatchRows(ledger(), ACME, id)).map((r) => r.status)).toEqual(["cancelled", "cancelled"]);
    expect(await getPayoutByIdempotencyKey(ledger(), ACME, key)).toMatchObject({
      state: "rejected",
      lastErrorCode: "batch_cancelled",
      maybeSent: false,
    });
    // Whatever still runs for the batch finds nothing to put back.
    expect(await returnUnsentRows(ledger(), { id, businessId: ACME })).toBe(0);
    expect((await listBatchRows(ledger(), ACME, id)).map((r) => r.status)).toEqual(["cancelled", "cancelled"]);
  });

  it("a refused send's row whose batch is paused goes back to pending, for the resume", async () => {
    const id = (await sendingBatch(ledger(), ACME, 1, OLD_SEAL)).id;
    const key = (await claimBatchRow(ledger(), { id, businessId: ACME }, prepare))?.idempotencyKey ?? "";
    expect((await beginPayoutSend(ledger(), ACME, key, { mayResolveReview: false })).started).toBe(true);
    expect(await pauseForCredential(ledger(), await workRead(id), "credential_refused", "batch worker")).toBe(true);

    expect(await returnRefusedRow(ledger(), ACME, key, refusal)).toBe("pending");
    expect((await listBatchRows(ledger(), ACME, id)).map((r) => r.status)).toEqual(["pending"]);
    expect(await getPayoutByIdempotencyKey(ledger(), ACME, key)).toBeNull();
  });
});

import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  batchProgress,
  beginPayoutSend,
  cancelPendingRows,
  claimBatchRow,
  createBatch,
  createLedger,
  finishBatches,
  getBatch,
  getPayoutByIdempotencyKey,
  listBatchRows,
  listBatches,
  listFinishedPausedBatches,
  markPayoutHandled,
  moveBatch,
  movePayoutToReview,
  type Ledger,
} from "@/lib/server/ledger";
import { ACME, ALICE, BETA, drivers, freshDatabase, useLedger } from "./helpers";
import { batchInput, sendingBatch } from "./batch-fixtures";

const SEAL = "Fe26.2**sealed-credential-stand-in";
const prepare = async () => ({ requestHash: "hash", credentialSeal: SEAL, actor: ALICE });

describe.each(drivers)("payout batches (%s)", (driver) => {
  const ledger = useLedger(driver);

  it("writes a batch with its rows once per key, scoped to its business", async () => {
    const input = batchInput(ACME, 3);
    const first = await createBatch(ledger(), input);
    const again = await createBatch(ledger(), { ...input, id: randomUUID() });
    expect(first.existing).toBe(false);
    expect(again).toMatchObject({ existing: true, id: first.id });
    expect(await getBatch(ledger(), BETA, first.id)).toBeNull();
    expect(await listBatches(ledger(), BETA)).toEqual([]);
    expect(await listBatchRows(ledger(), BETA, first.id)).toEqual([]);
    const rows = await listBatchRows(ledger(), ACME, first.id);
    expect(rows.map((r) => [r.rowNumber, r.status])).toEqual([
      [2, "pending"],
      [3, "pending"],
      [4, "pending"],
    ]);
    // Column order is kept.
    expect(rows[0]?.original.map(([header]) => header)).toEqual(["valor", "chave"]);
  });

  it("keeps the upload's delimiter and column list with the batch; a batch written without them reads null (as older ones do)", async () => {
    const withFormat = await createBatch(ledger(), {
      ...batchInput(ACME, 1),
      csvDelimiter: ",",
      columns: ["2024", "valor", "chave"],
    });
    expect(await getBatch(ledger(), ACME, withFormat.id)).toMatchObject({
      csvDelimiter: ",",
      columns: ["2024", "valor", "chave"],
    });
    const without = await createBatch(ledger(), batchInput(ACME, 1));
    expect(await getBatch(ledger(), ACME, without.id)).toMatchObject({ csvDelimiter: null, columns: null });
    // The database itself takes no other delimiter.
    await expect(
      moveBatch(ledger(), ACME, without.id, ["awaiting_confirmation"], { csvDelimiter: "|" as ";" }),
    ).rejects.toThrow();
  });

  it("a claim turns the next pending row into a payout intent linked to its batch, and erases the row's key", async () => {
    const batch = await sendingBatch(ledger(), ACME, 2, SEAL);
    const claimed = await claimBatchRow(ledger(), { id: batch.id, businessId: ACME }, prepare);
    expect(claimed).toEqual({ rowNumber: 2, idempotencyKey: `batch-${batch.id}-2` });
    const payout = await getPayoutByIdempotencyKey(ledger(), ACME, `batch-${batch.id}-2`);
    expect(payout).toMatchObject({ state: "intent", batchId: batch.id, batchRowNumber: 2, amountCentavos: 100 });
    const rows = await listBatchRows(ledger(), ACME, batch.id);
    expect(rows.map((r) => r.status)).toEqual(["sending", "pending"]);
    // Another business's id claims nothing.
    expect(await claimBatchRow(ledger(), { id: batch.id, businessId: BETA }, prepare)).toBeNull();
    // The key's fingerprint, when the worker gives one, is written on the payout's row with the intent.
    const next = await claimBatchRow(ledger(), { id: batch.id, businessId: ACME }, async () => ({
      ...(await prepare()),
      pixKeyFingerprint: "fp-next-row",
    }));
    expect(await getPayoutByIdempotencyKey(ledger(), ACME, next?.idempotencyKey ?? "")).toMatchObject({
      pixKeyFingerprint: "fp-next-row",
      paidAt: null,
    });
    expect(payout).toMatchObject({ pixKeyFingerprint: null });
  });

  it("claims nothing from a paused or cancelled batch; cancelling cancels every row whose send has not started", async () => {
    const batch = await sendingBatch(ledger(), ACME, 3, SEAL);
    const started = await claimBatchRow(ledger(), { id: batch.id, businessId: ACME }, prepare);
    await claimBatchRow(ledger(), { id: batch.id, businessId: ACME }, prepare);
    // The first claimed row's send started (it may have reached the API); the second was only claimed.
    expect(
      (await beginPayoutSend(ledger(), ACME, started?.idempotencyKey ?? "", { mayResolveReview: false })).started,
    ).toBe(true);
    await moveBatch(ledger(), ACME, batch.id, ["sending"], { status: "paused" });
    expect(await claimBatchRow(ledger(), { id: batch.id, businessId: ACME }, prepare)).toBeNull();
    await moveBatch(ledger(), ACME, batch.id, ["paused"], { status: "cancelled" });
    expect(await cancelPendingRows(ledger(), ACME, batch.id)).toBe(2);
    expect((await listBatchRows(ledger(), ACME, batch.id)).map((r) => r.status)).toEqual([
      "sending",
      "cancelled",
      "cancelled",
    ]);
    // The claimed row's intent can no longer be sent by anyone.
    expect((await beginPayoutSend(ledger(), ACME, `batch-${batch.id}-3`, { mayResolveReview: false })).started).toBe(
      false,
    );
  });

  it("completes a sending batch only when every row is final or waits for a person", async () => {
    const batch = await sendingBatch(ledger(), ACME, 1, SEAL);
    expect(await finishBatches(ledger(), [batch.id])).toEqual([]);
    await claimBatchRow(ledger(), { id: batch.id, businessId: ACME }, prepare);
    expect(await finishBatches(ledger(), [batch.id])).toEqual([]);
    await movePayoutToReview(ledger(), ACME, `batch-${batch.id}-2`, "resend_window_passed");
    expect(await finishBatches(ledger(), [batch.id])).toEqual([{ id: batch.id, businessId: ACME }]);
    expect(await getBatch(ledger(), ACME, batch.id)).toMatchObject({ status: "completed" });
  });

  it("a row whose payout a person closes as handled reads handled, in the rows and in the progress", async () => {
    const batch = await sendingBatch(ledger(), ACME, 2, SEAL);
    await claimBatchRow(ledger(), { id: batch.id, businessId: ACME }, prepare);
    const key = `batch-${batch.id}-2`;
    await movePayoutToReview(ledger(), ACME, key, "resend_window_passed");
    const progress = async () =>
      (await batchProgress(ledger(), ACME, [batch.id], { now: new Date(), rateWindowMs: 60_000 })).get(batch.id)
        ?.counts;
    expect((await listBatchRows(ledger(), ACME, batch.id)).map((r) => r.status)).toEqual(["needs_review", "pending"]);
    expect(await progress()).toEqual({ needs_review: 1, pending: 1 });
    await markPayoutHandled(ledger(), ACME, key, { name: "Olivia", note: "Checked with the bank." });
    expect((await listBatchRows(ledger(), ACME, batch.id)).map((r) => r.status)).toEqual(["handled", "pending"]);
    expect(await progress()).toEqual({ handled: 1, pending: 1 });
  });

  it("completes a paused batch once every row has ended, with or without its credential; never one with a row still to claim", async () => {
    for (const credentialSeal of [SEAL, null]) {
      const batch = await sendingBatch(ledger(), ACME, 2, SEAL);
      await claimBatchRow(ledger(), { id: batch.id, businessId: ACME }, prepare);
      await moveBatch(ledger(), ACME, batch.id, ["sending"], { status: "paused", credentialSeal });
      await movePayoutToReview(ledger(), ACME, `batch-${batch.id}-2`, "resend_window_passed");
      // Row 3 was never claimed: the pause keeps it for a resume.
      expect(await finishBatches(ledger(), [batch.id])).toEqual([]);
      expect(await listFinishedPausedBatches(ledger())).not.toContain(batch.id);

      const other = await sendingBatch(ledger(), ACME, 1, SEAL);
      await claimBatchRow(ledger(), { id: other.id, businessId: ACME }, prepare);
      await moveBatch(ledger(), ACME, other.id, ["sending"], { status: "paused", credentialSeal });
      expect(await finishBatches(ledger(), [other.id])).toEqual([]);
      await markPayoutHandled(ledger(), ACME, `batch-${other.id}-2`, {
        name: "Olivia",
        note: "Checked with the bank.",
      });
      // The worker finds one paused without a credential on its own (it does not list it otherwise).
      expect((await listFinishedPausedBatches(ledger())).includes(other.id)).toBe(credentialSeal === null);
      expect(await finishBatches(ledger(), [other.id])).toEqual([{ id: other.id, businessId: ACME }]);
      expect(await getBatch(ledger(), ACME, other.id)).toMatchObject({
        status: "completed",
        completedAt: expect.any(Date),
      });
      expect(await getBatch(ledger(), ACME, batch.id)).toMatchObject({ status: "paused" });
    }
  });
});

describe.each(drivers)("concurrent claims (%s)", (driver) => {
  it("never hand the same row to two claimers (on PostgreSQL: two instances' pools)", async () => {
    const database = await freshDatabase(driver);
    const a = await createLedger(database.options);
    // A PGlite store belongs to one process: there, the claimers share it.
    const b = driver === "postgres" ? await createLedger(database.options) : a;
    try {
      const batch = await sendingBatch(a, ACME, 60, SEAL);
      const claimAll = async (ledger: Ledger) => {
        const got: number[] = [];
        for (;;) {
          const claimed = await claimBatchRow(ledger, { id: batch.id, businessId: ACME }, prepare);
          if (!claimed) return got;
          got.push(claimed.rowNumber);
        }
      };
      const results = await Promise.all([claimAll(a), claimAll(a), claimAll(b), claimAll(b)]);
      const all = results.flat();
      expect(all).toHaveLength(60);
      expect(new Set(all).size).toBe(60);
      expect(results.filter((r) => r.length > 0).length).toBeGreaterThan(1);
    } finally {
      await a.close();
      if (b !== a) await b.close();
      await database.drop();
    }
  }, 60_000);
});

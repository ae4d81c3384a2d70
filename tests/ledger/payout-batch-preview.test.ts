/**
 * The ledger's reads behind a new batch's review (payout-batch-preview.ts):
 * rows of other batches a new row may repeat, and recent fees. Scoped by business.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  beginPayoutSend,
  cancelPendingRows,
  claimBatchRow,
  createBatch,
  findBatchRowMatchCandidates,
  moveBatch,
  recentPayoutFees,
  recordPayoutIntent,
  type Ledger,
} from "@/lib/server/ledger";
import { payouts, type PayoutBatchLine } from "@/lib/server/ledger/schema";
import { ACME, ALICE, BETA, drivers, payoutBody, useLedger } from "./helpers";

const SEAL = "Fe26.2**sealed-credential-stand-in";
const prepare = async (row: PayoutBatchLine) => ({
  requestHash: `hash-${row.pixKey}`,
  credentialSeal: SEAL,
  actor: ALICE,
});
const WEEK_AGO = () => new Date(Date.now() - 7 * 24 * 60 * 60_000);

/** A batch of this business paying `keys` R$ 1,00 each, rows numbered from 2. */
async function batchOf(ledger: Ledger, businessId: string, keys: readonly string[]) {
  const id = randomUUID();
  return createBatch(ledger, {
    id,
    businessId,
    idempotencyKey: randomUUID(),
    requestHash: "h",
    fileName: `${keys[0] ?? "none"}.csv`,
    actor: ALICE,
    totalCentavos: keys.length * 100,
    rows: keys.map((key, i) => ({
      rowNumber: i + 2,
      idempotencyKey: `batch-${id}-${i + 2}`,
      amountCentavos: 100,
      pixKeyType: "email",
      pixKey: key,
      pixKeyMasked: "x***@example.com",
      description: null,
      name: null,
      original: [["chave", key]],
    })),
  });
}

describe.each(drivers)("batch preview reads (%s)", (driver) => {
  const ledger = useLedger(driver);

  it("finds rows that can still be sent or were sent; never cancelled rows, a closed batch's queue, or another business's rows", async () => {
    const open = await batchOf(ledger(), ACME, ["a@example.com", "b@example.com"]);
    await batchOf(ledger(), BETA, ["a@example.com", "b@example.com"]);
    // Rows left pending in a batch no longer open are not a queue any more (cancel clears them; this pins the guard).
    const closed = await batchOf(ledger(), ACME, ["a@example.com"]);
    await moveBatch(ledger(), ACME, closed.id, ["awaiting_confirmation"], { status: "cancelled" });
    // A batch cancelled midway: row 2 sent, row 3 claimed but never sent, row 4 still queued.
    const midway = await batchOf(ledger(), ACME, ["c@example.com", "d@example.com", "e@example.com"]);
    await moveBatch(ledger(), ACME, midway.id, ["awaiting_confirmation"], {
      status: "sending",
      credentialSeal: SEAL,
      confirmedAt: new Date(),
    });
    const sent = await claimBatchRow(ledger(), { id: midway.id, businessId: ACME }, prepare);
    expect(
      (await beginPayoutSend(ledger(), ACME, sent?.idempotencyKey ?? "", { mayResolveReview: false })).started,
    ).toBe(true);
    await claimBatchRow(ledger(), { id: midway.id, businessId: ACME }, prepare);
    await moveBatch(ledger(), ACME, midway.id, ["sending"], { status: "cancelled" });
    expect(await cancelPendingRows(ledger(), ACME, midway.id)).toBe(2);

    const query = {
      pixKeys: ["a@example.com", "b@example.com", "c@example.com", "d@example.com", "e@example.com"],
      requestHashes: ["hash-c@example.com", "hash-d@example.com", "hash-e@example.com"],
      since: WEEK_AGO(),
    };
    const found = await findBatchRowMatchCandidates(ledger(), ACME, query);
    expect(found.map((c) => [c.batchId, c.rowNumber, c.batchStatus, c.pending?.pixKey ?? null, c.requestHash])).toEqual(
      [
        [midway.id, 2, "cancelled", null, "hash-c@example.com"],
        [open.id, 2, "awaiting_confirmation", "a@example.com", null],
        [open.id, 3, "awaiting_confirmation", "b@example.com", null],
      ],
    );
    expect(found[1]).toMatchObject({
      fileName: "a@example.com.csv",
      pending: { pixKeyType: "email", amountCentavos: 100 },
    });
    // Another business sees only its own batch; batches older than `since` are not searched.
    expect((await findBatchRowMatchCandidates(ledger(), BETA, query)).map((c) => c.rowNumber)).toEqual([2, 3]);
    expect(
      await findBatchRowMatchCandidates(ledger(), ACME, { ...query, since: new Date(Date.now() + 60_000) }),
    ).toEqual([]);
  });

  it("reads the latest known fees of the business only, newest first, at most the limit", async () => {
    const fees: Array<[string, string, number, number | null]> = [
      [ACME, "k-1", 1_000, 50],
      [ACME, "k-2", 2_000, null],
      [BETA, "k-3", 3_000, 70],
      [ACME, "k-4", 4_000, 40],
      [ACME, "k-5", 5_000, 50],
    ];
    for (const [businessId, key, amount, fee] of fees) {
      await recordPayoutIntent(ledger(), {
        businessId,
        idempotencyKey: key,
        body: payoutBody(key, amount),
        pixKeyMasked: "x",
        actor: ALICE,
      });
      await ledger()
        .db.update(payouts)
        .set({
          state: "submitted",
          requestBody: null,
          feeCentavos: fee,
          createdAt: new Date(Date.now() - 60_000 + amount),
        })
        .where(and(eq(payouts.businessId, businessId), eq(payouts.idempotencyKey, key)));
    }
    expect(await recentPayoutFees(ledger(), ACME)).toEqual([
      { amountCentavos: 5_000, feeCentavos: 50 },
      { amountCentavos: 4_000, feeCentavos: 40 },
      { amountCentavos: 1_000, feeCentavos: 50 },
    ]);
    expect(await recentPayoutFees(ledger(), ACME, 1)).toEqual([{ amountCentavos: 5_000, feeCentavos: 50 }]);
    expect(await recentPayoutFees(ledger(), BETA)).toEqual([{ amountCentavos: 3_000, feeCentavos: 70 }]);
  });
});

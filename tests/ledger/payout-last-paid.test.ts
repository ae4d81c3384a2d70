/**
 * "Last paid to this key" (lastPaidToKey) over the one store of a payout's destination, its row of payouts: the key's
 * fingerprint written with the intent, the holder name and paid time written by the same update as the status, and
 * a paid time only from a paid read's own paid_at (readDetailsOf) — never the creation time.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  completePayoutIntent,
  getPayoutByIdempotencyKey,
  lastPaidToKey,
  recordPayoutIntent,
  updatePayoutStatus,
  type Ledger,
} from "@/lib/server/ledger";
import { payouts } from "@/lib/server/ledger/schema";
import { readDetailsOf } from "@/lib/server/services/payouts/sender";
import { ACME, ALICE, BETA, drivers, payoutBody, useLedger } from "./helpers";

const MARIA = "fp-maria";
const PAID_AT = "2026-11-20T15:04:05.000Z";

/** A payout to the key with fingerprint `fingerprint`, answered by the API with `status` (the create answer). */
async function sent(ledger: Ledger, businessId: string, key: string, fingerprint: string, status = "pending") {
  await recordPayoutIntent(ledger, {
    businessId,
    idempotencyKey: key,
    body: payoutBody(key),
    pixKeyMasked: "m***@example.com",
    actor: ALICE,
    pixKeyFingerprint: fingerprint,
  });
  await completePayoutIntent(ledger, businessId, key, { payoutId: `po_${key}`, status, attempts: 1 });
}

/** A read of the payout (GET /v1/payouts/{id}) as the refresher and the look-up record it. */
function read(ledger: Ledger, businessId: string, key: string, payout: { status: string; paid_at?: string | null }) {
  return updatePayoutStatus(ledger, businessId, `po_${key}`, {
    status: payout.status,
    ...readDetailsOf({ ...payout, bank_account: { holder_name: `Holder of ${key}` } }),
  });
}

/** Pretend a row was created at `iso`. */
async function createdAt(ledger: Ledger, key: string, iso: string) {
  await ledger.db
    .update(payouts)
    .set({ createdAt: new Date(iso) })
    .where(eq(payouts.idempotencyKey, key));
}

describe("readDetailsOf: what a read of a payout says of its destination", () => {
  it("the paid time is the read's paid_at of a paid payout, and nothing else", () => {
    const bank_account = { holder_name: " Maria Souza " };
    expect(readDetailsOf({ status: "paid", paid_at: PAID_AT, bank_account })).toEqual({
      holderName: "Maria Souza",
      paidAt: new Date(PAID_AT),
    });
    // No paid_at (the contract lists none), or one that is not a time: unknown, not the creation or read time.
    expect(readDetailsOf({ status: "paid", bank_account })).toEqual({ holderName: "Maria Souza", paidAt: null });
    expect(readDetailsOf({ status: "paid", paid_at: "yesterday", bank_account }).paidAt).toBeNull();
    // A paid_at on a payout not reported paid is not a paid time.
    expect(readDetailsOf({ status: "failed", paid_at: PAID_AT, bank_account }).paidAt).toBeNull();
    expect(readDetailsOf({ status: "pending", paid_at: PAID_AT }).paidAt).toBeNull();
  });
});

describe.each(drivers)("lastPaidToKey (%s)", (driver) => {
  const ledger = useLedger(driver);

  it("the paid payout to the key, with the holder name and paid time its read reported, on its own row", async () => {
    await sent(ledger(), ACME, "k-1", MARIA);
    expect(await getPayoutByIdempotencyKey(ledger(), ACME, "k-1")).toMatchObject({
      pixKeyFingerprint: MARIA,
      holderName: null,
      paidAt: null,
    });
    await read(ledger(), ACME, "k-1", { status: "paid", paid_at: PAID_AT });
    expect(await getPayoutByIdempotencyKey(ledger(), ACME, "k-1")).toMatchObject({
      holderName: "Holder of k-1",
      paidAt: new Date(PAID_AT),
    });
    expect(await lastPaidToKey(ledger(), ACME, [MARIA])).toEqual({
      holderName: "Holder of k-1",
      paidAt: new Date(PAID_AT),
    });
    // A later read without a paid time keeps the known one.
    await read(ledger(), ACME, "k-1", { status: "paid" });
    expect(await lastPaidToKey(ledger(), ACME, [MARIA])).toMatchObject({ paidAt: new Date(PAID_AT) });
  });

  it("a paid time the API did not report is null — never the creation time", async () => {
    await sent(ledger(), ACME, "k-1", MARIA);
    await read(ledger(), ACME, "k-1", { status: "paid", paid_at: null });
    expect(await lastPaidToKey(ledger(), ACME, [MARIA])).toEqual({ holderName: "Holder of k-1", paidAt: null });
    // Paid as the create answer said, never read: no holder name and no paid time either.
    await sent(ledger(), ACME, "k-2", "fp-other", "paid");
    expect(await lastPaidToKey(ledger(), ACME, ["fp-other"])).toEqual({ holderName: null, paidAt: null });
  });

  it("a failed or pending payout to the same key is not 'last paid to', even when newer", async () => {
    await sent(ledger(), ACME, "k-paid", MARIA);
    await read(ledger(), ACME, "k-paid", { status: "paid", paid_at: PAID_AT });
    await createdAt(ledger(), "k-paid", "2026-11-20T15:00:00.000Z");
    await sent(ledger(), ACME, "k-failed", MARIA);
    await read(ledger(), ACME, "k-failed", { status: "failed", paid_at: "2026-11-21T00:00:00.000Z" });
    await sent(ledger(), ACME, "k-pending", MARIA);
    expect(await lastPaidToKey(ledger(), ACME, [MARIA])).toEqual({
      holderName: "Holder of k-paid",
      paidAt: new Date(PAID_AT),
    });
    expect(await getPayoutByIdempotencyKey(ledger(), ACME, "k-failed")).toMatchObject({ paidAt: null });

    // Reported failed after all: no longer paid, and its paid time goes with it.
    await read(ledger(), ACME, "k-paid", { status: "failed" });
    expect(await lastPaidToKey(ledger(), ACME, [MARIA])).toBeNull();
    expect(await getPayoutByIdempotencyKey(ledger(), ACME, "k-paid")).toMatchObject({ paidAt: null });
  });

  it("another business's payout to the same fingerprint is never found", async () => {
    await sent(ledger(), BETA, "k-beta", MARIA);
    await read(ledger(), BETA, "k-beta", { status: "paid", paid_at: PAID_AT });
    expect(await lastPaidToKey(ledger(), ACME, [MARIA])).toBeNull();
    expect(await lastPaidToKey(ledger(), BETA, [MARIA])).toMatchObject({ holderName: "Holder of k-beta" });
  });

  it("newest by paid time; a payout paid at an unknown time counts from its creation (it was paid no earlier)", async () => {
    // Created at 15:00 and paid at 15:04:05; the other was created (and so paid) at 15:30 or later, time unknown.
    await sent(ledger(), ACME, "k-known", MARIA);
    await read(ledger(), ACME, "k-known", { status: "paid", paid_at: PAID_AT });
    await createdAt(ledger(), "k-known", "2026-11-20T15:00:00.000Z");
    await sent(ledger(), ACME, "k-unknown", MARIA);
    await read(ledger(), ACME, "k-unknown", { status: "paid" });
    await createdAt(ledger(), "k-unknown", "2026-11-20T15:30:00.000Z");
    expect(await lastPaidToKey(ledger(), ACME, [MARIA])).toEqual({ holderName: "Holder of k-unknown", paidAt: null });

    // Created at 15:02, before the known one was paid: the known payment is the newest the register can vouch for.
    await createdAt(ledger(), "k-unknown", "2026-11-20T15:02:00.000Z");
    expect(await lastPaidToKey(ledger(), ACME, [MARIA])).toMatchObject({ holderName: "Holder of k-known" });
  });

  it("finds the key under any of its fingerprints (a rotated secret), and nothing for none", async () => {
    await sent(ledger(), ACME, "k-old-secret", "fp-old");
    await read(ledger(), ACME, "k-old-secret", { status: "paid", paid_at: PAID_AT });
    expect(await lastPaidToKey(ledger(), ACME, ["fp-new", "fp-old"])).toMatchObject({
      holderName: "Holder of k-old-secret",
    });
    expect(await lastPaidToKey(ledger(), ACME, [])).toBeNull();
  });
});

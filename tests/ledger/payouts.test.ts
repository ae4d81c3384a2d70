import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  acquireLease,
  completePayoutIntent,
  countAttention,
  endFollowUp,
  expireFollowUps,
  holdLease,
  listFollowUps,
  listResendCandidates,
  markPayoutHandled,
  movePayoutToReview,
  payoutLeaseName,
  releaseLease,
  renewLease,
  startPayoutSend,
  sweepPayoutsToReview,
  getPayout,
  getPayoutByIdempotencyKey,
  getPayoutByUpstreamId,
  listPayouts,
  markPayoutUncertain,
  recordPayoutIntent,
  rejectPayoutIntent,
  updatePayoutStatus,
  type Ledger,
  type PayoutRecord,
} from "@/lib/server/ledger";
import { payouts } from "@/lib/server/ledger/schema";
import { ACME, ALICE, BETA, BOB, drivers, payoutBody, useLedger } from "./helpers";

const SEAL = "Fe26.2**sealed-credential-stand-in";

function intent(ledger: Ledger, businessId: string, key: string, amount = 1500, actor = ALICE) {
  return recordPayoutIntent(ledger, {
    businessId,
    idempotencyKey: key,
    body: payoutBody(key, amount),
    pixKeyMasked: "m***@example.com",
    actor,
    requestHash: `hash-${amount}`,
    credentialSeal: SEAL,
  });
}

/** What is really stored, including request_body (which the public reads leave out). */
async function stored(ledger: Ledger, id: string) {
  const [row] = await ledger.db.select().from(payouts).where(eq(payouts.id, id));
  if (!row) throw new Error(`no payout ${id}`);
  return row;
}

/** Pretend a row was last touched `ms` ago. */
async function age(ledger: Ledger, id: string, ms: number) {
  await ledger.db
    .update(payouts)
    .set({ updatedAt: sql`now() - (${ms} * interval '1 millisecond')` })
    .where(eq(payouts.id, id));
}

/** Created, and its send started, at `at` (the re-send window counts from the send). */
async function setCreatedAt(ledger: Ledger, id: string, at: Date) {
  await ledger.db.update(payouts).set({ createdAt: at, sendStartedAt: at }).where(eq(payouts.id, id));
}

async function submit(ledger: Ledger, businessId: string, key: string, payoutId: string, status = "pending") {
  const row = await completePayoutIntent(ledger, businessId, key, {
    payoutId,
    status,
    fee: 50,
    net: 1450,
    attempts: 1,
  });
  if (!row) throw new Error("not completed");
  return row;
}

describe.each(drivers)("payout register (%s)", (driver) => {
  const ledger = useLedger(driver);

  describe("recordPayoutIntent", () => {
    it("writes an intent holding the exact upstream body", async () => {
      const row = await intent(ledger(), ACME, "key-1", 12345);
      expect(row).toMatchObject({
        businessId: ACME,
        idempotencyKey: "key-1",
        state: "intent",
        payoutId: null,
        amountCentavos: 12345,
        pixKeyType: "email",
        pixKeyMasked: "m***@example.com",
        status: null,
        attempts: 0,
        createdByName: "Alice",
        createdByRole: "admin",
        existing: false,
      });
      expect(row.createdAt).toBeInstanceOf(Date);
      expect(row.requestHash).toBe("hash-12345");
      expect(row).not.toHaveProperty("requestBody");
      expect(row).not.toHaveProperty("credentialSeal");
      const raw = await stored(ledger(), row.id);
      expect(raw.requestBody).toEqual(payoutBody("key-1", 12345));
      expect(raw.credentialSeal).toBe(SEAL);
    });

    it("needs neither a request hash nor a credential seal", async () => {
      const row = await recordPayoutIntent(ledger(), {
        businessId: ACME,
        idempotencyKey: "bare",
        body: payoutBody("bare"),
        pixKeyMasked: "x",
        actor: ALICE,
      });
      expect(row.requestHash).toBeNull();
      expect((await stored(ledger(), row.id)).credentialSeal).toBeNull();
    });

    it("returns the existing row for a repeated key instead of inserting", async () => {
      const first = await intent(ledger(), ACME, "key-1", 1000);
      const again = await intent(ledger(), ACME, "key-1", 9999, BOB);
      expect(again.existing).toBe(true);
      expect(again.id).toBe(first.id);
      expect(again.amountCentavos).toBe(1000);
      expect(again.requestHash).toBe("hash-1000");
      expect(again.createdByName).toBe("Alice");
      expect((await listPayouts(ledger(), ACME)).items).toHaveLength(1);
    });

    it("turns concurrent double clicks into one row", async () => {
      const results = await Promise.all(Array.from({ length: 8 }, () => intent(ledger(), ACME, "key-dbl")));
      expect(new Set(results.map((r) => r.id)).size).toBe(1);
      expect(results.filter((r) => !r.existing)).toHaveLength(1);
      expect((await listPayouts(ledger(), ACME)).items).toHaveLength(1);
    });

    it("scopes the key to the business", async () => {
      const acme = await intent(ledger(), ACME, "same-key");
      const beta = await intent(ledger(), BETA, "same-key");
      expect(beta.existing).toBe(false);
      expect(beta.id).not.toBe(acme.id);
    });

    it("refuses a body whose idempotency key differs", async () => {
      await expect(
        recordPayoutIntent(ledger(), {
          businessId: ACME,
          idempotencyKey: "key-a",
          body: payoutBody("key-b"),
          pixKeyMasked: "x",
          actor: ALICE,
        }),
      ).rejects.toThrow(/idempotency/);
    });
  });

  describe("resolving an intent", () => {
    it("intent → submitted stores the upstream answer and erases the body", async () => {
      const row = await intent(ledger(), ACME, "key-1");
      const done = await completePayoutIntent(ledger(), ACME, "key-1", {
        payoutId: "po_123",
        status: "pending",
        fee: 50,
        net: 1450,
        endToEndId: "E123",
        failureReason: null,
        requestId: "req-1",
        attempts: 2,
      });
      expect(done).toMatchObject({
        id: row.id,
        state: "submitted",
        payoutId: "po_123",
        status: "pending",
        feeCentavos: 50,
        netCentavos: 1450,
        endToEndId: "E123",
        lastRequestId: "req-1",
        attempts: 2,
      });
      expect(done?.statusCheckedAt).toBeInstanceOf(Date);
      expect(done?.requestHash).toBe("hash-1500");
      expect(await stored(ledger(), row.id)).toMatchObject({ requestBody: null, credentialSeal: null });
    });

    it("intent → rejected keeps the error and erases the body", async () => {
      const row = await intent(ledger(), ACME, "key-1");
      const rejected = await rejectPayoutIntent(ledger(), ACME, "key-1", {
        errorCode: "invalid_pix_key",
        errorMessage: "Pix key not found",
        requestId: "req-9",
        attempts: 1,
      });
      expect(rejected).toMatchObject({
        state: "rejected",
        payoutId: null,
        lastErrorCode: "invalid_pix_key",
        lastErrorMessage: "Pix key not found",
        lastRequestId: "req-9",
        attempts: 1,
      });
      expect(await stored(ledger(), row.id)).toMatchObject({ requestBody: null, credentialSeal: null });
    });

    it("intent → uncertain keeps the body; the reconciler can then resolve it", async () => {
      const row = await intent(ledger(), ACME, "key-1");
      const uncertain = await markPayoutUncertain(ledger(), ACME, "key-1", {
        errorCode: "timeout",
        errorMessage: "no answer in 10s",
        attempts: 3,
      });
      expect(uncertain).toMatchObject({ state: "uncertain", lastErrorCode: "timeout", attempts: 3 });
      // A failure without a request id keeps the last one known.
      await markPayoutUncertain(ledger(), ACME, "key-1", {
        errorCode: "timeout",
        errorMessage: null,
        requestId: "req-first",
        attempts: 0,
      });
      expect(await stored(ledger(), row.id)).toMatchObject({ requestBody: payoutBody("key-1"), credentialSeal: SEAL });

      const again = await markPayoutUncertain(ledger(), ACME, "key-1", {
        errorCode: "http_503",
        errorMessage: null,
        attempts: 4,
      });
      // Attempts add up across sends; the request id of the earlier failure stays.
      expect(again).toMatchObject({
        state: "uncertain",
        lastErrorCode: "http_503",
        attempts: 7,
        lastRequestId: "req-first",
      });

      const done = await completePayoutIntent(ledger(), ACME, "key-1", {
        payoutId: "po_9",
        status: "paid",
        attempts: 1,
      });
      expect(done).toMatchObject({
        state: "submitted",
        payoutId: "po_9",
        lastErrorCode: null,
        lastErrorMessage: null,
        attempts: 8,
      });
      expect(await stored(ledger(), row.id)).toMatchObject({ requestBody: null, credentialSeal: null });
    });

    it("uncertain → rejected", async () => {
      await intent(ledger(), ACME, "key-1");
      await markPayoutUncertain(ledger(), ACME, "key-1", { errorCode: "timeout", errorMessage: null, attempts: 1 });
      const rejected = await rejectPayoutIntent(ledger(), ACME, "key-1", {
        errorCode: "limit",
        errorMessage: "over limit",
        attempts: 2,
      });
      expect(rejected?.state).toBe("rejected");
    });

    it("does not move a resolved payout again", async () => {
      await intent(ledger(), ACME, "key-s");
      await submit(ledger(), ACME, "key-s", "po_1");
      expect(
        await rejectPayoutIntent(ledger(), ACME, "key-s", { errorCode: "x", errorMessage: null, attempts: 2 }),
      ).toBeNull();
      expect(
        await markPayoutUncertain(ledger(), ACME, "key-s", { errorCode: "x", errorMessage: null, attempts: 2 }),
      ).toBeNull();
      expect(
        await completePayoutIntent(ledger(), ACME, "key-s", { payoutId: "po_other", status: "paid", attempts: 2 }),
      ).toBeNull();
      expect(await getPayoutByIdempotencyKey(ledger(), ACME, "key-s")).toMatchObject({
        state: "submitted",
        payoutId: "po_1",
      });

      await intent(ledger(), ACME, "key-r");
      await rejectPayoutIntent(ledger(), ACME, "key-r", { errorCode: "bad", errorMessage: null, attempts: 1 });
      expect(
        await completePayoutIntent(ledger(), ACME, "key-r", { payoutId: "po_2", status: "paid", attempts: 2 }),
      ).toBeNull();
    });

    it("only resolves the caller's business's intent", async () => {
      await intent(ledger(), ACME, "key-1");
      expect(
        await completePayoutIntent(ledger(), BETA, "key-1", { payoutId: "po_x", status: "paid", attempts: 1 }),
      ).toBeNull();
      expect(
        await rejectPayoutIntent(ledger(), BETA, "key-1", { errorCode: "x", errorMessage: null, attempts: 1 }),
      ).toBeNull();
      expect(
        await markPayoutUncertain(ledger(), BETA, "key-1", { errorCode: "x", errorMessage: null, attempts: 1 }),
      ).toBeNull();
      expect(await getPayoutByIdempotencyKey(ledger(), ACME, "key-1")).toMatchObject({ state: "intent", attempts: 0 });
    });

    it("startPayoutSend marks the row as maybe sent and counts the send; only on an unresolved row", async () => {
      const row = await intent(ledger(), ACME, "key-1");
      expect(row).toMatchObject({ maybeSent: false, sends: 0 });
      expect(await startPayoutSend(ledger(), ACME, "key-1")).toBe(true);
      expect(await stored(ledger(), row.id)).toMatchObject({ maybeSent: true, sends: 1 });
      await rejectPayoutIntent(ledger(), ACME, "key-1", { errorCode: "bad", errorMessage: null, attempts: 1 });
      // A definite refusal of the only send leaves the key clean.
      expect(await stored(ledger(), row.id)).toMatchObject({ maybeSent: false, sends: 1, state: "rejected" });
      expect(await startPayoutSend(ledger(), ACME, "key-1")).toBe(false);
    });

    it("needs_review keeps the body for 'check again' but not the seal; it can still be completed, or handled", async () => {
      const row = await intent(ledger(), ACME, "key-r");
      await markPayoutUncertain(ledger(), ACME, "key-r", {
        errorCode: "timeout",
        errorMessage: null,
        requestId: "req-1",
        attempts: 1,
      });
      const review = await movePayoutToReview(ledger(), ACME, "key-r", "conflicting_answer", {
        errorCode: "credential_rejected",
        errorMessage: "no",
        attempts: 1,
      });
      expect(review).toMatchObject({
        state: "needs_review",
        reviewReason: "conflicting_answer",
        lastRequestId: "req-1",
        lastErrorCode: "credential_rejected",
      });
      expect(review?.reviewSince).toBeInstanceOf(Date);
      expect(await stored(ledger(), row.id)).toMatchObject({ requestBody: payoutBody("key-r"), credentialSeal: null });
      // Not a state a reject or an automatic re-send may leave.
      expect(
        await rejectPayoutIntent(ledger(), ACME, "key-r", { errorCode: "bad", errorMessage: null, attempts: 1 }),
      ).toBeNull();
      expect(
        await markPayoutUncertain(ledger(), ACME, "key-r", { errorCode: "x", errorMessage: null, attempts: 1 }),
      ).toBeNull();
      expect(
        await completePayoutIntent(ledger(), ACME, "key-r", { payoutId: "po_r", status: "pending", attempts: 1 }),
      ).toMatchObject({ state: "submitted" });

      await intent(ledger(), ACME, "key-h");
      await movePayoutToReview(ledger(), ACME, "key-h", "resend_window_passed");
      const handled = await markPayoutHandled(ledger(), ACME, "key-h", {
        name: "Olivia",
        note: "Paid by bank transfer",
      });
      expect(handled).toMatchObject({
        state: "handled",
        handledByName: "Olivia",
        handledNote: "Paid by bank transfer",
      });
      expect(handled?.handledAt).toBeInstanceOf(Date);
      expect(
        await completePayoutIntent(ledger(), ACME, "key-h", { payoutId: "po_h", status: "paid", attempts: 1 }),
      ).toBeNull();
      expect(await markPayoutHandled(ledger(), ACME, "key-h", { name: "x", note: "again" })).toBeNull();
    });

    it("a pending payout keeps its follow-up seal; a final one does not", async () => {
      const a = await intent(ledger(), ACME, "key-p");
      await completePayoutIntent(ledger(), ACME, "key-p", {
        payoutId: "po_p",
        status: "pending",
        attempts: 1,
        followUpSeal: SEAL,
      });
      expect(await stored(ledger(), a.id)).toMatchObject({ credentialSeal: SEAL, requestBody: null });
      const b = await intent(ledger(), ACME, "key-q");
      await completePayoutIntent(ledger(), ACME, "key-q", { payoutId: "po_q", status: "paid", attempts: 1 });
      expect(await stored(ledger(), b.id)).toMatchObject({ credentialSeal: null });
    });
  });

  describe("the reconciler's work lists", () => {
    it("sweeps rows outside the re-send window to needs_review; never one being sent, nor one without a seal inside it", async () => {
      const old = await intent(ledger(), ACME, "old");
      const noSeal = await recordPayoutIntent(ledger(), {
        businessId: BETA,
        idempotencyKey: "no-seal",
        body: payoutBody("no-seal"),
        pixKeyMasked: "m***",
        actor: ALICE,
      });
      const fresh = await intent(ledger(), ACME, "fresh");
      const sending = await intent(ledger(), ACME, "sending");
      await setCreatedAt(ledger(), old.id, new Date(Date.now() - 3_600_000));
      await setCreatedAt(ledger(), sending.id, new Date(Date.now() - 3_600_000));
      const lease = await acquireLease(ledger(), payoutLeaseName(ACME, "sending"), 60_000);
      expect(lease).not.toBeNull();

      const moved = await sweepPayoutsToReview(ledger(), { windowMs: 60_000 });
      expect(moved.map((r) => r.idempotencyKey).sort()).toEqual(["old"]);
      expect(await stored(ledger(), old.id)).toMatchObject({
        state: "needs_review",
        reviewReason: "resend_window_passed",
        credentialSeal: null,
      });
      // Its business's workspace may hold a key: the reconciler decides per row (credential_unavailable without one).
      expect((await stored(ledger(), noSeal.id)).state).toBe("intent");
      expect((await stored(ledger(), fresh.id)).state).toBe("intent");
      expect((await stored(ledger(), sending.id)).state).toBe("intent");
      if (lease) await releaseLease(ledger(), lease);
      expect((await sweepPayoutsToReview(ledger(), { windowMs: 60_000 })).map((r) => r.idempotencyKey)).toEqual([
        "sending",
      ]);
    });

    it("lists re-send candidates of all businesses: unresolved, inside the window, with a seal, untouched for a while, not leased", async () => {
      const a = await intent(ledger(), ACME, "a");
      const b = await intent(ledger(), BETA, "b");
      await markPayoutUncertain(ledger(), BETA, "b", { errorCode: "timeout", errorMessage: null, attempts: 1 });
      const leased = await intent(ledger(), ACME, "leased");
      await intent(ledger(), ACME, "recent");
      const done = await intent(ledger(), ACME, "done");
      await submit(ledger(), ACME, "done", "po_done");
      for (const row of [a, b, leased, done]) await age(ledger(), row.id, 120_000);
      await age(ledger(), b.id, 300_000);
      await acquireLease(ledger(), payoutLeaseName(ACME, "leased"), 60_000);

      const rows = await listResendCandidates(ledger(), { olderThanMs: 60_000, windowMs: 3_600_000 });
      expect(rows.map((r) => r.idempotencyKey)).toEqual(["b", "a"]);
      expect(rows[0]).toMatchObject({ requestBody: payoutBody("b"), credentialSeal: SEAL, businessId: BETA });
      // Reading claims nothing: the sender takes each row's lease itself.
      expect(await listResendCandidates(ledger(), { olderThanMs: 60_000, windowMs: 3_600_000 })).toHaveLength(2);
      expect(await listResendCandidates(ledger(), { olderThanMs: 0, windowMs: 3_600_000, limit: 1 })).toHaveLength(1);
    });

    it("counts what needs attention per business", async () => {
      await intent(ledger(), ACME, "a1");
      await intent(ledger(), ACME, "a2");
      await movePayoutToReview(ledger(), ACME, "a2", "resend_window_passed");
      await intent(ledger(), ACME, "a3");
      await submit(ledger(), ACME, "a3", "po_3");
      await intent(ledger(), BETA, "b1");
      await movePayoutToReview(ledger(), BETA, "b1", "resend_window_passed");
      expect(await countAttention(ledger(), ACME)).toEqual({ needsReview: 1, inProgress: 1 });
      expect(await countAttention(ledger(), BETA)).toEqual({ needsReview: 1, inProgress: 0 });
      const attention = await listPayouts(ledger(), ACME, { state: "attention" });
      expect(attention.items.map((r) => r.idempotencyKey).sort()).toEqual(["a1", "a2"]);
    });

    it("follow-ups: a few per business, least recently checked first; ended and expired ones drop out", async () => {
      for (const [biz, key] of [
        [ACME, "f1"],
        [ACME, "f2"],
        [ACME, "f3"],
        [BETA, "g1"],
      ] as const) {
        await intent(ledger(), biz, key);
        await completePayoutIntent(ledger(), biz, key, {
          payoutId: `po_${key}`,
          status: "pending",
          attempts: 1,
          followUpSeal: SEAL,
        });
      }
      await ledger()
        .db.update(payouts)
        .set({ statusCheckedAt: sql`now() - interval '1 hour'` });
      const picked = await listFollowUps(ledger(), {
        checkedBeforeMs: 1_000,
        windowMs: 3_600_000,
        perBusiness: 2,
        limit: 10,
      });
      expect(picked.filter((r) => r.businessId === ACME)).toHaveLength(2);
      expect(picked.filter((r) => r.businessId === BETA)).toHaveLength(1);
      const first = picked[0];
      if (!first) throw new Error("nothing picked");
      await endFollowUp(ledger(), first.id);
      expect((await stored(ledger(), first.id)).credentialSeal).toBeNull();
      await ledger()
        .db.update(payouts)
        .set({ createdAt: sql`now() - interval '2 hours'`, sendStartedAt: sql`now() - interval '2 hours'` });
      expect(await expireFollowUps(ledger(), { windowMs: 3_600_000 })).toBe(3);
      expect(
        await listFollowUps(ledger(), { checkedBeforeMs: 0, windowMs: 3_600_000, perBusiness: 5, limit: 10 }),
      ).toEqual([]);
    });
  });

  describe("leases", () => {
    it("one holder at a time; renewable by the holder only; free again when released", async () => {
      const first = await acquireLease(ledger(), "job", 60_000);
      expect(first).not.toBeNull();
      expect(await acquireLease(ledger(), "job", 60_000)).toBeNull();
      if (!first) return;
      expect(await renewLease(ledger(), first, 60_000)).toBe(true);
      expect(await renewLease(ledger(), { name: "job", owner: "someone-else" }, 60_000)).toBe(false);
      await releaseLease(ledger(), first);
      expect(await acquireLease(ledger(), "job", 60_000)).not.toBeNull();
    });

    it("an expired lease (its holder died) can be taken over, and the old holder can no longer renew it", async () => {
      const dead = await acquireLease(ledger(), "job2", 1);
      expect(dead).not.toBeNull();
      await ledger().db.execute(
        sql`UPDATE ledger_leases SET expires_at = now() - interval '1 second' WHERE name = 'job2'`,
      );
      const next = await acquireLease(ledger(), "job2", 60_000);
      expect(next).not.toBeNull();
      if (dead) expect(await renewLease(ledger(), dead, 60_000)).toBe(false);
    });

    it("concurrent acquisitions: exactly one wins", async () => {
      const results = await Promise.all(Array.from({ length: 8 }, () => acquireLease(ledger(), "race", 60_000)));
      expect(results.filter((r) => r !== null)).toHaveLength(1);
    });

    it("holdLease runs the work under the lease and releases it even when the work throws", async () => {
      const outcome = await holdLease(ledger(), "held", { ttlMs: 60_000 }, async () => {
        expect(await acquireLease(ledger(), "held", 60_000)).toBeNull();
        return 42;
      });
      expect(outcome).toEqual({ acquired: true, value: 42 });
      await expect(
        holdLease(ledger(), "held", { ttlMs: 60_000 }, () => Promise.reject(new Error("boom"))),
      ).rejects.toThrow("boom");
      expect(await acquireLease(ledger(), "held", 60_000)).not.toBeNull();
      expect(await holdLease(ledger(), "held", { ttlMs: 60_000 }, () => Promise.resolve(1))).toEqual({
        acquired: false,
      });
    });
  });

  describe("updatePayoutStatus and lookups", () => {
    it("records the latest upstream status", async () => {
      await intent(ledger(), ACME, "key-1");
      const submitted = await completePayoutIntent(ledger(), ACME, "key-1", {
        payoutId: "po_1",
        status: "pending",
        endToEndId: "E1",
        attempts: 1,
      });
      const updated = await updatePayoutStatus(ledger(), ACME, "po_1", { status: "paid", fee: 40, net: 1460 });
      expect(updated).toMatchObject({
        status: "paid",
        endToEndId: "E1",
        feeCentavos: 40,
        netCentavos: 1460,
        state: "submitted",
      });
      expect(updated?.statusCheckedAt?.getTime()).toBeGreaterThanOrEqual(
        submitted?.statusCheckedAt?.getTime() ?? Infinity,
      );

      const failed = await updatePayoutStatus(ledger(), ACME, "po_1", {
        status: "failed",
        failureReason: "account closed",
        endToEndId: null,
      });
      expect(failed).toMatchObject({
        status: "failed",
        failureReason: "account closed",
        endToEndId: null,
        feeCentavos: 40,
      });

      const odd = await updatePayoutStatus(ledger(), ACME, "po_1", { status: "some_new_status" });
      expect(odd?.status).toBe("some_new_status");
    });

    it("never moves a status back to pending (a stale read or a replayed create answer)", async () => {
      await intent(ledger(), ACME, "key-b");
      await submit(ledger(), ACME, "key-b", "po_b");
      await updatePayoutStatus(ledger(), ACME, "po_b", { status: "paid", endToEndId: "E2", fee: 10, net: 90 });
      const stale = await updatePayoutStatus(ledger(), ACME, "po_b", {
        status: "pending",
        endToEndId: null,
        fee: 99,
        net: 1,
      });
      expect(stale).toMatchObject({ status: "paid", endToEndId: "E2", feeCentavos: 10, netCentavos: 90 });
      expect(stale?.statusCheckedAt).toBeInstanceOf(Date);
    });

    it("is scoped to the business", async () => {
      await intent(ledger(), ACME, "key-1");
      await submit(ledger(), ACME, "key-1", "po_1");
      expect(await updatePayoutStatus(ledger(), BETA, "po_1", { status: "failed" })).toBeNull();
      expect(await updatePayoutStatus(ledger(), ACME, "po_unknown", { status: "failed" })).toBeNull();
      expect((await getPayoutByUpstreamId(ledger(), ACME, "po_1"))?.status).toBe("pending");
    });

    it("finds payouts by internal id, upstream id and key, only within the business", async () => {
      const row = await intent(ledger(), ACME, "key-1");
      await submit(ledger(), ACME, "key-1", "po_1");
      expect((await getPayout(ledger(), ACME, row.id))?.payoutId).toBe("po_1");
      expect((await getPayoutByUpstreamId(ledger(), ACME, "po_1"))?.id).toBe(row.id);
      expect((await getPayoutByIdempotencyKey(ledger(), ACME, "key-1"))?.id).toBe(row.id);
      expect(await getPayout(ledger(), BETA, row.id)).toBeNull();
      expect(await getPayoutByUpstreamId(ledger(), BETA, "po_1")).toBeNull();
      expect(await getPayoutByIdempotencyKey(ledger(), BETA, "key-1")).toBeNull();
      expect(await getPayout(ledger(), ACME, "not-a-uuid")).toBeNull();
      expect(await getPayoutByUpstreamId(ledger(), ACME, "po_2")).toBeNull();
      const found = await getPayout(ledger(), ACME, row.id);
      expect(found).not.toHaveProperty("requestBody");
      expect(found).not.toHaveProperty("credentialSeal");
    });
  });

  describe("listPayouts", () => {
    const base = Date.parse("2026-03-01T12:00:00Z");

    /** Seven Acme payouts created one minute apart (p0 oldest … p6 newest) and one Beta payout. */
    async function seed(): Promise<PayoutRecord[]> {
      const rows: PayoutRecord[] = [];
      for (let i = 0; i < 7; i += 1) {
        const row = await intent(ledger(), ACME, `key-${i}`, 1000 + i, i % 2 ? BOB : ALICE);
        await setCreatedAt(ledger(), row.id, new Date(base + i * 60_000));
        rows.push(row);
      }
      await submit(ledger(), ACME, "key-1", "po_one", "paid");
      await submit(ledger(), ACME, "key-2", "po_two", "pending");
      await submit(ledger(), ACME, "key-3", "po_three", "failed");
      await rejectPayoutIntent(ledger(), ACME, "key-4", { errorCode: "bad", errorMessage: null, attempts: 1 });
      await intent(ledger(), BETA, "beta-key");
      return rows;
    }

    it("lists newest first and pages with a cursor", async () => {
      await seed();
      const page1 = await listPayouts(ledger(), ACME, { limit: 3 });
      expect(page1.items.map((p) => p.idempotencyKey)).toEqual(["key-6", "key-5", "key-4"]);
      expect(page1.nextCursor).not.toBeNull();
      const page2 = await listPayouts(ledger(), ACME, { limit: 3, cursor: page1.nextCursor });
      expect(page2.items.map((p) => p.idempotencyKey)).toEqual(["key-3", "key-2", "key-1"]);
      const page3 = await listPayouts(ledger(), ACME, { limit: 3, cursor: page2.nextCursor });
      expect(page3.items.map((p) => p.idempotencyKey)).toEqual(["key-0"]);
      expect(page3.nextCursor).toBeNull();
      const exact = await listPayouts(ledger(), ACME, { limit: 7 });
      expect(exact.items).toHaveLength(7);
      expect(exact.nextCursor).toBeNull();
      expect(exact.items.every((p) => !("requestBody" in p) && !("credentialSeal" in p))).toBe(true);
    });

    it("pages through rows created at the same instant without losing or repeating any", async () => {
      const same = new Date(base);
      for (let i = 0; i < 5; i += 1) {
        const row = await intent(ledger(), ACME, `tie-${i}`);
        await setCreatedAt(ledger(), row.id, same);
      }
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof listPayouts>> = await listPayouts(ledger(), ACME, { limit: 2, cursor });
        seen.push(...page.items.map((p) => p.idempotencyKey));
        cursor = page.nextCursor;
      } while (cursor);
      expect([...seen].sort()).toEqual(["tie-0", "tie-1", "tie-2", "tie-3", "tie-4"]);
    });

    it("filters by upstream status and by our state", async () => {
      await seed();
      expect((await listPayouts(ledger(), ACME, { status: "paid" })).items.map((p) => p.payoutId)).toEqual(["po_one"]);
      expect(
        (await listPayouts(ledger(), ACME, { status: ["pending", "failed"] })).items.map((p) => p.payoutId),
      ).toEqual(["po_three", "po_two"]);
      expect((await listPayouts(ledger(), ACME, { state: "intent" })).items.map((p) => p.idempotencyKey)).toEqual([
        "key-6",
        "key-5",
        "key-0",
      ]);
      expect((await listPayouts(ledger(), ACME, { state: "rejected" })).items.map((p) => p.idempotencyKey)).toEqual([
        "key-4",
      ]);
      expect((await listPayouts(ledger(), ACME, { state: "submitted", status: "paid" })).items).toHaveLength(1);
      const paged = await listPayouts(ledger(), ACME, { state: "intent", limit: 2 });
      const rest = await listPayouts(ledger(), ACME, { state: "intent", limit: 2, cursor: paged.nextCursor });
      expect(rest.items.map((p) => p.idempotencyKey)).toEqual(["key-0"]);
    });

    it("searches ids, keys, masked keys and creators case-insensitively, with wildcards taken literally", async () => {
      const rows = await seed();
      expect((await listPayouts(ledger(), ACME, { search: "PO_TW" })).items.map((p) => p.payoutId)).toEqual(["po_two"]);
      expect((await listPayouts(ledger(), ACME, { search: "key-5" })).items.map((p) => p.idempotencyKey)).toEqual([
        "key-5",
      ]);
      expect((await listPayouts(ledger(), ACME, { search: "bob" })).items).toHaveLength(3);
      expect((await listPayouts(ledger(), ACME, { search: "example.com" })).items).toHaveLength(7);
      const first = rows[0];
      if (!first) throw new Error("no rows");
      expect((await listPayouts(ledger(), ACME, { search: first.id.slice(0, 13) })).items.map((p) => p.id)).toEqual([
        first.id,
      ]);
      expect((await listPayouts(ledger(), ACME, { search: "%" })).items).toHaveLength(0);
      expect((await listPayouts(ledger(), ACME, { search: "key_" })).items).toHaveLength(0);
      expect((await listPayouts(ledger(), ACME, { search: "   " })).items).toHaveLength(7);
      expect((await listPayouts(ledger(), ACME, { search: "beta-key" })).items).toHaveLength(0);
    });

    it("never shows another business's payouts", async () => {
      await seed();
      const beta = await listPayouts(ledger(), BETA);
      expect(beta.items.map((p) => p.idempotencyKey)).toEqual(["beta-key"]);
      expect((await listPayouts(ledger(), "biz_nobody")).items).toEqual([]);
      // A cursor taken from another business's listing yields nothing.
      const acme = await listPayouts(ledger(), ACME, { limit: 1 });
      expect((await listPayouts(ledger(), BETA, { cursor: acme.nextCursor })).items).toEqual([]);
    });

    it("treats a malformed cursor as the end and clamps the page size", async () => {
      await seed();
      expect(await listPayouts(ledger(), ACME, { cursor: "garbage" })).toEqual({ items: [], nextCursor: null });
      expect((await listPayouts(ledger(), ACME, { limit: 0 })).items).toHaveLength(1);
      expect((await listPayouts(ledger(), ACME, { limit: 10_000 })).items).toHaveLength(7);
    });
  });
});

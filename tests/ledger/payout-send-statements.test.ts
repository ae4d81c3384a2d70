/**
 * The sender's merged statements: beginPayoutSend (read + "maybe sent" in one
 * update) and a move with its audit entry in the same statement.
 */
import { describe, expect, it } from "vitest";
import {
  beginPayoutSend,
  completePayoutIntent,
  holdLease,
  isLeaseHeld,
  listAudit,
  markPayoutHandled,
  markPayoutUncertain,
  movePayoutToReview,
  payoutLeaseName,
  recordPayoutIntent,
  rejectPayoutIntent,
  reopenRejectedIntent,
  type AuditEntryInput,
  type Ledger,
} from "@/lib/server/ledger";
import { ACME, ALICE, BETA, drivers, payoutBody, useLedger } from "./helpers";

function intent(ledger: Ledger, key: string) {
  return recordPayoutIntent(ledger, {
    businessId: ACME,
    idempotencyKey: key,
    body: payoutBody(key, 1500),
    pixKeyMasked: "m***@example.com",
    actor: ALICE,
    credentialSeal: "Fe26.2**seal",
  });
}

const entry = (key: string, outcome: AuditEntryInput["outcome"]): AuditEntryInput => ({
  businessId: ACME,
  actor: ALICE,
  action: "payout.create",
  targetType: "payout",
  idempotencyKey: key,
  outcome,
  after: { note: "x\u0000y" },
});

describe.each(drivers)("payout send statements (%s)", (driver) => {
  const ledger = useLedger(driver);

  describe("beginPayoutSend", () => {
    it("starts a send on an unresolved row and reports whether an earlier send may have reached the API", async () => {
      await intent(ledger(), "k1");
      const first = await beginPayoutSend(ledger(), ACME, "k1", { mayResolveReview: false });
      expect(first).toMatchObject({
        started: true,
        sentBefore: false,
        row: {
          state: "intent",
          maybeSent: true,
          sends: 1,
          requestBody: payoutBody("k1", 1500),
          credentialSeal: "Fe26.2**seal",
        },
      });
      await markPayoutUncertain(ledger(), ACME, "k1", { errorCode: "timeout", errorMessage: null, attempts: 1 });
      const second = await beginPayoutSend(ledger(), ACME, "k1", { mayResolveReview: false });
      expect(second).toMatchObject({ started: true, sentBefore: true, row: { state: "uncertain", sends: 2 } });
    });

    it("a rejected row resets maybe_sent; a row waiting for a person is sent only by one who may resolve it", async () => {
      await intent(ledger(), "k2");
      await beginPayoutSend(ledger(), ACME, "k2", { mayResolveReview: false });
      await rejectPayoutIntent(ledger(), ACME, "k2", { errorCode: "bad", errorMessage: null, attempts: 1 });
      expect(await beginPayoutSend(ledger(), ACME, "k2", { mayResolveReview: true })).toMatchObject({
        started: false,
        row: { state: "rejected", sends: 1 },
      });

      await intent(ledger(), "k3");
      await movePayoutToReview(ledger(), ACME, "k3", "conflicting_answer");
      expect(await beginPayoutSend(ledger(), ACME, "k3", { mayResolveReview: false })).toMatchObject({
        started: false,
        row: { state: "needs_review", sends: 0 },
      });
      expect(await beginPayoutSend(ledger(), ACME, "k3", { mayResolveReview: true })).toMatchObject({
        started: true,
        sentBefore: false,
        row: { sends: 1 },
      });

      await intent(ledger(), "k4");
      await markPayoutHandled(ledger(), ACME, "k4", { name: "Alice", note: "paid by hand" });
      expect(await beginPayoutSend(ledger(), ACME, "k4", { mayResolveReview: true })).toMatchObject({
        started: false,
        row: { state: "handled" },
      });
    });

    it("a send from a clean row records when it started (the sender's clock); a re-send keeps it; sending a rejected row again restarts it", async () => {
      const at = (minutes: number) => new Date(Date.UTC(2030, 0, 1, 12, minutes));
      await intent(ledger(), "k6");
      expect(await beginPayoutSend(ledger(), ACME, "k6", { mayResolveReview: false, now: at(0) })).toMatchObject({
        row: { sendStartedAt: at(0) },
      });
      await markPayoutUncertain(ledger(), ACME, "k6", { errorCode: "timeout", errorMessage: null, attempts: 1 });
      expect(await beginPayoutSend(ledger(), ACME, "k6", { mayResolveReview: false, now: at(5) })).toMatchObject({
        row: { sendStartedAt: at(0) },
      });

      await intent(ledger(), "k7");
      await beginPayoutSend(ledger(), ACME, "k7", { mayResolveReview: false, now: at(0) });
      await rejectPayoutIntent(ledger(), ACME, "k7", { errorCode: "bad", errorMessage: null, attempts: 1 });
      expect(
        await reopenRejectedIntent(ledger(), ACME, "k7", {
          body: payoutBody("k7", 1500),
          credentialSeal: null,
          now: at(30),
        }),
      ).toMatchObject({ state: "intent", sendStartedAt: at(30) });
      expect(await beginPayoutSend(ledger(), ACME, "k7", { mayResolveReview: false, now: at(31) })).toMatchObject({
        sentBefore: false,
        row: { sendStartedAt: at(31) },
      });
    });

    it("no row: not started, no row; another business's key is not this one's", async () => {
      await intent(ledger(), "k5");
      expect(await beginPayoutSend(ledger(), BETA, "k5", { mayResolveReview: true })).toEqual({
        started: false,
        row: null,
      });
    });
  });

  describe("a move with its audit entry", () => {
    it("writes the state and the entry together (text made storable)", async () => {
      await intent(ledger(), "a1");
      const done = await completePayoutIntent(
        ledger(),
        ACME,
        "a1",
        { payoutId: "po_1", status: "pending", attempts: 1 },
        { entry: entry("a1", "success"), requireMove: true },
      );
      expect(done).toMatchObject({ state: "submitted", payoutId: "po_1", amountCentavos: 1500 });
      expect(done?.createdAt).toBeInstanceOf(Date);
      const { items } = await listAudit(ledger(), ACME);
      expect(items).toEqual([
        expect.objectContaining({ idempotencyKey: "a1", outcome: "success", after: { note: "x\uFFFDy" } }),
      ]);
    });

    it("requireMove: a row that did not move gets no entry and no change", async () => {
      await intent(ledger(), "a2");
      await completePayoutIntent(ledger(), ACME, "a2", { payoutId: "po_2", status: "paid", attempts: 1 });
      expect(
        await completePayoutIntent(
          ledger(),
          ACME,
          "a2",
          { payoutId: "po_x", status: "paid", attempts: 1 },
          { entry: entry("a2", "success"), requireMove: true },
        ),
      ).toBeNull();
      expect((await listAudit(ledger(), ACME)).items).toEqual([]);
    });

    it("release: the send's lease is deleted by the same statement, and holdLease does not delete it again", async () => {
      await intent(ledger(), "a4");
      const name = payoutLeaseName(ACME, "a4");
      const held = await holdLease(ledger(), name, { ttlMs: 60_000 }, async (lease) => {
        await lease.stopRenewing();
        const moved = await markPayoutUncertain(
          ledger(),
          ACME,
          "a4",
          { errorCode: "timeout", errorMessage: null, attempts: 1 },
          { entry: entry("a4", "pending"), release: lease },
        );
        lease.released();
        return { moved, stillHeld: await isLeaseHeld(ledger(), name) };
      });
      expect(held).toMatchObject({ acquired: true, value: { moved: { state: "uncertain" }, stillHeld: false } });
    });

    it("requireMove without a move leaves the lease with its holder (holdLease then releases it)", async () => {
      await intent(ledger(), "a5");
      await completePayoutIntent(ledger(), ACME, "a5", { payoutId: "po_5", status: "paid", attempts: 1 });
      const name = payoutLeaseName(ACME, "a5");
      const held = await holdLease(ledger(), name, { ttlMs: 60_000 }, async (lease) => {
        const moved = await completePayoutIntent(
          ledger(),
          ACME,
          "a5",
          { payoutId: "po_y", status: "paid", attempts: 1 },
          { entry: entry("a5", "success"), requireMove: true, release: lease },
        );
        return { moved, stillHeld: await isLeaseHeld(ledger(), name) };
      });
      expect(held).toMatchObject({ acquired: true, value: { moved: null, stillHeld: true } });
      expect(await isLeaseHeld(ledger(), name)).toBe(false);
    });

    it("without requireMove the entry is written even when the row had moved on", async () => {
      await intent(ledger(), "a3");
      await markPayoutHandled(ledger(), ACME, "a3", { name: "Alice", note: "done" });
      expect(
        await markPayoutUncertain(
          ledger(),
          ACME,
          "a3",
          { errorCode: "timeout", errorMessage: null, attempts: 1 },
          { entry: entry("a3", "pending") },
        ),
      ).toBeNull();
      expect((await listAudit(ledger(), ACME)).items).toEqual([
        expect.objectContaining({ idempotencyKey: "a3", outcome: "pending" }),
      ]);
    });
  });
});

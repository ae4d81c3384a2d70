import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  claimPendingIntents,
  completePayoutIntent,
  getPayout,
  getPayoutByIdempotencyKey,
  getPayoutByUpstreamId,
  listPayouts,
  listPendingIntents,
  markPayoutUncertain,
  recordPayoutIntent,
  rejectPayoutIntent,
  updatePayoutStatus,
  type Ledger,
  type PayoutRecord,
} from "@/lib/ledger";
import { payouts } from "@/lib/ledger/schema";
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

async function setCreatedAt(ledger: Ledger, id: string, at: Date) {
  await ledger.db.update(payouts).set({ createdAt: at }).where(eq(payouts.id, id));
}

async function submit(ledger: Ledger, businessId: string, key: string, payoutId: string, status = "pending") {
  const row = await completePayoutIntent(ledger, businessId, key, { payoutId, status, fee: 50, net: 1450, attempts: 1 });
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
      expect(await stored(ledger(), row.id)).toMatchObject({ requestBody: payoutBody("key-1"), credentialSeal: SEAL });

      const again = await markPayoutUncertain(ledger(), ACME, "key-1", { errorCode: "http_503", errorMessage: null, attempts: 4 });
      expect(again).toMatchObject({ state: "uncertain", lastErrorCode: "http_503", attempts: 4 });

      const done = await completePayoutIntent(ledger(), ACME, "key-1", { payoutId: "po_9", status: "paid", attempts: 5 });
      expect(done).toMatchObject({ state: "submitted", payoutId: "po_9", lastErrorCode: null, lastErrorMessage: null, attempts: 5 });
      expect(await stored(ledger(), row.id)).toMatchObject({ requestBody: null, credentialSeal: null });
    });

    it("uncertain → rejected", async () => {
      await intent(ledger(), ACME, "key-1");
      await markPayoutUncertain(ledger(), ACME, "key-1", { errorCode: "timeout", errorMessage: null, attempts: 1 });
      const rejected = await rejectPayoutIntent(ledger(), ACME, "key-1", { errorCode: "limit", errorMessage: "over limit", attempts: 2 });
      expect(rejected?.state).toBe("rejected");
    });

    it("does not move a resolved payout again", async () => {
      await intent(ledger(), ACME, "key-s");
      await submit(ledger(), ACME, "key-s", "po_1");
      expect(await rejectPayoutIntent(ledger(), ACME, "key-s", { errorCode: "x", errorMessage: null, attempts: 2 })).toBeNull();
      expect(await markPayoutUncertain(ledger(), ACME, "key-s", { errorCode: "x", errorMessage: null, attempts: 2 })).toBeNull();
      expect(await completePayoutIntent(ledger(), ACME, "key-s", { payoutId: "po_other", status: "paid", attempts: 2 })).toBeNull();
      expect(await getPayoutByIdempotencyKey(ledger(), ACME, "key-s")).toMatchObject({ state: "submitted", payoutId: "po_1" });

      await intent(ledger(), ACME, "key-r");
      await rejectPayoutIntent(ledger(), ACME, "key-r", { errorCode: "bad", errorMessage: null, attempts: 1 });
      expect(await completePayoutIntent(ledger(), ACME, "key-r", { payoutId: "po_2", status: "paid", attempts: 2 })).toBeNull();
    });

    it("only resolves the caller's business's intent", async () => {
      await intent(ledger(), ACME, "key-1");
      expect(await completePayoutIntent(ledger(), BETA, "key-1", { payoutId: "po_x", status: "paid", attempts: 1 })).toBeNull();
      expect(await rejectPayoutIntent(ledger(), BETA, "key-1", { errorCode: "x", errorMessage: null, attempts: 1 })).toBeNull();
      expect(await markPayoutUncertain(ledger(), BETA, "key-1", { errorCode: "x", errorMessage: null, attempts: 1 })).toBeNull();
      expect(await getPayoutByIdempotencyKey(ledger(), ACME, "key-1")).toMatchObject({ state: "intent", attempts: 0 });
    });
  });

  describe("pending intents (reconciler)", () => {
    it("lists intent and uncertain rows of all businesses older than the threshold, oldest first, with the body", async () => {
      const a = await intent(ledger(), ACME, "a-intent");
      const b = await intent(ledger(), BETA, "b-uncertain");
      await markPayoutUncertain(ledger(), BETA, "b-uncertain", { errorCode: "timeout", errorMessage: null, attempts: 1 });
      const fresh = await intent(ledger(), ACME, "a-fresh");
      await intent(ledger(), ACME, "a-done");
      await submit(ledger(), ACME, "a-done", "po_done");
      await intent(ledger(), ACME, "a-rejected");
      await rejectPayoutIntent(ledger(), ACME, "a-rejected", { errorCode: "bad", errorMessage: null, attempts: 1 });
      await age(ledger(), a.id, 120_000);
      await age(ledger(), b.id, 300_000);
      // Resolved rows are never pending, however old.
      await ledger().db.update(payouts).set({ updatedAt: sql`now() - interval '1 hour'` }).where(eq(payouts.state, "submitted"));

      const pending = await listPendingIntents(ledger(), { olderThanMs: 60_000, limit: 10 });
      expect(pending.map((p) => p.idempotencyKey)).toEqual(["b-uncertain", "a-intent"]);
      expect(pending.map((p) => p.businessId)).toEqual([BETA, ACME]);
      expect(pending[0]?.requestBody).toEqual(payoutBody("b-uncertain"));
      expect(pending[0]?.credentialSeal).toBe(SEAL);
      expect(pending[0]?.state).toBe("uncertain");

      const all = await listPendingIntents(ledger(), { olderThanMs: 0 });
      expect(all.map((p) => p.id)).toContain(fresh.id);
      expect(all).toHaveLength(3);

      expect(await listPendingIntents(ledger(), { olderThanMs: 0, limit: 1 })).toHaveLength(1);
      // Reading does not claim anything.
      expect(await listPendingIntents(ledger(), { olderThanMs: 60_000 })).toHaveLength(2);
    });

    it("claimPendingIntents hands each row out once per period", async () => {
      const a = await intent(ledger(), ACME, "a");
      const b = await intent(ledger(), BETA, "b");
      await age(ledger(), a.id, 120_000);
      await age(ledger(), b.id, 120_000);

      const claimed = await claimPendingIntents(ledger(), { olderThanMs: 60_000 });
      expect(claimed.map((p) => p.idempotencyKey).sort()).toEqual(["a", "b"]);
      expect(claimed[0]?.requestBody).not.toBeNull();
      expect(claimed[0]?.credentialSeal).toBe(SEAL);
      expect(await claimPendingIntents(ledger(), { olderThanMs: 60_000 })).toEqual([]);
      expect(await listPendingIntents(ledger(), { olderThanMs: 60_000 })).toEqual([]);
      expect(await listPendingIntents(ledger(), { olderThanMs: 0 })).toHaveLength(2);
    });

    it("concurrent claims never hand out the same row twice", async () => {
      for (let i = 0; i < 6; i += 1) {
        const row = await intent(ledger(), ACME, `c-${i}`);
        await age(ledger(), row.id, 120_000);
      }
      const [x, y] = await Promise.all([
        claimPendingIntents(ledger(), { olderThanMs: 60_000 }),
        claimPendingIntents(ledger(), { olderThanMs: 60_000 }),
      ]);
      const ids = [...(x ?? []), ...(y ?? [])].map((p) => p.id);
      expect(ids).toHaveLength(6);
      expect(new Set(ids).size).toBe(6);
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
      expect(updated).toMatchObject({ status: "paid", endToEndId: "E1", feeCentavos: 40, netCentavos: 1460, state: "submitted" });
      expect(updated?.statusCheckedAt?.getTime()).toBeGreaterThanOrEqual(submitted?.statusCheckedAt?.getTime() ?? Infinity);

      const failed = await updatePayoutStatus(ledger(), ACME, "po_1", { status: "failed", failureReason: "account closed", endToEndId: null });
      expect(failed).toMatchObject({ status: "failed", failureReason: "account closed", endToEndId: null, feeCentavos: 40 });

      const odd = await updatePayoutStatus(ledger(), ACME, "po_1", { status: "some_new_status" });
      expect(odd?.status).toBe("some_new_status");
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
      expect((await listPayouts(ledger(), ACME, { status: ["pending", "failed"] })).items.map((p) => p.payoutId)).toEqual([
        "po_three",
        "po_two",
      ]);
      expect((await listPayouts(ledger(), ACME, { state: "intent" })).items.map((p) => p.idempotencyKey)).toEqual([
        "key-6",
        "key-5",
        "key-0",
      ]);
      expect((await listPayouts(ledger(), ACME, { state: "rejected" })).items.map((p) => p.idempotencyKey)).toEqual(["key-4"]);
      expect((await listPayouts(ledger(), ACME, { state: "submitted", status: "paid" })).items).toHaveLength(1);
      const paged = await listPayouts(ledger(), ACME, { state: "intent", limit: 2 });
      const rest = await listPayouts(ledger(), ACME, { state: "intent", limit: 2, cursor: paged.nextCursor });
      expect(rest.items.map((p) => p.idempotencyKey)).toEqual(["key-0"]);
    });

    it("searches ids, keys, masked keys and creators case-insensitively, with wildcards taken literally", async () => {
      const rows = await seed();
      expect((await listPayouts(ledger(), ACME, { search: "PO_TW" })).items.map((p) => p.payoutId)).toEqual(["po_two"]);
      expect((await listPayouts(ledger(), ACME, { search: "key-5" })).items.map((p) => p.idempotencyKey)).toEqual(["key-5"]);
      expect((await listPayouts(ledger(), ACME, { search: "bob" })).items).toHaveLength(3);
      expect((await listPayouts(ledger(), ACME, { search: "example.com" })).items).toHaveLength(7);
      const first = rows[0];
      if (!first) throw new Error("no rows");
      expect((await listPayouts(ledger(), ACME, { search: first.id.slice(0, 13) })).items.map((p) => p.id)).toEqual([first.id]);
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

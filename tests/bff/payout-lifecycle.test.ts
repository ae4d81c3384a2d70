/**
 * The payout lifecycle over the real sandbox and ledger: one send per key at a
 * time (double clicks, the reconciler, another holder of the lease), the
 * automatic re-send window, needs review and how a person resolves it, and the
 * background status refresher.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as attention from "@/app/api/payouts/attention/route";
import * as review from "@/app/api/payouts/review/route";
import * as payouts from "@/app/api/payouts/route";
import * as session from "@/app/api/session/route";
import { reconcilePayouts } from "@/lib/server/services/payouts/reconciler";
import { acquireLease, getLedger, payoutLeaseName, releaseLease } from "@/lib/server/ledger";
import { payouts as payoutsTable } from "@/lib/server/ledger/schema";
import type { ActivityEntry } from "@/lib/shared/schemas/activity";
import type { PayoutAttention, RegisterPayout } from "@/lib/shared/schemas/register";
import {
  ACME,
  call,
  countUpstream,
  DEMO_NAMES,
  financeBody,
  newKey,
  signIn,
  supportBody,
  type CallResult,
} from "../helpers/bff";
import { activityReader } from "../helpers/activity-reader";
import { setUpBffHarness } from "../helpers/bff-suite";
import { settle } from "../helpers/clock";
import { resetConfigForTests } from "@/lib/server/config";

// Payouts settle on the first read after creation, so the refresher has something to find at once.
const bff = setUpBffHarness({ sandbox: { settleMs: 0 }, env: { PAYOUT_INFLIGHT_WAIT_MS: "8000" } });

const POST_PAYOUTS = "POST /v1/payouts";
const body = (amount: number) => ({ amount_centavos: amount, pix_key_type: "email", pix_key: "ana@example.com" });

const createPayout = (key: string, amount: number): Promise<CallResult> =>
  call(payouts.POST, "/api/payouts", { method: "POST", cookie: bff.cookie, idempotencyKey: key, body: body(amount) });
const reviewPayout = (input: Record<string, unknown>, withCookie = bff.cookie): Promise<CallResult> =>
  call(review.POST, "/api/payouts/review", { method: "POST", cookie: withCookie, body: input });

async function row(key: string): Promise<RegisterPayout> {
  const result = await call(payouts.GET, `/api/payouts?search=${key}`, { cookie: bff.cookie });
  const found = (result.json.data as { items: RegisterPayout[] }).items.find((r) => r.idempotency_key === key);
  if (!found) throw new Error(`no register row for ${key}`);
  return found;
}

const upstreamFor = async (key: string) =>
  (await bff.harness.sandbox.payouts()).filter((p) => p.idempotency_key === key);
const sendsUpstream = async () => (await bff.harness.sandbox.stats()).by_route[POST_PAYOUTS] ?? 0;

const readActivity = activityReader();

async function audit(key: string): Promise<ActivityEntry[]> {
  return (await readActivity("?limit=1000")).filter((e) => e.idempotency_key === key);
}

/** A payout the API made whose every answer was lost: 504, row uncertain, one payout upstream. */
async function lostAnswer(key: string, amount: number): Promise<void> {
  await bff.harness.sandbox.addFault({ kind: "commit_then_drop", method: "POST", path: "/v1/payouts", count: 20 });
  const lost = await createPayout(key, amount);
  expect(lost.status, lost.text).toBe(504);
  await bff.harness.sandbox.clearFaults();
  expect(await upstreamFor(key)).toHaveLength(1);
}

async function ageRow(key: string, createdMsAgo: number): Promise<void> {
  const ledger = await getLedger();
  await ledger.db
    .update(payoutsTable)
    .set({
      createdAt: sql`now() - (${createdMsAgo} * interval '1 millisecond')`,
      sendStartedAt: sql`now() - (${createdMsAgo} * interval '1 millisecond')`,
      updatedAt: sql`now() - interval '1 minute'`,
    })
    .where(eq(payoutsTable.idempotencyKey, key));
}

describe("one send of a key at a time", () => {
  it("a double click while the first send is in flight: one request upstream, both clicks get the same payout", async () => {
    const key = newKey("inflight");
    await bff.harness.sandbox.addFault({ kind: "latency", method: "POST", path: "/v1/payouts", ms: 1_200, count: 1 });
    const { result, byRoute } = await countUpstream(bff.harness.sandbox, () =>
      Promise.all([createPayout(key, 5100), createPayout(key, 5100)]),
    );
    expect(byRoute[POST_PAYOUTS]).toBe(1);
    const ids = new Set(result.map((r) => (r.json.data as RegisterPayout).id));
    expect(ids.size).toBe(1);
    expect(result.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(await upstreamFor(key)).toHaveLength(1);
  });

  it("the reconciler never re-sends a payout whose send is still in flight (upstream slower than its period)", async () => {
    const key = newKey("slow");
    // Longer than a reconciler pass, shorter than the client's per-attempt timeout (1.5 s here).
    await bff.harness.sandbox.addFault({ kind: "latency", method: "POST", path: "/v1/payouts", ms: 1_000, count: 1 });
    const before = await sendsUpstream();
    const sending = createPayout(key, 5200);
    // Passes that look at every unresolved row, however young, while the send is in flight.
    const passes: number[] = [];
    while ((await row(key).catch(() => null))?.state !== "submitted") {
      // Let I/O run between passes: the in-memory ledger and a remembered session answer without leaving
      // the microtask queue, so without this the loop would starve the send's own socket.
      await settle();
      passes.push((await reconcilePayouts(await getLedger(), { olderThanMs: 0 })).busy);
      if (passes.length > 5_000) throw new Error("the send never finished");
    }
    expect((await sending).status).toBe(201);
    expect(passes.length).toBeGreaterThan(0);
    expect((await sendsUpstream()) - before).toBe(1);
    expect(await upstreamFor(key)).toHaveLength(1);
  });

  it("while another holder has the key's lease, a request waits, then says 'in progress' and sends nothing", async () => {
    const key = newKey("leased");
    await bff.harness.sandbox.addFault({ kind: "error503", method: "POST", path: "/v1/payouts", count: 10 });
    expect((await createPayout(key, 5300)).status).toBe(504); // a row exists, uncertain
    await bff.harness.sandbox.clearFaults();
    const ledger = await getLedger();
    const lease = await acquireLease(ledger, payoutLeaseName(ACME.businessId, key), 60_000);
    expect(lease).not.toBeNull();
    process.env.PAYOUT_INFLIGHT_WAIT_MS = "300";
    resetConfigForTests();
    try {
      const { result, byRoute } = await countUpstream(bff.harness.sandbox, () => createPayout(key, 5300));
      expect(result.status).toBe(409);
      expect(result.json.error?.code).toBe("payout_in_progress");
      expect(byRoute[POST_PAYOUTS] ?? 0).toBe(0);
      const pass = await reconcilePayouts(ledger, { olderThanMs: 0 });
      expect(pass.examined).toBe(0);
    } finally {
      process.env.PAYOUT_INFLIGHT_WAIT_MS = "8000";
      resetConfigForTests();
      if (lease) await releaseLease(ledger, lease);
    }
    const done = await createPayout(key, 5300);
    expect(done.status).toBe(200);
    expect(await upstreamFor(key)).toHaveLength(1);
  });
});

describe("the automatic re-send window and needs review", () => {
  it("an unanswered payout older than the window is not re-sent: it waits for a person, counted and filterable", async () => {
    const key = newKey("window");
    await lostAnswer(key, 6100);
    await ageRow(key, 60 * 60_000);
    const { result: pass, byRoute } = await countUpstream(bff.harness.sandbox, async () =>
      reconcilePayouts(await getLedger(), { olderThanMs: 0 }),
    );
    expect(pass.toReview).toBeGreaterThanOrEqual(1);
    expect(byRoute[POST_PAYOUTS] ?? 0).toBe(0);
    const waiting = await row(key);
    expect(waiting).toMatchObject({
      state: "needs_review",
      review: { reason: "resend_window_passed" },
      auto_resend_until: null,
    });

    const counts = await call(attention.GET, "/api/payouts/attention", { cookie: bff.cookie });
    expect((counts.json.data as PayoutAttention).needs_review).toBeGreaterThanOrEqual(1);
    const filtered = await call(payouts.GET, "/api/payouts?state=needs_review&limit=500", { cookie: bff.cookie });
    const items = (filtered.json.data as { items: RegisterPayout[] }).items;
    expect(items.every((r) => r.state === "needs_review")).toBe(true);
    expect(items.some((r) => r.idempotency_key === key)).toBe(true);
    expect((await audit(key)).some((e) => e.action === "payout.review" && e.actor.name === "reconciler")).toBe(true);
  });

  it("state=in_progress lists only the payouts the dashboard is still resolving by itself (intent, uncertain)", async () => {
    const resolving = newKey("resolving");
    await lostAnswer(resolving, 6150);
    const waiting = newKey("waiting");
    await lostAnswer(waiting, 6160);
    await ageRow(waiting, 60 * 60_000);
    await reconcilePayouts(await getLedger(), { olderThanMs: 60_000 });
    expect((await row(waiting)).state).toBe("needs_review");

    const filtered = await call(payouts.GET, "/api/payouts?state=in_progress&limit=500", { cookie: bff.cookie });
    expect(filtered.status, filtered.text).toBe(200);
    const items = (filtered.json.data as { items: RegisterPayout[] }).items;
    expect(items.every((r) => r.state === "intent" || r.state === "uncertain")).toBe(true);
    expect(items.some((r) => r.idempotency_key === resolving)).toBe(true);
    expect(items.some((r) => r.idempotency_key === waiting)).toBe(false);
  });

  it("check again (a person, same key): the API answers with the payout it made, once", async () => {
    const key = newKey("check");
    await lostAnswer(key, 6200);
    await ageRow(key, 60 * 60_000);
    await reconcilePayouts(await getLedger(), { olderThanMs: 0 });
    const { result, byRoute } = await countUpstream(bff.harness.sandbox, () =>
      reviewPayout({ action: "check_again", idempotency_key: key }),
    );
    expect(result.status, result.text).toBe(200);
    expect(byRoute[POST_PAYOUTS]).toBe(1);
    const [upstream] = await upstreamFor(key);
    expect(result.json.data).toMatchObject({ state: "submitted", id: upstream?.id, review: null });
    expect(await upstreamFor(key)).toHaveLength(1);
    expect(
      (await audit(key)).some(
        (e) => e.action === "payout.check_again" && e.outcome === "success" && e.actor.name === DEMO_NAMES.operator,
      ),
    ).toBe(true);
    // Resolved: nothing left to review.
    const again = await reviewPayout({ action: "check_again", idempotency_key: key });
    expect(again.status).toBe(409);
    expect(again.json.error?.code).toBe("payout_not_reviewable");
  });

  it("mark handled: closed with a note, audited, never sent again with that key", async () => {
    const key = newKey("handled");
    await lostAnswer(key, 6300);
    const short = await reviewPayout({ action: "mark_handled", idempotency_key: key, note: "x" });
    expect(short.status).toBe(422);
    expect(short.json.error?.fields?.note).toBeTruthy();

    const handled = await reviewPayout({
      action: "mark_handled",
      idempotency_key: key,
      note: "Confirmed with the bank: paid once.",
    });
    expect(handled.status, handled.text).toBe(200);
    expect(handled.json.data).toMatchObject({
      state: "handled",
      handled: { by: DEMO_NAMES.operator, note: "Confirmed with the bank: paid once." },
    });
    const entry = (await audit(key)).find((e) => e.action === "payout.handled");
    expect(entry).toMatchObject({ outcome: "success", actor: { name: DEMO_NAMES.operator } });

    const { result, requests } = await countUpstream(bff.harness.sandbox, async () => {
      await reconcilePayouts(await getLedger(), { olderThanMs: 0 });
      return createPayout(key, 6300);
    });
    expect(result.status).toBe(409);
    expect(result.json.error?.code).toBe("payout_handled");
    expect(requests).toBe(0);
  });

  it("mark handled with the payout id found with the API: checked against the payout, then recorded as submitted", async () => {
    const key = newKey("attach");
    await lostAnswer(key, 6400);
    const [upstream] = await upstreamFor(key);
    const other = newKey("attach-other");
    expect((await createPayout(other, 9999)).status).toBe(201);
    const otherId = (await row(other)).id;

    const wrongAmount = await reviewPayout({
      action: "mark_handled",
      idempotency_key: key,
      note: "Found it",
      payout_id: otherId,
    });
    expect(wrongAmount.status).toBe(422);
    expect(wrongAmount.json.error?.code).toBe("payout_mismatch");
    const notOurs = await reviewPayout({
      action: "mark_handled",
      idempotency_key: key,
      note: "Found it",
      payout_id: "po_beta_1",
    });
    expect(notOurs.status).toBe(404);
    expect((await row(key)).state).toBe("uncertain");

    const attached = await reviewPayout({
      action: "mark_handled",
      idempotency_key: key,
      note: "Found it in the provider's panel",
      payout_id: upstream?.id,
    });
    expect(attached.status, attached.text).toBe(200);
    expect(attached.json.data).toMatchObject({ state: "submitted", id: upstream?.id });
  });

  it("support and finance (read-only) see the counts but resolve nothing: 403, nothing sent, the row unchanged", async () => {
    const key = newKey("read-only");
    await lostAnswer(key, 6500);
    await ageRow(key, 60 * 60_000);
    await reconcilePayouts(await getLedger(), { olderThanMs: 0 });
    expect((await row(key)).state).toBe("needs_review");
    for (const body of [supportBody, financeBody]) {
      const readOnly = await signIn(session.POST, body);
      const counts = await call(attention.GET, "/api/payouts/attention", { cookie: readOnly });
      expect(counts.status, counts.text).toBe(200);
      expect((counts.json.data as PayoutAttention).needs_review).toBeGreaterThanOrEqual(1);
      const { result, requests } = await countUpstream(bff.harness.sandbox, async () => [
        await reviewPayout({ action: "check_again", idempotency_key: key }, readOnly),
        await reviewPayout({ action: "mark_handled", idempotency_key: key, note: "Not mine to close." }, readOnly),
      ]);
      for (const refused of result) {
        expect(refused.status, refused.text).toBe(403);
        expect(refused.json.error?.code).toBe("forbidden");
      }
      expect(requests).toBe(0);
    }
    expect(await row(key)).toMatchObject({ state: "needs_review", handled: null });
    expect(await upstreamFor(key)).toHaveLength(1);
  });
});

describe("the background status refresher", () => {
  it("brings a pending payout to its final status with nobody looking at it, then stops following it", async () => {
    const key = newKey("follow");
    const created = await createPayout(key, 7100);
    expect(created.status).toBe(201);
    expect((created.json.data as RegisterPayout).status).toBe("pending");
    const ledger = await getLedger();
    await ledger.db
      .update(payoutsTable)
      .set({ statusCheckedAt: sql`now() - interval '1 minute'` })
      .where(eq(payoutsTable.idempotencyKey, key));

    const pass = await reconcilePayouts(ledger, { olderThanMs: 0 });
    expect(pass.refreshed.checked).toBeGreaterThanOrEqual(1);
    const [stored] = await ledger.db.select().from(payoutsTable).where(eq(payoutsTable.idempotencyKey, key));
    expect(stored).toMatchObject({ status: "paid", credentialSeal: null });
  });
});

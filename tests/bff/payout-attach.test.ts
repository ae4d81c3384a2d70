/**
 * "Mark handled" with a payout id found with the API, over the real sandbox and
 * ledger: only a payout that can be this register row's is attached (same amount,
 * key type and key, created after this send started), and one payout id belongs
 * to one row, even when two attaches race.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as review from "@/app/api/payouts/review/route";
import * as payouts from "@/app/api/payouts/route";
import type { RegisterPayout } from "@/lib/shared/schemas/register";
import { ACME, call, newKey, type CallResult } from "../helpers/bff";
import { setUpBffHarness } from "../helpers/bff-suite";

const bff = setUpBffHarness();

const ANA = "ana@example.com";
/** Shorter than the client's per-attempt timeout (1.5 s in the harness). */
const LOOKUP_DELAY_MS = 1_000;

const createPayout = (key: string, amount: number, pixKey = ANA): Promise<CallResult> =>
  call(payouts.POST, "/api/payouts", {
    method: "POST",
    cookie: bff.cookie,
    idempotencyKey: key,
    body: { amount_centavos: amount, pix_key_type: "email", pix_key: pixKey },
  });

const attach = (key: string, payoutId: string): Promise<CallResult> =>
  call(review.POST, "/api/payouts/review", {
    method: "POST",
    cookie: bff.cookie,
    body: {
      action: "mark_handled",
      idempotency_key: key,
      note: "Found it in the provider's panel",
      payout_id: payoutId,
    },
  });

async function row(key: string): Promise<RegisterPayout> {
  const result = await call(payouts.GET, `/api/payouts?search=${key}`, { cookie: bff.cookie });
  const found = (result.json.data as { items: RegisterPayout[] }).items.find((r) => r.idempotency_key === key);
  if (!found) throw new Error(`no register row for ${key}`);
  return found;
}

/** A row whose send got no answer and made nothing upstream: uncertain, waiting to be resolved. */
async function unansweredRow(key: string, amount: number): Promise<void> {
  await bff.harness.sandbox.addFault({ kind: "error503", method: "POST", path: "/v1/payouts", count: 20 });
  const result = await createPayout(key, amount);
  expect(result.status, result.text).toBe(504);
  await bff.harness.sandbox.clearFaults();
  expect((await bff.harness.sandbox.payouts()).filter((p) => p.idempotency_key === key)).toHaveLength(0);
  expect((await row(key)).state).toBe("uncertain");
}

/** A payout made with the API directly (not through the dashboard): nothing in the register has its id. */
async function payoutMadeElsewhere(amount: number, pixKey: string): Promise<string> {
  const response = await fetch(`${bff.harness.sandbox.url}/v1/payouts`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": ACME.apiKey },
    body: JSON.stringify({
      amount_centavos: amount,
      pix_key_type: "email",
      pix_key: pixKey,
      idempotency_key: randomUUID(),
    }),
  });
  const body = (await response.json()) as { data: { id: string } };
  expect(response.status).toBe(200);
  return body.data.id;
}

describe("mark handled with a payout id", () => {
  it("refuses a payout of the same amount and key type that went to another key: 422 naming the key, the row untouched", async () => {
    const key = newKey("attach-other-key");
    await unansweredRow(key, 7_701);
    const otherKeys = await payoutMadeElsewhere(7_701, "bruno@example.com");

    const refused = await attach(key, otherKeys);
    expect(refused.status, refused.text).toBe(422);
    expect(refused.json.error?.code).toBe("payout_mismatch");
    expect(refused.json.error?.fields?.payout_id).toBe("validation.payoutMismatchKey");
    expect(refused.json.error?.details).toMatchObject({ mismatch: ["key"] });
    expect(await row(key)).toMatchObject({ state: "uncertain", id: null });
  });

  it("refuses a payout to the same key and amount created before this payout was sent (an earlier payment)", async () => {
    const earlier = await payoutMadeElsewhere(7_702, ANA);
    // Later than the allowed clock difference between the dashboard and the API.
    await bff.harness.clock.skip(5 * 60_000);
    const key = newKey("attach-earlier");
    await unansweredRow(key, 7_702);

    const refused = await attach(key, earlier);
    expect(refused.status, refused.text).toBe(422);
    expect(refused.json.error?.code).toBe("payout_mismatch");
    expect(refused.json.error?.fields?.payout_id).toBe("validation.payoutCreatedBeforeSend");
    expect(refused.json.error?.details).toMatchObject({ mismatch: ["created_before_send"] });
    expect(await row(key)).toMatchObject({ state: "uncertain", id: null });
  });

  it("names every part that differs, the first one next to the field", async () => {
    const key = newKey("attach-all-differ");
    await unansweredRow(key, 7_703);
    const other = await payoutMadeElsewhere(9_703, "carla@example.com");
    const refused = await attach(key, other);
    expect(refused.status).toBe(422);
    expect(refused.json.error?.fields?.payout_id).toBe("validation.payoutMismatchAmount");
    expect(refused.json.error?.details).toMatchObject({ mismatch: ["amount", "key"] });
  });

  it("attaches a payout that can be this row's (same amount, type and key, made after the send)", async () => {
    const key = newKey("attach-ok");
    await unansweredRow(key, 7_704);
    const found = await payoutMadeElsewhere(7_704, "Ana@Example.com");
    const attached = await attach(key, found);
    expect(attached.status, attached.text).toBe(200);
    expect(attached.json.data).toMatchObject({ state: "submitted", id: found });
  });

  // On PGlite the lookup-then-write of one request runs without a pause, so it is on PostgreSQL
  // (TEST_DATABASE_URL) that both checks pass before either write, and only the unique index decides.
  it("two attaches of one payout id to two rows at once: one is recorded, the other gets 409, never both", async () => {
    const first = newKey("attach-race-a");
    const second = newKey("attach-race-b");
    await unansweredRow(first, 7_705);
    await unansweredRow(second, 7_705);
    const found = await payoutMadeElsewhere(7_705, ANA);
    // Both look the payout up, and the API answers both at the same moment: both pass the checks before either writes.
    const clock = bff.harness.clock;
    const asked = clock.requested.length;
    await bff.harness.sandbox.addFault({
      kind: "latency",
      method: "GET",
      path: "/v1/payouts/",
      ms: LOOKUP_DELAY_MS,
      count: 2,
    });
    const racing = Promise.all([attach(first, found), attach(second, found)]);
    while (clock.requested.slice(asked).filter((ms) => ms === LOOKUP_DELAY_MS).length < 2)
      await clock.asked(clock.requested.length + 1);
    await clock.skip(LOOKUP_DELAY_MS);

    const results = await racing;
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const conflict = results.find((r) => r.status === 409);
    expect(conflict?.json.error?.code).toBe("payout_already_recorded");
    expect(conflict?.json.error?.fields?.payout_id).toBe("validation.payoutAlreadyRecorded");
    const rows = [await row(first), await row(second)];
    expect(rows.filter((r) => r.id === found)).toHaveLength(1);
    expect(rows.map((r) => r.state).sort()).toEqual(["submitted", "uncertain"]);
  });

  it("a payout a person attached to one row that the API then gives another row's own send: that row waits for a person, no second row gets the id", async () => {
    const attachedTo = newKey("attach-shared-a");
    await unansweredRow(attachedTo, 7_706);
    const owner = newKey("attach-shared-b");
    await bff.harness.sandbox.addFault({ kind: "commit_then_drop", method: "POST", path: "/v1/payouts", count: 20 });
    expect((await createPayout(owner, 7_706)).status).toBe(504);
    await bff.harness.sandbox.clearFaults();
    const [made] = (await bff.harness.sandbox.payouts()).filter((p) => p.idempotency_key === owner);
    if (!made) throw new Error("the owner's payout was not made");
    // Same amount, type and key, made after the first row's send: nothing tells it apart, so it is attached.
    expect((await attach(attachedTo, made.id)).status).toBe(200);

    const again = await createPayout(owner, 7_706);
    expect(again.status, again.text).toBe(504);
    expect(again.json.error?.code).toBe("payout_outcome_unknown");
    expect(again.json.error?.details).toMatchObject({
      state: "needs_review",
      review_reason: "shared_payout_id",
      cause: "payout_already_recorded",
    });
    expect(await row(owner)).toMatchObject({ state: "needs_review", id: null, review: { reason: "shared_payout_id" } });
    expect(await row(attachedTo)).toMatchObject({ state: "submitted", id: made.id });
  });
});

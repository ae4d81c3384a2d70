import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import * as payout from "@/app/api/payouts/[id]/route";
import * as payouts from "@/app/api/payouts/route";
import * as session from "@/app/api/session/route";
import { reconcilePayouts } from "@/lib/server/services/payouts/reconciler";
import { getLedger } from "@/lib/server/ledger";
import { workspaceCredentials } from "@/lib/server/ledger/schema-workspace";
import { resetSessionConfigForTests } from "@/lib/server/session/config";
import type { ActivityEntry } from "@/lib/shared/schemas/activity";
import type { RegisterPayout } from "@/lib/shared/schemas/register";
import {
  ACME,
  betaOperatorBody,
  call,
  countUpstream,
  DEMO_NAMES,
  newKey,
  signIn,
  storeWorkspaceApiKey,
  supportBody,
  TEST_SECRET,
  type CallResult,
} from "../helpers/bff";
import { activityReader } from "../helpers/activity-reader";
import { setUpBffHarness } from "../helpers/bff-suite";

const bff = setUpBffHarness();

const POST_PAYOUTS = "POST /v1/payouts";

interface PayoutBody {
  amount_centavos: number;
  pix_key_type: string;
  pix_key: string;
}

const emailPayout = (amount = 12345): PayoutBody => ({
  amount_centavos: amount,
  pix_key_type: "email",
  pix_key: "Joao@Example.com",
});

function createPayout(key: string, body: PayoutBody): Promise<CallResult> {
  return call(payouts.POST, "/api/payouts", { method: "POST", cookie: bff.cookie, idempotencyKey: key, body });
}

function lookUp(id: string, withCookie = bff.cookie): Promise<CallResult> {
  return call(payout.GET, `/api/payouts/${id}`, { cookie: withCookie, params: { id } });
}

async function registerRows(key: string): Promise<RegisterPayout[]> {
  const result = await call(payouts.GET, "/api/payouts?limit=500", { cookie: bff.cookie });
  expect(result.status).toBe(200);
  return (result.json.data as { items: RegisterPayout[] }).items.filter((p) => p.idempotency_key === key);
}

async function registerRow(key: string): Promise<RegisterPayout> {
  const rows = await registerRows(key);
  expect(rows).toHaveLength(1);
  const [row] = rows;
  if (!row) throw new Error("no register row");
  return row;
}

async function upstreamPayouts(key: string) {
  return (await bff.harness.sandbox.payouts()).filter((p) => p.idempotency_key === key);
}

const readActivity = activityReader();

async function activityFor(key: string): Promise<ActivityEntry[]> {
  return (await readActivity("?limit=1000")).filter((e) => e.idempotency_key === key);
}

describe("POST /api/payouts", () => {
  it("creates a payout: 201 with the register row (submitted, pending, integer fee and net, masked key)", async () => {
    const key = newKey("create");
    const result = await createPayout(key, emailPayout(12345));
    expect(result.status, result.text).toBe(201);
    expect(result.json.request_id).toMatch(/^req_/);
    const data = result.json.data as RegisterPayout;
    expect(data).toMatchObject({
      idempotency_key: key,
      state: "submitted",
      status: "pending",
      amount_centavos: 12345,
      fee_centavos: 123,
      net_centavos: 12222,
      pix_key_type: "email",
      pix_key_masked: "j***@example.com",
      created_by: { name: DEMO_NAMES.operator, role: "operator" },
      last_error: null,
    });
    expect(data.id).toMatch(/^po_/);
    expect(Number.isInteger(data.fee_centavos)).toBe(true);
    expect(Number.isInteger(data.net_centavos)).toBe(true);
    expect(result.text.toLowerCase()).not.toContain("joao@example.com");

    const upstream = await upstreamPayouts(key);
    expect(upstream).toHaveLength(1);
    expect(upstream[0]).toMatchObject({
      id: data.id,
      business_id: ACME.businessId,
      amount_centavos: 12345,
      pix_key: "joao@example.com",
    });
    expect(await registerRow(key)).toMatchObject({ id: data.id, state: "submitted" });
  });

  it("never returns a document key in full", async () => {
    const key = newKey("cpf");
    const result = await createPayout(key, { amount_centavos: 8990, pix_key_type: "cpf", pix_key: "123.456.789-09" });
    expect(result.status, result.text).toBe(201);
    expect((result.json.data as RegisterPayout).pix_key_masked).toBe("***.456.789-**");
    expect(result.text).not.toContain("12345678909");
    expect(result.text).not.toContain("123.456.789-09");
  });

  it("the same key and body twice: the same payout, one upstream payout, one register row", async () => {
    const key = newKey("twice");
    const first = await createPayout(key, emailPayout(5000));
    expect(first.status).toBe(201);
    const { result: second, byRoute } = await countUpstream(bff.harness.sandbox, () =>
      createPayout(key, emailPayout(5000)),
    );
    expect(second.status).toBe(200);
    expect((second.json.data as RegisterPayout).id).toBe((first.json.data as RegisterPayout).id);
    // An answered intent is served from the register.
    expect(byRoute[POST_PAYOUTS] ?? 0).toBe(0);
    expect(await upstreamPayouts(key)).toHaveLength(1);
    await registerRow(key);
  });

  it("a concurrent double (triple) click: one upstream payout, one row, one 201", async () => {
    const key = newKey("race");
    const results = await Promise.all([
      createPayout(key, emailPayout(7000)),
      createPayout(key, emailPayout(7000)),
      createPayout(key, emailPayout(7000)),
    ]);
    for (const r of results) expect([200, 201], r.text).toContain(r.status);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const ids = new Set(results.map((r) => (r.json.data as RegisterPayout).id));
    expect(ids.size).toBe(1);
    expect(await upstreamPayouts(key)).toHaveLength(1);
    expect(await registerRow(key)).toMatchObject({ state: "submitted" });
  });

  it("the same key with a different amount or destination → 409 idempotency_conflict, nothing sent", async () => {
    const key = newKey("conflict");
    expect((await createPayout(key, emailPayout(3000))).status).toBe(201);
    for (const body of [
      emailPayout(3001),
      { ...emailPayout(3000), pix_key: "outra@example.com" },
      { amount_centavos: 3000, pix_key_type: "cpf", pix_key: "12345678909" },
    ]) {
      const { result, requests } = await countUpstream(bff.harness.sandbox, () => createPayout(key, body));
      expect(result.status).toBe(409);
      expect(result.json.error?.code).toBe("idempotency_conflict");
      expect(requests).toBe(0);
    }
    expect(await upstreamPayouts(key)).toHaveLength(1);
    expect(await registerRow(key)).toMatchObject({ amount_centavos: 3000, state: "submitted" });
  });

  it("an upstream 422 (amount not above the fee) → 422 with the API's code, message and fields; the row is rejected", async () => {
    const key = newKey("reject");
    const result = await createPayout(key, emailPayout(50));
    expect(result.status).toBe(422);
    expect(result.json.error?.code).toBe("validation_error");
    expect(result.json.error?.message).toBeTruthy();
    // The API's own English text, passed on (not a dashboard translation key).
    expect(result.json.error?.fields?.amount_centavos).toMatch(/fee/);
    expect(result.json.error?.fields?.amount_centavos).not.toMatch(/^validation\./);
    expect(result.json.request_id).toMatch(/^req_/);
    expect(await registerRow(key)).toMatchObject({
      state: "rejected",
      id: null,
      last_error: { code: "validation_error" },
    });
    expect(await upstreamPayouts(key)).toHaveLength(0);

    // The API does not use up a key on a 4xx, so retrying the rejected key sends it again
    // (the API decides), and the register still holds one row for it.
    const { result: again, requests } = await countUpstream(bff.harness.sandbox, () =>
      createPayout(key, emailPayout(50)),
    );
    expect(again.status).toBe(422);
    expect(requests).toBe(1);
    expect(await registerRow(key)).toMatchObject({ state: "rejected", id: null });
    expect(await upstreamPayouts(key)).toHaveLength(0);
  });

  it("upstream timeouts → 504 payout_outcome_unknown (row uncertain); the same key later completes it once", async () => {
    const key = newKey("timeout");
    await bff.harness.sandbox.addFault({ kind: "hang", method: "POST", path: "/v1/payouts", count: 10 });
    const lost = await createPayout(key, emailPayout(4200));
    expect(lost.status, lost.text).toBe(504);
    expect(lost.json.error?.code).toBe("payout_outcome_unknown");
    expect(lost.json.error?.details?.idempotency_key).toBe(key);
    expect(await registerRow(key)).toMatchObject({ state: "uncertain", id: null });

    await bff.harness.sandbox.clearFaults();
    const checked = await createPayout(key, emailPayout(4200));
    expect([200, 201]).toContain(checked.status);
    expect(checked.json.data).toMatchObject({ idempotency_key: key, state: "submitted", status: "pending" });
    const upstream = await upstreamPayouts(key);
    expect(upstream).toHaveLength(1);
    expect(upstream[0]?.id).toBe((checked.json.data as RegisterPayout).id);
    expect(await registerRow(key)).toMatchObject({ state: "submitted", id: upstream[0]?.id });
  });

  it("commit_then_drop once: the client retries, the replay completes it, one payout", async () => {
    const key = newKey("drop");
    await bff.harness.sandbox.addFault({ kind: "commit_then_drop", method: "POST", path: "/v1/payouts", count: 1 });
    const { result, byRoute } = await countUpstream(bff.harness.sandbox, () => createPayout(key, emailPayout(6100)));
    expect(result.status, result.text).toBe(201);
    expect(byRoute[POST_PAYOUTS]).toBe(2);
    const upstream = await upstreamPayouts(key);
    expect(upstream).toHaveLength(1);
    expect((result.json.data as RegisterPayout).id).toBe(upstream[0]?.id);
    await registerRow(key);
  });
});

describe("POST /api/payouts when the answer is lost every time", () => {
  it("committed upstream but every reply dropped → 504 uncertain; checking again finds the one payout", async () => {
    const key = newKey("alldrop");
    await bff.harness.sandbox.addFault({ kind: "commit_then_drop", method: "POST", path: "/v1/payouts", count: 10 });
    const lost = await createPayout(key, emailPayout(7700));
    expect(lost.status, lost.text).toBe(504);
    expect(lost.json.error?.code).toBe("payout_outcome_unknown");
    expect(lost.json.error?.details?.idempotency_key).toBe(key);
    // It does exist upstream, once, however many times it was sent.
    const upstream = await upstreamPayouts(key);
    expect(upstream).toHaveLength(1);
    expect(await registerRow(key)).toMatchObject({ state: "uncertain", id: null });

    await bff.harness.sandbox.clearFaults();
    const checked = await createPayout(key, emailPayout(7700));
    expect(checked.status).toBe(200);
    expect((checked.json.data as RegisterPayout).id).toBe(upstream[0]?.id);
    expect(await upstreamPayouts(key)).toHaveLength(1);
  });

  it("an idempotency key is scoped to the business: Beta's operator reusing Acme's key makes Beta's own payout", async () => {
    const key = newKey("shared");
    expect((await createPayout(key, emailPayout(5100))).status).toBe(201);
    const beta = await signIn(session.POST, betaOperatorBody);
    const result = await call(payouts.POST, "/api/payouts", {
      method: "POST",
      cookie: beta,
      idempotencyKey: key,
      body: emailPayout(9999),
    });
    expect(result.status, result.text).toBe(201);
    const upstream = await upstreamPayouts(key);
    expect(upstream).toHaveLength(2);
    expect(new Set(upstream.map((p) => p.business_id)).size).toBe(2);
    expect(await registerRow(key)).toMatchObject({ amount_centavos: 5100 });
  });
});

describe("GET /api/payouts (the register)", () => {
  it("filters by status and searches by idempotency key", async () => {
    const okKey = newKey("filter-ok");
    const rejectedKey = newKey("filter-rejected");
    expect((await createPayout(okKey, emailPayout(2222))).status).toBe(201);
    expect((await createPayout(rejectedKey, emailPayout(10))).status).toBe(422);

    const search = await call(payouts.GET, `/api/payouts?search=${okKey}`, { cookie: bff.cookie });
    expect((search.json.data as { items: RegisterPayout[] }).items.map((p) => p.idempotency_key)).toEqual([okKey]);

    const pending = await call(payouts.GET, "/api/payouts?status=pending&limit=500", { cookie: bff.cookie });
    const items = (pending.json.data as { items: RegisterPayout[] }).items;
    expect(items.every((p) => p.status === "pending")).toBe(true);
    expect(items.some((p) => p.idempotency_key === rejectedKey)).toBe(false);
  });

  it("pages with next_cursor, newest first", async () => {
    const keys = [newKey("page-1"), newKey("page-2"), newKey("page-3")];
    for (const key of keys) expect((await createPayout(key, emailPayout(1111))).status).toBe(201);
    const first = await call(payouts.GET, "/api/payouts?limit=2", { cookie: bff.cookie });
    const page1 = first.json.data as { items: RegisterPayout[]; next_cursor: string | null };
    expect(page1.items.map((p) => p.idempotency_key)).toEqual([keys[2], keys[1]]);
    expect(page1.next_cursor).not.toBeNull();
    const second = await call(payouts.GET, `/api/payouts?limit=2&cursor=${page1.next_cursor ?? ""}`, {
      cookie: bff.cookie,
    });
    expect((second.json.data as { items: RegisterPayout[] }).items[0]?.idempotency_key).toBe(keys[0]);
  });
});

describe("GET /api/payouts/{id}", () => {
  it("returns integers and the register row; after settlement, paid in the lookup and the register", async () => {
    const key = newKey("lookup");
    const created = await createPayout(key, emailPayout(20000));
    expect(created.status).toBe(201);
    const id = (created.json.data as RegisterPayout).id ?? "";

    const first = await lookUp(id);
    expect(first.status).toBe(200);
    expect(first.json.request_id).toMatch(/^req_/);
    const data = first.json.data as Record<string, unknown> & {
      register: RegisterPayout | null;
      bank_account: Record<string, unknown>;
    };
    expect(data).toMatchObject({ id, amount_centavos: 20000, fee_centavos: 200, net_centavos: 19800 });
    for (const field of ["amount_centavos", "fee_centavos", "net_centavos"])
      expect(Number.isInteger(data[field]), field).toBe(true);
    expect(data.bank_account).toMatchObject({ pix_key_type: "email" });
    expect(String(data.bank_account.pix_key_masked)).not.toContain("joao@example.com");
    expect(data.register).toMatchObject({ id, idempotency_key: key, state: "submitted" });

    await bff.harness.clock.skip(300); // the sandbox settles payouts after 300 ms
    const settled = await lookUp(id);
    expect(settled.json.data).toMatchObject({ id, status: "paid", register: { status: "paid" } });
    expect((settled.json.data as { paid_at: unknown }).paid_at).toEqual(expect.any(String));
    expect(await registerRow(key)).toMatchObject({ status: "paid" });
  });

  it("the register list refreshes a pending payout's status by itself", async () => {
    const key = newKey("refresh");
    expect((await createPayout(key, emailPayout(3300))).status).toBe(201);
    expect((await registerRow(key)).status).toBe("pending");
    await bff.harness.clock.skip(3_001); // past settlement and the register's minimum refresh age (3 s)
    expect((await registerRow(key)).status).toBe("paid");
  });

  it("support (read-only) sees the payout and, as a role that may read the register, its register row", async () => {
    const key = newKey("support");
    const created = await createPayout(key, emailPayout(4400));
    const id = (created.json.data as RegisterPayout).id ?? "";
    const support = await signIn(session.POST, supportBody);
    const result = await lookUp(id, support);
    expect(result.status).toBe(200);
    expect(result.json.data).toMatchObject({
      id,
      register: { id, idempotency_key: key, created_by: { name: DEMO_NAMES.operator, role: "operator" } },
    });
  });

  it("another business's payout (Beta's po_beta_1) → 404 with the API's code", async () => {
    const result = await lookUp("po_beta_1");
    expect(result.status).toBe(404);
    expect(result.json.error?.code).toBe("not_found");
    expect(result.json.request_id).toMatch(/^req_/);
    expect(result.text).not.toContain("Beta");
  });
});

describe("the reconciler", () => {
  afterAll(() => {
    process.env.SESSION_SECRET = TEST_SECRET;
    resetSessionConfigForTests();
  });

  it("completes an uncertain payout with exactly one upstream payout", async () => {
    const key = newKey("reconcile");
    await bff.harness.sandbox.addFault({ kind: "error503", method: "POST", path: "/v1/payouts" });
    const lost = await createPayout(key, emailPayout(8800));
    expect(lost.status).toBe(504);
    expect(lost.json.error?.code).toBe("payout_outcome_unknown");
    expect(await registerRow(key)).toMatchObject({ state: "uncertain" });
    expect(await upstreamPayouts(key)).toHaveLength(0);

    await bff.harness.sandbox.clearFaults();
    const summary = await reconcilePayouts(await getLedger(), { olderThanMs: 0 });
    expect(summary.submitted).toBeGreaterThanOrEqual(1);
    const upstream = await upstreamPayouts(key);
    expect(upstream).toHaveLength(1);
    expect(await registerRow(key)).toMatchObject({ state: "submitted", id: upstream[0]?.id, status: "pending" });

    // Nothing left to do, and the operator's "check again" now gets the same payout without a call.
    expect((await reconcilePayouts(await getLedger(), { olderThanMs: 0 })).examined).toBe(0);
    const { result: again, requests } = await countUpstream(bff.harness.sandbox, () =>
      createPayout(key, emailPayout(8800)),
    );
    expect(again.status).toBe(200);
    expect((again.json.data as RegisterPayout).id).toBe(upstream[0]?.id);
    expect(requests).toBe(0);
    expect(await upstreamPayouts(key)).toHaveLength(1);

    const audit = await activityFor(key);
    expect(
      audit.some((e) => e.action === "payout.reconcile" && e.outcome === "success" && e.actor.name === "reconciler"),
    ).toBe(true);
  });

  it("a payout with no credential for its business (no workspace key, no seal) waits for a person (needs review), not sent", async () => {
    const key = newKey("sealed");
    await bff.harness.sandbox.addFault({ kind: "error503", method: "POST", path: "/v1/payouts" });
    expect((await createPayout(key, emailPayout(9100))).status).toBe(504);
    await bff.harness.sandbox.clearFaults();
    await (
      await getLedger()
    ).db
      .delete(workspaceCredentials)
      .where(eq(workspaceCredentials.businessId, ACME.businessId));

    process.env.SESSION_SECRET = "an-entirely-different-secret-0123456789-xyz";
    resetSessionConfigForTests();
    const summary = await reconcilePayouts(await getLedger(), { olderThanMs: 0 });
    process.env.SESSION_SECRET = TEST_SECRET;
    resetSessionConfigForTests();
    await storeWorkspaceApiKey(ACME.businessId, ACME.apiKey);

    expect(summary.toReview).toBeGreaterThanOrEqual(1);
    expect(await upstreamPayouts(key)).toHaveLength(0);
    const row = await registerRow(key);
    expect(row).toMatchObject({ state: "needs_review", review: { reason: "credential_unavailable" } });
    // The request id of the last attempt is kept for whoever reviews it.
    expect(row.last_request_id).toMatch(/^req_/);
  });
});

describe("audit", () => {
  it("records payout creation: success, failure and pending, with actor, key and request id", async () => {
    const okKey = newKey("audit-ok");
    const created = await createPayout(okKey, emailPayout(10000));
    expect(created.status).toBe(201);
    const rejectedKey = newKey("audit-rejected");
    expect((await createPayout(rejectedKey, emailPayout(40))).status).toBe(422);
    const pendingKey = newKey("audit-pending");
    await bff.harness.sandbox.addFault({ kind: "error503", method: "POST", path: "/v1/payouts" });
    expect((await createPayout(pendingKey, emailPayout(10000))).status).toBe(504);
    await bff.harness.sandbox.clearFaults();

    const [ok] = await activityFor(okKey);
    expect(ok).toMatchObject({
      action: "payout.create",
      outcome: "success",
      actor: { name: DEMO_NAMES.operator, role: "operator" },
      target_type: "payout",
      target_id: (created.json.data as RegisterPayout).id,
      request_id: created.json.request_id,
      error: null,
    });
    expect(JSON.stringify(ok?.after)).not.toContain("joao@example.com");

    const [rejected] = await activityFor(rejectedKey);
    expect(rejected).toMatchObject({
      action: "payout.create",
      outcome: "failure",
      error: { code: "validation_error" },
    });
    expect(rejected?.request_id).toMatch(/^req_/);

    const [pending] = await activityFor(pendingKey);
    expect(pending).toMatchObject({
      action: "payout.create",
      outcome: "pending",
      actor: { name: DEMO_NAMES.operator, role: "operator" },
    });
    expect(pending?.error?.code).toBeTruthy();
  });
});

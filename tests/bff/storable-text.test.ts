/**
 * Text the ledger (PostgreSQL) cannot store — NUL, lone UTF-16 surrogates — is
 * refused by the shared schemas with a 422 and a field message before anything
 * is sent upstream: never an API change the ledger then fails to record (500).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as activity from "@/app/api/activity/route";
import * as paymentLinks from "@/app/api/payment-links/route";
import * as payoutReview from "@/app/api/payouts/review/route";
import * as payouts from "@/app/api/payouts/route";
import * as session from "@/app/api/session/route";
import * as subaccount from "@/app/api/subaccounts/[id]/route";
import { getLedger, listAudit, listKnownSubaccounts } from "@/lib/server/ledger";
import {
  ACME,
  call,
  countUpstream,
  financeBody,
  newKey,
  operatorBody,
  signIn,
  startBffHarness,
  type BffHarness,
  type CallResult,
} from "../helpers/bff";

let harness: BffHarness;
let cookie = "";
/** Finance reads the activity log (the operator may not). */
let financeCookie = "";
beforeAll(async () => {
  harness = await startBffHarness();
  cookie = await signIn(session.POST, operatorBody);
  financeCookie = await signIn(session.POST, financeBody);
});
afterAll(async () => {
  await harness.close();
});

const UNSTORABLE = "validation.unstorableText";
const NUL = "\u0000";
const LONE_SURROGATE = "\ud800";

/** Sends `send()`, expects a 422 naming `field` as unstorable, and that nothing reached the API. */
async function expectRefused(field: string, send: () => Promise<CallResult>) {
  const { result, requests } = await countUpstream(harness.sandbox, send);
  expect(result.status, result.text).toBe(422);
  expect(result.json.error?.code).toBe("validation_error");
  expect(result.json.error?.fields?.[field]).toBe(UNSTORABLE);
  expect(requests).toBe(0);
}

const patch = (body: Record<string, unknown>) =>
  call(subaccount.PATCH, "/api/subaccounts/sa_demo_1", {
    method: "PATCH",
    cookie,
    idempotencyKey: newKey("patch"),
    params: { id: "sa_demo_1" },
    body,
  });

describe("subaccount updates", () => {
  it.each([
    ["name", { name: `Loja${NUL}Centro` }],
    ["name", { name: `Loja ${LONE_SURROGATE}` }],
    ["email", { email: `loja${NUL}@acme.example.com` }],
    ["email", { email: `loja${LONE_SURROGATE}@acme.example.com` }],
    ["document", { document: `737.608.868-76${NUL}` }],
    ["name", { name: `Loja${NUL}`, daily_limit_centavos: 700_000 }],
  ])("%s with an unstorable character → 422, no upstream call, nothing recorded", async (field, body) => {
    await expectRefused(field, () => patch(body));
    const ledger = await getLedger();
    expect(await listKnownSubaccounts(ledger, ACME.businessId)).toEqual([]);
    expect((await listAudit(ledger, ACME.businessId, { action: "subaccount.update" })).items).toEqual([]);
  });

  it("the same update without the NUL goes through (the refusal is about the character only)", async () => {
    const result = await patch({ name: "Loja Centro", daily_limit_centavos: 700_000 });
    expect(result.status, result.text).toBe(200);
    expect(result.json.data).toMatchObject({ name: "Loja Centro", daily_limit_centavos: 700_000 });
  });
});

describe("other text fields the BFF accepts", () => {
  const link = { name: "Curso", slug: `curso-${Date.now().toString(36)}`, amount_centavos: 1000 };
  it.each([
    ["name", { ...link, name: `Curso${NUL}` }],
    ["description", { ...link, description: `Aula ${NUL}1` }],
    ["slug", { ...link, slug: `curso${NUL}` }],
  ])("payment link %s → 422, no upstream call", async (field, body) => {
    await expectRefused(field, () =>
      call(paymentLinks.POST, "/api/payment-links", { method: "POST", cookie, idempotencyKey: newKey("link"), body }),
    );
  });

  it("payout Pix key → 422, no upstream call, no register row", async () => {
    const body = { amount_centavos: 1500, pix_key_type: "email", pix_key: `maria${NUL}@example.com` };
    await expectRefused("pix_key", () =>
      call(payouts.POST, "/api/payouts", { method: "POST", cookie, idempotencyKey: newKey("payout"), body }),
    );
    const register = await call(payouts.GET, "/api/payouts", { cookie });
    expect((register.json.data as { items: unknown[] }).items).toEqual([]);
  });

  it.each([
    ["note", { action: "mark_handled", idempotency_key: "some-key-0001", note: `checked${NUL} with the bank` }],
    [
      "payout_id",
      {
        action: "mark_handled",
        idempotency_key: "some-key-0001",
        note: "checked with the bank",
        payout_id: `po_${NUL}`,
      },
    ],
    ["idempotency_key", { action: "check_again", idempotency_key: `key${NUL}0001` }],
  ])("payout review %s → 422, no upstream call", async (field, body) => {
    await expectRefused(field, () => call(payoutReview.POST, "/api/payouts/review", { method: "POST", cookie, body }));
  });

  it.each([
    ["email", { ...operatorBody, email: `operator${NUL}@acme.example` }],
    ["email", { ...financeBody, email: `finance${LONE_SURROGATE}@acme.example` }],
  ])("sign-in %s → 422, no upstream call, no audit entry", async (field, body) => {
    const before = await listAudit(await getLedger(), ACME.businessId, {});
    await expectRefused(field, () => call(session.POST, "/api/session", { method: "POST", body }));
    const after = await listAudit(await getLedger(), ACME.businessId, {});
    expect(after.items[0]?.id).toBe(before.items[0]?.id);
  });

  it.each([
    ["actor", `?actor=Olivia%00`],
    ["target_id", `?target_id=sa%00`],
  ])("activity filter %s → 422 (not a failed ledger query)", async (field, query) => {
    await expectRefused(field, () => call(activity.GET, `/api/activity${query}`, { cookie: financeCookie }));
  });

  it("register search → 422 (not a failed ledger query)", async () => {
    await expectRefused("search", () => call(payouts.GET, "/api/payouts?search=abc%00", { cookie }));
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as activity from "@/app/api/activity/route";
import * as paymentLinks from "@/app/api/payment-links/route";
import * as payout from "@/app/api/payouts/[id]/route";
import * as payouts from "@/app/api/payouts/route";
import * as session from "@/app/api/session/route";
import * as subaccountBlocked from "@/app/api/subaccounts/[id]/blocked/route";
import * as subaccount from "@/app/api/subaccounts/[id]/route";
import {
  call,
  countUpstream,
  DEMO_PASSWORD,
  financeBody,
  newKey,
  operatorBody,
  signIn,
  startBffHarness,
  type BffHarness,
  type CallOptions,
  type CallResult,
} from "../helpers/bff";
import type { RouteHandler } from "./routes";

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

const FUTURE = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
const PAST = new Date(Date.now() - 3600 * 1000).toISOString();

/** Calls with the operator's cookie and asserts that nothing reached the payments API. */
async function callWithoutUpstream(handler: RouteHandler, path: string, options: CallOptions): Promise<CallResult> {
  const { result, requests } = await countUpstream(harness.sandbox, () => call(handler, path, { cookie, ...options }));
  expect(requests, "upstream requests").toBe(0);
  return result;
}

function expectFields(result: CallResult, fields: string[]): void {
  expect(result.status, result.text).toBe(422);
  expect(result.json.error?.code).toBe("validation_error");
  // No upstream call: the id is the BFF's own.
  expect(result.json.request_id).toMatch(/^bff_[0-9a-f]{20}$/);
  const got = result.json.error?.fields ?? {};
  for (const field of fields) {
    expect(got[field], `fields.${field}`).toMatch(/^validation\./);
  }
}

describe("POST /api/payouts", () => {
  const valid = { amount_centavos: 1000, pix_key_type: "email", pix_key: "fornecedor@example.com" };
  const post = (body: unknown, key = newKey("val")) =>
    callWithoutUpstream(payouts.POST, "/api/payouts", { method: "POST", idempotencyKey: key, body });

  it.each([
    ["amount missing", { pix_key_type: "email", pix_key: "a@example.com" }, ["amount_centavos"]],
    ["amount 0", { ...valid, amount_centavos: 0 }, ["amount_centavos"]],
    ["amount negative", { ...valid, amount_centavos: -500 }, ["amount_centavos"]],
    ["amount 1.5", { ...valid, amount_centavos: 1.5 }, ["amount_centavos"]],
    ["amount as a string", { ...valid, amount_centavos: "1000" }, ["amount_centavos"]],
    ["amount beyond a safe integer", { ...valid, amount_centavos: 2 ** 60 }, ["amount_centavos"]],
    ["CPF key with wrong check digits", { ...valid, pix_key_type: "cpf", pix_key: "123.456.789-00" }, ["pix_key"]],
    ["e-mail key that is not an e-mail", { ...valid, pix_key_type: "email", pix_key: "not-an-email" }, ["pix_key"]],
    ["phone key too short", { ...valid, pix_key_type: "phone", pix_key: "+55 11 9876" }, ["pix_key"]],
    ["EVP key that is not a UUID", { ...valid, pix_key_type: "evp", pix_key: "not-a-uuid" }, ["pix_key"]],
    ["unknown key type", { ...valid, pix_key_type: "iban" }, ["pix_key_type"]],
    ["empty key", { ...valid, pix_key: "" }, ["pix_key"]],
    [
      "everything wrong at once",
      { amount_centavos: 0, pix_key_type: "iban", pix_key: "" },
      ["amount_centavos", "pix_key_type", "pix_key"],
    ],
  ])("%s → 422 with the field, nothing sent", async (_label, body, fields) => {
    const key = newKey("val");
    expectFields(await post(body, key), fields);
    // Nothing was recorded in the register either.
    const register = await call(payouts.GET, "/api/payouts", { cookie });
    expect(
      (register.json.data as { items: Array<{ idempotency_key: string }> }).items.some(
        (p) => p.idempotency_key === key,
      ),
    ).toBe(false);
  });

  it("a non-object body → 422", async () => {
    expect((await post([1, 2, 3])).status).toBe(422);
    expect((await post("1000")).status).toBe(422);
  });
});

describe("POST /api/payment-links", () => {
  const valid = { name: "Curso de Pix", slug: "curso-de-pix", amount_centavos: 9900 };
  const post = (body: unknown) =>
    callWithoutUpstream(paymentLinks.POST, "/api/payment-links", {
      method: "POST",
      idempotencyKey: newKey("val"),
      body,
    });

  it.each([
    ["name missing", { slug: "sem-nome", amount_centavos: 100 }, ["name"]],
    ["name blank", { ...valid, name: "   " }, ["name"]],
    ["slug with spaces and capitals", { ...valid, slug: "Bad Slug!" }, ["slug"]],
    ["slug too short", { ...valid, slug: "ab" }, ["slug"]],
    ["slug with a double hyphen", { ...valid, slug: "a--b" }, ["slug"]],
    ["no amount at all", { name: "Sem valor", slug: "sem-valor" }, ["amount_centavos"]],
    [
      "minimum above the amount",
      { ...valid, amount_centavos: 1000, min_amount_centavos: 2000 },
      ["min_amount_centavos"],
    ],
    ["expiry in the past", { ...valid, expires_at: PAST }, ["expires_at"]],
    ["expiry that is not a date", { ...valid, expires_at: "next tuesday" }, ["expires_at"]],
    ["max_sales 0", { ...valid, max_sales: 0 }, ["max_sales"]],
  ])("%s → 422 with the field, nothing sent", async (_label, body, fields) => {
    expectFields(await post(body), fields);
  });

  it("a valid link with a future expiry is accepted (the cases above differ only in the bad field)", async () => {
    const result = await call(paymentLinks.POST, "/api/payment-links", {
      method: "POST",
      cookie,
      idempotencyKey: newKey("val"),
      body: { ...valid, slug: `valido-${Date.now().toString(36)}`, expires_at: FUTURE },
    });
    expect(result.status, result.text).toBe(201);
  });
});

describe("PATCH /api/subaccounts/{id}", () => {
  const patch = (body: unknown) =>
    callWithoutUpstream(subaccount.PATCH, "/api/subaccounts/sa_demo_1", {
      method: "PATCH",
      idempotencyKey: newKey("val"),
      params: { id: "sa_demo_1" },
      body,
    });

  it.each([
    ["empty body", {}, ["_form"]],
    ["only unknown fields", { colour: "blue" }, ["_form"]],
    ["bad document", { document: "123.456.789-00" }, ["document"]],
    ["bad e-mail", { email: "loja@" }, ["email"]],
    ["blank name", { name: "" }, ["name"]],
    [
      "monthly below daily",
      { daily_limit_centavos: 500000, monthly_limit_centavos: 100000 },
      ["monthly_limit_centavos"],
    ],
    ["zero daily limit", { daily_limit_centavos: 0 }, ["daily_limit_centavos"]],
  ])("%s → 422 with the field, nothing sent", async (_label, body, fields) => {
    expectFields(await patch(body), fields);
  });
});

describe("PUT /api/subaccounts/{id}/blocked", () => {
  const put = (body: unknown) =>
    callWithoutUpstream(subaccountBlocked.PUT, "/api/subaccounts/sa_demo_1/blocked", {
      method: "PUT",
      idempotencyKey: newKey("val"),
      params: { id: "sa_demo_1" },
      body,
    });

  it.each([
    ["a string", { is_blocked: "yes" }],
    ["a number", { is_blocked: 1 }],
    ["missing", {}],
    ["null", { is_blocked: null }],
  ])("is_blocked as %s → 422", async (_label, body) => {
    expectFields(await put(body), ["is_blocked"]);
  });
});

describe("ids in paths", () => {
  const badIds = ["../x", "a/b", "http:x", "x".repeat(200), "po demo", "%2e%2e", ""];
  const routes: Array<{ name: string; handler: RouteHandler; options: CallOptions }> = [
    { name: "GET /api/payouts/{id}", handler: payout.GET, options: {} },
    { name: "GET /api/subaccounts/{id}", handler: subaccount.GET, options: {} },
    {
      name: "PATCH /api/subaccounts/{id}",
      handler: subaccount.PATCH,
      options: { method: "PATCH", body: { name: "Nova" } },
    },
    {
      name: "PUT /api/subaccounts/{id}/blocked",
      handler: subaccountBlocked.PUT,
      options: { method: "PUT", body: { is_blocked: true } },
    },
  ];
  const cases = routes.flatMap((route) =>
    badIds.map(
      (id) =>
        [route.name, JSON.stringify(id.length > 20 ? `${id.slice(0, 8)}…(${id.length})` : id), route, id] as const,
    ),
  );

  it.each(cases)("%s with id %s → 422 on id, nothing sent", async (_name, _label, route, id) => {
    const result = await callWithoutUpstream(route.handler, `/api/x/${encodeURIComponent(id)}`, {
      ...route.options,
      idempotencyKey: newKey("val"),
      params: { id },
    });
    expectFields(result, ["id"]);
  });
});

describe("idempotency key and body format", () => {
  const writes: Array<{ name: string; handler: RouteHandler; path: string; options: CallOptions }> = [
    {
      name: "POST /api/payouts",
      handler: payouts.POST,
      path: "/api/payouts",
      options: { method: "POST", body: { amount_centavos: 1000, pix_key_type: "email", pix_key: "a@example.com" } },
    },
    {
      name: "POST /api/payment-links",
      handler: paymentLinks.POST,
      path: "/api/payment-links",
      options: { method: "POST", body: { name: "Sem chave", slug: "sem-chave", amount_centavos: 100 } },
    },
    {
      name: "PATCH /api/subaccounts/{id}",
      handler: subaccount.PATCH,
      path: "/api/subaccounts/sa_demo_1",
      options: { method: "PATCH", params: { id: "sa_demo_1" }, body: { name: "Sem chave" } },
    },
    {
      name: "PUT /api/subaccounts/{id}/blocked",
      handler: subaccountBlocked.PUT,
      path: "/api/subaccounts/sa_demo_1/blocked",
      options: { method: "PUT", params: { id: "sa_demo_1" }, body: { is_blocked: true } },
    },
  ];

  it.each(writes.map((w) => [w.name, w] as const))(
    "%s without Idempotency-Key → 428, nothing sent",
    async (_name, write) => {
      const result = await callWithoutUpstream(write.handler, write.path, write.options);
      expect(result.status).toBe(428);
      expect(result.json.error?.code).toBe("idempotency_key_required");
    },
  );

  it.each(
    writes.flatMap((w) =>
      ["short", "has spaces in it", "k".repeat(129), "key/with/slash", "key?with=query"].map(
        (key) => [w.name, key, w] as const,
      ),
    ),
  )("%s with Idempotency-Key %j → 422, nothing sent", async (_name, key, write) => {
    const result = await callWithoutUpstream(write.handler, write.path, {
      ...write.options,
      headers: { "idempotency-key": key },
    });
    expect(result.status).toBe(422);
    expect(result.json.error?.fields?.["Idempotency-Key"]).toMatch(/^validation\./);
  });

  it.each(writes.map((w) => [w.name, w] as const))(
    "%s with malformed JSON → 400 invalid_json, nothing sent",
    async (_name, write) => {
      const result = await callWithoutUpstream(write.handler, write.path, {
        ...write.options,
        body: undefined,
        rawBody: '{"amount_centavos": 1000,',
        idempotencyKey: newKey("val"),
      });
      expect(result.status).toBe(400);
      expect(result.json.error?.code).toBe("invalid_json");
    },
  );

  it("POST /api/session with malformed JSON → 400", async () => {
    const { result, requests } = await countUpstream(harness.sandbox, () =>
      call(session.POST, "/api/session", { method: "POST", rawBody: "{email:" }),
    );
    expect(result.status).toBe(400);
    expect(result.json.error?.code).toBe("invalid_json");
    expect(requests).toBe(0);
  });

  it.each([
    ["an e-mail with a space", { email: "operator @acme.example", password: DEMO_PASSWORD }, "email"],
    ["an e-mail with two @", { email: "operator@@acme.example", password: DEMO_PASSWORD }, "email"],
    ["an e-mail of 255 characters", { email: `${"a".repeat(242)}@acme.example`, password: DEMO_PASSWORD }, "email"],
    ["an empty password", { email: "operator@acme.example", password: "" }, "password"],
    ["a password over 1024 characters", { email: "operator@acme.example", password: "p".repeat(1025) }, "password"],
    ["a business id that is not a UUID", { ...operatorBody, businessId: "acme" }, "businessId"],
  ] as const)("POST /api/session with %s → 422 on the field, nothing sent", async (_label, body, field) => {
    const { result, requests } = await countUpstream(harness.sandbox, () =>
      call(session.POST, "/api/session", { method: "POST", body }),
    );
    expect(result.status, result.text).toBe(422);
    expect(Object.keys(result.json.error?.fields ?? {})).toEqual([field]);
    expect(result.json.error?.fields?.[field]).toMatch(/^validation\./);
    expect(result.setCookies).toEqual([]);
    expect(requests).toBe(0);
  });

  // A password is only hashed, never sent anywhere or stored: hostile characters are a wrong password, never a 500.
  it.each([
    ["a space, a tab and a NUL", "pass word\t\u0000"],
    ["a right-to-left mark and non-ASCII letters", "\u202esenha-açaí"],
    ["a lone surrogate", "senha\ud800"],
  ])("POST /api/session with a password with %s → 401 invalid_login, nothing sent", async (_label, password) => {
    const { result, requests } = await countUpstream(harness.sandbox, () =>
      call(session.POST, "/api/session", { method: "POST", body: { email: "operator@acme.example", password } }),
    );
    expect(result.status, result.text).toBe(401);
    expect(result.json.error?.code).toBe("invalid_login");
    expect(requests).toBe(0);
  });

  it("a body over 64 KiB → 413, nothing sent", async () => {
    const result = await callWithoutUpstream(paymentLinks.POST, "/api/payment-links", {
      method: "POST",
      idempotencyKey: newKey("val"),
      body: { name: "Grande", slug: "grande", amount_centavos: 100, description: "x".repeat(70 * 1024) },
    });
    expect(result.status).toBe(413);
  });
});

describe("query strings", () => {
  it.each([
    ["GET /api/payouts?limit=0", payouts.GET, "/api/payouts?limit=0", "limit", "operator"],
    ["GET /api/payouts?limit=abc", payouts.GET, "/api/payouts?limit=abc", "limit", "operator"],
    ["GET /api/activity?from=yesterday", activity.GET, "/api/activity?from=yesterday", "from", "finance"],
    ["GET /api/activity?limit=5000", activity.GET, "/api/activity?limit=5000", "limit", "finance"],
  ] as const)("%s → 422 on the parameter", async (_label, handler, path, field, role) => {
    const result = await callWithoutUpstream(handler, path, role === "finance" ? { cookie: financeCookie } : {});
    expect(result.status).toBe(422);
    expect(result.json.error?.fields?.[field]).toBeDefined();
  });
});

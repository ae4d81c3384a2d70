import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACME, BETA, startTestSandbox, type TestSandbox } from "../helpers/sandbox";
import { parseExtraApiKeys, resolveConfig } from "@/sandbox/config";
import { call, uniqueSlug, validPayout } from "./client";

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

const ENDPOINTS: Array<{ method: string; path: string; body?: () => unknown; bearer: boolean }> = [
  { method: "GET", path: "/v1/payouts/po_demo_paid", bearer: true },
  { method: "POST", path: "/v1/payouts", body: () => validPayout(), bearer: false },
  { method: "GET", path: "/v1/chargebacks", bearer: true },
  { method: "GET", path: "/v1/payment-links", bearer: false },
  {
    method: "POST",
    path: "/v1/payment-links",
    body: () => ({ name: "Auth test", slug: uniqueSlug(), amount_centavos: 1000 }),
    bearer: false,
  },
  { method: "POST", path: "/v1/subaccounts/sa_demo_1/update", body: () => ({ name: "Loja Centro" }), bearer: false },
  { method: "POST", path: "/v1/subaccounts/sa_demo_1/blocked", body: () => ({ is_blocked: false }), bearer: false },
];

describe("X-API-Key", () => {
  it.each(ENDPOINTS)("is accepted on $method $path", async ({ method, path, body }) => {
    const res = await call(sb.url, method, path, { key: ACME.apiKey, body: body?.() });
    expect(res.status).toBe(200);
    expect(res.body.error).toBeNull();
  });

  it.each(ENDPOINTS)("missing credentials on $method $path → 401 unauthorized", async ({ method, path, body }) => {
    const res = await call(sb.url, method, path, { body: body?.() });
    expect(res.status).toBe(401);
    expect(res.body.error?.code).toBe("unauthorized");
  });

  it("an unknown key → 401 invalid_credentials", async () => {
    const res = await call(sb.url, "GET", "/v1/payment-links", { key: "sk_sandbox_nobody" });
    expect(res.status).toBe(401);
    expect(res.body.error?.code).toBe("invalid_credentials");
  });

  it("a non-Bearer Authorization scheme → 401 unauthorized", async () => {
    const res = await call(sb.url, "GET", "/v1/chargebacks", { headers: { authorization: "Basic YWNtZTpzZWNyZXQ=" } });
    expect(res.status).toBe(401);
    expect(res.body.error?.code).toBe("unauthorized");
  });
});

describe("Bearer token + X-Business-Id", () => {
  const bearer = { token: ACME.accessToken, businessId: ACME.businessId };

  it("is accepted on GET /v1/payouts/:id and GET /v1/chargebacks", async () => {
    const payout = await call<{ id: string }>(sb.url, "GET", "/v1/payouts/po_demo_paid", { bearer });
    expect(payout.status).toBe(200);
    expect(payout.body.data.id).toBe("po_demo_paid");
    const cbs = await call<unknown[]>(sb.url, "GET", "/v1/chargebacks", { bearer });
    expect(cbs.status).toBe(200);
    expect(cbs.body.data.length).toBeGreaterThan(0);
  });

  it("accepts the business id in upper case", async () => {
    const res = await call(sb.url, "GET", "/v1/chargebacks", {
      bearer: { token: ACME.accessToken, businessId: ACME.businessId.toUpperCase() },
    });
    expect(res.status).toBe(200);
  });

  it.each(ENDPOINTS.filter((e) => !e.bearer))(
    "is refused on $method $path with 403 forbidden and no effect",
    async ({ method, path, body }) => {
      const before = (await sb.payouts()).length;
      const res = await call(sb.url, method, path, { bearer, body: body?.() });
      expect(res.status).toBe(403);
      expect(res.body.error?.code).toBe("forbidden");
      expect((await sb.payouts()).length).toBe(before);
    },
  );

  it("without X-Business-Id → 401 invalid_credentials", async () => {
    const res = await call(sb.url, "GET", "/v1/chargebacks", { bearer: { token: ACME.accessToken } });
    expect(res.status).toBe(401);
    expect(res.body.error?.code).toBe("invalid_credentials");
  });

  it("with another business's id → 401 invalid_credentials", async () => {
    const res = await call(sb.url, "GET", "/v1/payouts/po_demo_paid", {
      bearer: { token: ACME.accessToken, businessId: BETA.businessId },
    });
    expect(res.status).toBe(401);
    expect(res.body.error?.code).toBe("invalid_credentials");
    const beta = await call(sb.url, "GET", "/v1/chargebacks", {
      bearer: { token: BETA.accessToken, businessId: ACME.businessId },
    });
    expect(beta.status).toBe(401);
  });

  it("with an unknown token → 401 invalid_credentials", async () => {
    const res = await call(sb.url, "GET", "/v1/chargebacks", {
      bearer: { token: "at_sandbox_nobody", businessId: ACME.businessId },
    });
    expect(res.status).toBe(401);
    expect(res.body.error?.code).toBe("invalid_credentials");
  });
});

describe("extra API keys (extraApiKeys, SANDBOX_EXTRA_API_KEYS)", () => {
  const EXTRA = "sk_extra_canary_0123456789";
  let extra: TestSandbox;
  beforeAll(async () => {
    extra = await startTestSandbox({ extraApiKeys: [{ business: "beta", apiKey: EXTRA }] });
  });
  afterAll(() => extra.close());

  it("an extra key acts as its demo business, and only there", async () => {
    const own = await call(extra.url, "GET", "/v1/payouts/po_beta_1", { key: EXTRA });
    expect(own.status).toBe(200);
    const other = await call(extra.url, "GET", "/v1/payouts/po_demo_paid", { key: EXTRA });
    expect(other.status).toBe(404);
  });

  it("is not accepted by a sandbox that was not given it", async () => {
    const res = await call(sb.url, "GET", "/v1/payment-links", { key: EXTRA });
    expect(res.status).toBe(401);
    expect(res.body.error?.code).toBe("invalid_credentials");
  });

  it("the environment form is business:key pairs; anything else, or a demo credential, is refused at start", () => {
    expect(parseExtraApiKeys(`acme:${EXTRA}, beta:sk_other_key_42`, "SANDBOX_EXTRA_API_KEYS")).toEqual([
      { business: "acme", apiKey: EXTRA },
      { business: "beta", apiKey: "sk_other_key_42" },
    ]);
    expect(() => parseExtraApiKeys(EXTRA, "SANDBOX_EXTRA_API_KEYS")).toThrow(/acme:KEY/);
    expect(() => parseExtraApiKeys(`gamma:${EXTRA}`, "SANDBOX_EXTRA_API_KEYS")).toThrow(/acme:KEY/);
    expect(() => resolveConfig({ extraApiKeys: [{ business: "acme", apiKey: ACME.apiKey }] }, {})).toThrow(
      /differ from the demo/,
    );
    expect(() => resolveConfig({ extraApiKeys: [{ business: "acme", apiKey: "short" }] }, {})).toThrow(/8 to 200/);
    expect(resolveConfig({}, { SANDBOX_EXTRA_API_KEYS: `acme:${EXTRA}` }).extraApiKeys.get(EXTRA)?.id).toBe(
      ACME.businessId,
    );
  });
});

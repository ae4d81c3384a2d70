import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chargebackListSchema, paymentLinkListSchema } from "@/lib/shared/schemas";
import { ACME, BETA, startTestSandbox, type TestSandbox } from "../helpers/sandbox";
import { call, uniqueSlug } from "./client";

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

async function linkIds(key: string): Promise<string[]> {
  const res = await call(sb.url, "GET", "/v1/payment-links", { key });
  return paymentLinkListSchema.parse(res.body.data).map((l) => l.id);
}

async function chargebackIds(key: string): Promise<string[]> {
  const res = await call(sb.url, "GET", "/v1/chargebacks", { key });
  return chargebackListSchema.parse(res.body.data).map((c) => c.id);
}

describe("isolation between businesses", () => {
  it("each key lists only its own payment links, including new ones", async () => {
    const slug = uniqueSlug("beta-only");
    const created = await call<{ id: string }>(sb.url, "POST", "/v1/payment-links", {
      key: BETA.apiKey,
      body: { name: "Beta only", slug, amount_centavos: 1234 },
    });
    expect(created.status).toBe(200);
    const acme = await linkIds(ACME.apiKey);
    const beta = await linkIds(BETA.apiKey);
    expect(acme.length).toBeGreaterThanOrEqual(12);
    expect(beta).toContain(created.body.data.id);
    expect(acme).not.toContain(created.body.data.id);
    expect(acme.filter((id) => beta.includes(id))).toEqual([]);
  });

  it("each key lists only its own chargebacks", async () => {
    const acme = await chargebackIds(ACME.apiKey);
    const beta = await chargebackIds(BETA.apiKey);
    expect(acme.length).toBeGreaterThanOrEqual(30);
    expect(beta.length).toBeGreaterThan(0);
    expect(acme.filter((id) => beta.includes(id))).toEqual([]);
    const betaByToken = await call(sb.url, "GET", "/v1/chargebacks", {
      bearer: { token: BETA.accessToken, businessId: BETA.businessId },
    });
    expect(chargebackListSchema.parse(betaByToken.body.data).map((c) => c.id)).toEqual(beta);
  });

  it("another business's payout is a 404 like a nonexistent one", async () => {
    const foreign = await call(sb.url, "GET", "/v1/payouts/po_beta_1", { key: ACME.apiKey });
    const missing = await call(sb.url, "GET", "/v1/payouts/po_does_not_exist", { key: ACME.apiKey });
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(foreign.body.error?.code).toBe("not_found");
    expect(foreign.body.error?.message).toBe(missing.body.error?.message);
    const byToken = await call(sb.url, "GET", "/v1/payouts/po_demo_paid", {
      bearer: { token: BETA.accessToken, businessId: BETA.businessId },
    });
    expect(byToken.status).toBe(404);
    const own = await call(sb.url, "GET", "/v1/payouts/po_beta_1", { key: BETA.apiKey });
    expect(own.status).toBe(200);
  });

  it("another business's subaccount is a 404 on update and on blocked, and is not changed", async () => {
    const update = await call(sb.url, "POST", "/v1/subaccounts/sa_beta_1/update", {
      key: ACME.apiKey,
      body: { name: "Hijacked" },
    });
    expect(update.status).toBe(404);
    expect(update.body.error?.code).toBe("not_found");
    const blocked = await call(sb.url, "POST", "/v1/subaccounts/sa_beta_1/blocked", {
      key: ACME.apiKey,
      body: { is_blocked: true },
    });
    expect(blocked.status).toBe(404);
    const missing = await call(sb.url, "POST", "/v1/subaccounts/sa_nope/update", {
      key: ACME.apiKey,
      body: { name: "x" },
    });
    expect(missing.status).toBe(404);
    expect(update.body.error?.message).toBe(missing.body.error?.message);
    // Beta's own view is untouched.
    const own = await call<{ name: string; is_blocked: boolean }>(sb.url, "POST", "/v1/subaccounts/sa_beta_1/blocked", {
      key: BETA.apiKey,
      body: { is_blocked: false },
    });
    expect(own.body.data.name).toBe("Beta Studio");
    expect(own.body.data.is_blocked).toBe(false);
  });

  it("slugs are unique per business, not globally", async () => {
    const slug = uniqueSlug("shared");
    const a = await call(sb.url, "POST", "/v1/payment-links", {
      key: ACME.apiKey,
      body: { name: "A", slug, amount_centavos: 1000 },
    });
    const b = await call(sb.url, "POST", "/v1/payment-links", {
      key: BETA.apiKey,
      body: { name: "B", slug, amount_centavos: 1000 },
    });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chargebackListSchema, paymentLinkListSchema, SLUG_RE } from "@/lib/shared/schemas";
import { parseArgs } from "@/sandbox/cli-args";
import { resolveConfig } from "@/sandbox/config";
import { buildSeed } from "@/sandbox/seed";
import { ManualClock } from "../helpers/clock";
import { ACME, BETA, startTestSandbox, type TestSandbox } from "../helpers/sandbox";
import { call } from "./client";

const now = Date.parse("2026-11-22T12:00:00Z");

describe("big-list seeding (buildSeed sizes)", () => {
  const big = buildSeed(now, { links: 2_000, chargebacks: 1_500 });
  const of = (businessId: string) => ({
    links: big.links.filter((l) => l.business_id === businessId),
    chargebacks: big.chargebacks.filter((c) => c.business_id === businessId),
  });

  it("gives Acme exactly the asked totals and leaves Beta as it was", () => {
    expect(of(ACME.businessId).links).toHaveLength(2_000);
    expect(of(ACME.businessId).chargebacks).toHaveLength(1_500);
    expect(of(BETA.businessId).links).toHaveLength(3);
    expect(of(BETA.businessId).chargebacks).toHaveLength(5);
  });

  it("keeps the demo data identical, whatever the sizes", () => {
    const demo = buildSeed(now);
    const ids = (list: { id: string }[]) => new Set(list.map((x) => x.id));
    for (const id of ids(demo.links)) expect(ids(big.links).has(id)).toBe(true);
    for (const id of ids(demo.chargebacks)) expect(ids(big.chargebacks).has(id)).toBe(true);
    expect(big.payouts).toEqual(demo.payouts);
    expect(big.subaccounts).toEqual(demo.subaccounts);
  });

  it("is deterministic, with unique ids and slugs", () => {
    expect(buildSeed(now, { links: 2_000, chargebacks: 1_500 })).toEqual(big);
    const links = of(ACME.businessId).links;
    expect(new Set(links.map((l) => l.id)).size).toBe(links.length);
    expect(new Set(links.map((l) => l.slug)).size).toBe(links.length);
    expect(new Set(big.chargebacks.map((c) => c.id)).size).toBe(big.chargebacks.length);
  });

  it("keeps each business's chargebacks newest first", () => {
    const dates = of(ACME.businessId).chargebacks.map((c) => c.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("generates links valid under the contract's rules", () => {
    for (const l of of(ACME.businessId).links) {
      expect(l.name.length).toBeGreaterThan(0);
      expect(l.name.length).toBeLessThanOrEqual(120);
      expect(l.slug).toMatch(SLUG_RE);
      expect((l.amount_centavos === null) !== (l.min_amount_centavos === null)).toBe(true);
      for (const amount of [l.amount_centavos, l.min_amount_centavos, l.max_sales]) {
        if (amount !== null) expect(Number.isInteger(amount) && amount > 0 && amount <= 100_000_000).toBe(true);
      }
      if (l.status === "expired") expect(Date.parse(l.expires_at ?? "")).toBeLessThan(now);
      if (l.max_sales !== null) expect(l.sales_count).toBeLessThanOrEqual(l.max_sales);
    }
  });
});

describe("seed size settings", () => {
  it("come from flags, options or SANDBOX_SEED_LINKS / SANDBOX_SEED_CHARGEBACKS", () => {
    expect(parseArgs(["--seed-links", "10000", "--seed-chargebacks=500"], {})).toMatchObject({
      seedLinks: 10_000,
      seedChargebacks: 500,
    });
    expect(resolveConfig({}, { SANDBOX_SEED_LINKS: "100", SANDBOX_SEED_CHARGEBACKS: "40" }).seed).toEqual({
      links: 100,
      chargebacks: 40,
    });
    expect(resolveConfig({ seedLinks: 7 }, { SANDBOX_SEED_LINKS: "100" }).seed).toEqual({ links: 7, chargebacks: 0 });
    expect(resolveConfig({}, {}).seed).toEqual({ links: 0, chargebacks: 0 });
  });

  it("refuse fractions and sizes over the maximum", () => {
    expect(() => parseArgs(["--seed-links", "1.5"], {})).toThrow(/seed-links/);
    expect(() => resolveConfig({}, { SANDBOX_SEED_CHARGEBACKS: "5000000" })).toThrow(/SANDBOX_SEED_CHARGEBACKS/);
  });
});

describe("a sandbox seeded with 10,000 links and 10,000 chargebacks", () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox({ clock: new ManualClock(), seedLinks: 10_000, seedChargebacks: 10_000 });
  });
  afterAll(() => sb.close());

  it("serves them all in the shapes the dashboard parses", async () => {
    const links = await call(sb.url, "GET", "/v1/payment-links", { key: ACME.apiKey });
    expect(links.status).toBe(200);
    expect(paymentLinkListSchema.parse(links.body.data)).toHaveLength(10_000);
    const chargebacks = await call(sb.url, "GET", "/v1/chargebacks", { key: ACME.apiKey });
    expect(chargebacks.status).toBe(200);
    expect(chargebackListSchema.parse(chargebacks.body.data)).toHaveLength(10_000);
  });

  it("still takes a new link and rejects a seeded slug", async () => {
    const taken = await call(sb.url, "POST", "/v1/payment-links", {
      key: ACME.apiKey,
      body: { name: "Outro", slug: "lote-00042", amount_centavos: 1000 },
    });
    expect(taken.status).toBe(409);
  });
});

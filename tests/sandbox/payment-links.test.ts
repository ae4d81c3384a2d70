import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentLinkListSchema, PaymentLinkSchema } from "@/lib/shared/schemas";
import { ManualClock } from "../helpers/clock";
import { ACME, BETA, startTestSandbox, type TestSandbox } from "../helpers/sandbox";
import { call, uniqueSlug } from "./client";

let sb: TestSandbox;
// The sandbox's time stands still unless a test moves it, so "now" in its replies is exact.
const clock = new ManualClock();
beforeAll(async () => {
  sb = await startTestSandbox({ clock });
});
afterAll(() => sb.close());

interface RawLink {
  id: string;
  slug: string;
  status: string;
  amount_centavos: string | null;
  min_amount_centavos: string | null;
  max_sales: string | null;
  expires_at: string | null;
  created_at: string;
  visits: number;
  checkouts_started: number;
  sales_count: number;
  revenue_centavos: string;
}

async function list(key: string = ACME.apiKey) {
  const res = await call<{ links: RawLink[] }>(sb.url, "GET", "/v1/payment-links", { key });
  expect(res.status).toBe(200);
  return res.body.data.links;
}

const create = (body: Record<string, unknown>, key: string = ACME.apiKey) =>
  call<Record<string, unknown>>(sb.url, "POST", "/v1/payment-links", { key, body });

describe("GET /v1/payment-links (seed)", () => {
  it("returns {links: [...]} that the dashboard schema parses", async () => {
    const res = await call(sb.url, "GET", "/v1/payment-links", { key: ACME.apiKey });
    const links = paymentLinkListSchema.parse(res.body.data);
    expect(links.length).toBeGreaterThanOrEqual(12);
  });

  it("sorts newest first", async () => {
    const links = await list();
    const created = links.map((l) => l.created_at);
    expect(created).toEqual([...created].sort().reverse());
  });

  it("has realistic counters and consistent revenue", async () => {
    for (const l of await list()) {
      expect(l.visits).toBeGreaterThanOrEqual(l.checkouts_started);
      expect(l.checkouts_started).toBeGreaterThanOrEqual(l.sales_count);
      const revenue = Number(l.revenue_centavos);
      if (l.amount_centavos !== null) expect(revenue).toBe(Number(l.amount_centavos) * l.sales_count);
      else expect(revenue).toBeGreaterThanOrEqual(Number(l.min_amount_centavos) * l.sales_count);
      if (l.max_sales !== null) expect(l.sales_count).toBeLessThanOrEqual(Number(l.max_sales));
    }
  });

  it("mixes fixed and minimum amounts, statuses, an expired and a sold-out link", async () => {
    const links = await list();
    expect(links.some((l) => l.amount_centavos !== null)).toBe(true);
    expect(links.some((l) => l.amount_centavos === null && l.min_amount_centavos !== null)).toBe(true);
    expect(new Set(links.map((l) => l.status))).toEqual(new Set(["active", "expired", "pending"]));
    expect(links.some((l) => l.max_sales !== null && l.sales_count === Number(l.max_sales))).toBe(true);
    for (const l of links.filter((x) => x.status === "expired"))
      expect(Date.parse(l.expires_at ?? "")).toBeLessThan(Date.now());
  });
});

describe("POST /v1/payment-links", () => {
  it("creates a link: numeric strings, status pending, starts now, counters zero", async () => {
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const slug = uniqueSlug("camiseta");
    const res = await create({
      name: "  Camiseta Azul  ",
      slug,
      description: "Algodão",
      amount_centavos: 4990,
      min_amount_centavos: 1000,
      max_sales: 10,
      expires_at: expires,
      collect_customer_data: true,
    });
    expect(res.status).toBe(200);
    const link = PaymentLinkSchema.parse(res.body.data);
    const raw = res.body.data;
    expect(raw.amount_centavos).toBe("4990");
    expect(raw.min_amount_centavos).toBe("1000");
    expect(raw.max_sales).toBe("10");
    expect(raw.revenue_centavos).toBe("0");
    expect(link.name).toBe("Camiseta Azul");
    expect(link.status).toBe("pending");
    expect(link.expires_at).toBe(expires);
    expect(Date.parse(link.starts_at ?? "")).toBe(clock.now());
    expect([link.visits, link.checkouts_started, link.sales_count]).toEqual([0, 0, 0]);
    expect(link.collect_customer_data).toBe(true);
    const links = await list();
    expect(links[0]?.id).toBe(link.id);
  });

  it("creates a minimum-amount link with defaults", async () => {
    const res = await create({ name: "Doação", slug: uniqueSlug("doacao"), min_amount_centavos: 500 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      amount_centavos: null,
      min_amount_centavos: "500",
      max_sales: null,
      expires_at: null,
      description: "",
      collect_customer_data: false,
    });
  });

  it("normalises an expires_at with an offset to UTC", async () => {
    const res = await create({
      name: "Offset",
      slug: uniqueSlug(),
      amount_centavos: 100,
      expires_at: "2099-01-01T09:00:00-03:00",
    });
    expect(res.status).toBe(200);
    expect(res.body.data.expires_at).toBe("2099-01-01T12:00:00.000Z");
  });

  it("409 slug_taken with details.fields.slug for a duplicate slug in the business", async () => {
    const before = (await list()).length;
    const res = await create({ name: "Duplicate", slug: "camiseta-basica", amount_centavos: 100 });
    expect(res.status).toBe(409);
    expect(res.body.error?.code).toBe("slug_taken");
    expect(res.body.error?.details).toHaveProperty("fields.slug");
    expect((await list()).length).toBe(before);
  });

  const base = () => ({ name: "Link", slug: uniqueSlug(), amount_centavos: 1000 });
  const past = new Date(Date.now() - 60_000).toISOString();
  const cases: Array<[string, Record<string, unknown>, string[]]> = [
    ["missing name", { slug: uniqueSlug(), amount_centavos: 100 }, ["name"]],
    ["blank name", { ...base(), name: "   " }, ["name"]],
    ["name too long", { ...base(), name: "n".repeat(121) }, ["name"]],
    ["name not a string", { ...base(), name: 42 }, ["name"]],
    ["missing slug", { name: "x", amount_centavos: 100 }, ["slug"]],
    ["slug with upper case", { ...base(), slug: "Camiseta" }, ["slug"]],
    ["slug with spaces", { ...base(), slug: "minha camiseta" }, ["slug"]],
    ["slug too short", { ...base(), slug: "ab" }, ["slug"]],
    ["slug too long", { ...base(), slug: "a".repeat(65) }, ["slug"]],
    ["slug with a leading hyphen", { ...base(), slug: "-abc" }, ["slug"]],
    ["no amount at all", { name: "x", slug: uniqueSlug() }, ["amount_centavos"]],
    ["amount zero", { ...base(), amount_centavos: 0 }, ["amount_centavos"]],
    ["amount decimal", { ...base(), amount_centavos: 10.5 }, ["amount_centavos"]],
    ["amount as string", { ...base(), amount_centavos: "1000" }, ["amount_centavos"]],
    ["min negative", { name: "x", slug: uniqueSlug(), min_amount_centavos: -5 }, ["min_amount_centavos"]],
    ["min above amount", { ...base(), amount_centavos: 1000, min_amount_centavos: 1001 }, ["min_amount_centavos"]],
    ["max_sales zero", { ...base(), max_sales: 0 }, ["max_sales"]],
    ["max_sales decimal", { ...base(), max_sales: 1.5 }, ["max_sales"]],
    ["expires_at not a date", { ...base(), expires_at: "tomorrow" }, ["expires_at"]],
    ["expires_at without a zone", { ...base(), expires_at: "2099-01-01T10:00:00" }, ["expires_at"]],
    ["expires_at in the past", { ...base(), expires_at: past }, ["expires_at"]],
    ["description too long", { ...base(), description: "d".repeat(501) }, ["description"]],
    ["collect_customer_data not boolean", { ...base(), collect_customer_data: "yes" }, ["collect_customer_data"]],
    ["several at once", { name: "", slug: "X", amount_centavos: -1 }, ["name", "slug", "amount_centavos"]],
  ];

  it.each(cases)("%s → 422 on %j, nothing created", async (_name, body, fields) => {
    const before = (await list()).length;
    const res = await create(body);
    expect(res.status).toBe(422);
    expect(res.body.error?.code).toBe("validation_error");
    expect(Object.keys((res.body.error?.details as { fields: object }).fields).sort()).toEqual([...fields].sort());
    expect((await list()).length).toBe(before);
  });

  it("a link created by Beta is not in Acme's list", async () => {
    const res = await create({ name: "Beta", slug: uniqueSlug(), amount_centavos: 100 }, BETA.apiKey);
    expect((await list()).map((l) => l.id)).not.toContain(res.body.data.id);
    expect((await list(BETA.apiKey)).map((l) => l.id)).toContain(res.body.data.id);
  });
});

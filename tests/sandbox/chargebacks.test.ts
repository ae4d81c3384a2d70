import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chargebackListSchema, KNOWN_CHARGEBACK_STATUSES } from "@/lib/shared/schemas";
import { ACME, BETA, startTestSandbox, type TestSandbox } from "../helpers/sandbox";
import { call } from "./client";

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

type Raw = Record<string, unknown> & {
  id: string;
  kind: string;
  status: string;
  respond_by: string;
  created_at: string;
  amount_centavos: string;
};

async function list(key: string = ACME.apiKey): Promise<Raw[]> {
  const res = await call<Raw[]>(sb.url, "GET", "/v1/chargebacks", { key });
  expect(res.status).toBe(200);
  expect(Array.isArray(res.body.data)).toBe(true);
  return res.body.data;
}

const OPEN = ["needs_response", "under_review"];
const HOUR = 3_600_000;

describe("GET /v1/chargebacks", () => {
  it("returns an array the dashboard schema parses, at least 30 for Acme", async () => {
    const data = await list();
    expect(data.length).toBeGreaterThanOrEqual(30);
    expect(chargebackListSchema.parse(data)).toHaveLength(data.length);
  });

  it("mixes card chargebacks and Pix MED disputes with their own fields", async () => {
    const data = await list();
    const cards = data.filter((c) => c.kind === "card_chargeback");
    const meds = data.filter((c) => c.kind === "pix_med");
    expect(cards.length).toBeGreaterThan(0);
    expect(meds.length).toBeGreaterThan(0);
    expect(cards.length + meds.length).toBe(data.length);
    for (const c of cards) {
      expect(c.card_brand).toEqual(expect.any(String));
      expect(c.card_last4).toMatch(/^\d{4}$/);
      expect(c.network_case_id).toEqual(expect.any(String));
    }
    for (const m of meds) {
      expect(m.end_to_end_id).toMatch(/^E\d{20}[A-Za-z0-9]{11}$/);
      expect(m.payout_id).toEqual(expect.any(String));
    }
  });

  it("has common fields: numeric-string amount, reason, reason_code, customer, ISO dates", async () => {
    for (const c of await list()) {
      expect(c.id).toEqual(expect.any(String));
      expect(c.amount_centavos).toMatch(/^\d+$/);
      expect(c.reason).toEqual(expect.any(String));
      expect(c.reason_code).toEqual(expect.any(String));
      expect(c.customer_name).toEqual(expect.any(String));
      expect(new Date(c.created_at).toISOString()).toBe(c.created_at);
      expect(new Date(c.respond_by).toISOString()).toBe(c.respond_by);
      expect(c).not.toHaveProperty("business_id");
    }
  });

  it("uses every status, with future deadlines (hours to days) for open ones and past ones for closed", async () => {
    const data = await list();
    expect(new Set(data.map((c) => c.status))).toEqual(new Set(KNOWN_CHARGEBACK_STATUSES));
    const now = Date.now();
    const open = data.filter((c) => OPEN.includes(c.status));
    const closed = data.filter((c) => !OPEN.includes(c.status));
    for (const c of open) expect(Date.parse(c.respond_by)).toBeGreaterThan(now);
    for (const c of closed) expect(Date.parse(c.respond_by)).toBeLessThan(now);
    const ahead = open.map((c) => Date.parse(c.respond_by) - now);
    expect(Math.min(...ahead)).toBeLessThan(24 * HOUR);
    expect(Math.max(...ahead)).toBeGreaterThan(3 * 24 * HOUR);
    for (const c of data) expect(Date.parse(c.created_at)).toBeLessThanOrEqual(now);
  });

  it("links Pix MED disputes to Acme's own payouts", async () => {
    const meds = (await list()).filter((c) => c.kind === "pix_med");
    for (const m of meds) {
      const res = await call(sb.url, "GET", `/v1/payouts/${String(m.payout_id)}`, { key: ACME.apiKey });
      expect(res.status).toBe(200);
    }
  });

  it("Beta has its own smaller list", async () => {
    const beta = await list(BETA.apiKey);
    expect(beta.length).toBeGreaterThan(0);
    expect(beta.length).toBeLessThan(30);
  });

  it("is the same list in a deterministic seed after a reset", async () => {
    const first = (await list()).map((c) => [c.id, c.kind, c.status, c.amount_centavos]);
    await sb.reset();
    const second = (await list()).map((c) => [c.id, c.kind, c.status, c.amount_centavos]);
    expect(second).toEqual(first);
  });
});

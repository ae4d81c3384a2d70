import { Agent, request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACME, startTestSandbox, type TestSandbox } from "../helpers/sandbox";
import { validPayout } from "./client";

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

async function get(agent: Agent, path: string): Promise<number> {
  const res = await request(`${sb.url}${path}`, { dispatcher: agent, headers: { "x-api-key": ACME.apiKey } });
  await res.body.text();
  return res.statusCode;
}

describe("GET /__sandbox/stats", () => {
  it("counts /v1 requests per route template and zeroes on DELETE", async () => {
    const cleared = await fetch(`${sb.url}/__sandbox/stats`, { method: "DELETE" });
    expect(((await cleared.json()) as { data: { requests: number } }).data.requests).toBe(0);
    const agent = new Agent({ connections: 1 });
    try {
      await get(agent, "/v1/payouts/po_demo_paid");
      await get(agent, "/v1/payouts/po_demo_failed");
      await get(agent, "/v1/payment-links");
      await get(agent, "/v1/nope");
      const post = await request(`${sb.url}/v1/payouts`, {
        dispatcher: agent,
        method: "POST",
        headers: { "x-api-key": ACME.apiKey, "content-type": "application/json" },
        body: JSON.stringify(validPayout()),
      });
      await post.body.text();
    } finally {
      await agent.close();
    }
    const stats = await sb.stats();
    expect(stats.requests).toBe(5);
    expect(stats.by_route).toEqual({ "GET /v1/payouts/:id": 2, "GET /v1/payment-links": 1, "POST /v1/payouts": 1 });
  });

  it("counts sockets: keep-alive reuses one, Connection: close opens one per request", async () => {
    await fetch(`${sb.url}/__sandbox/stats`, { method: "DELETE" }).then((r) => r.text());
    const keepAlive = new Agent({ connections: 1 });
    try {
      for (let i = 0; i < 10; i++) expect(await get(keepAlive, "/v1/payment-links")).toBe(200);
    } finally {
      await keepAlive.close();
    }
    const afterKeepAlive = await sb.stats();
    // One for the agent, plus at most one the admin fetch itself may have opened.
    expect(afterKeepAlive.connections).toBeGreaterThanOrEqual(1);
    expect(afterKeepAlive.connections).toBeLessThanOrEqual(2);
    expect(afterKeepAlive.requests).toBe(10);

    await fetch(`${sb.url}/__sandbox/stats`, { method: "DELETE" }).then((r) => r.text());
    for (let i = 0; i < 5; i++) {
      const agent = new Agent({ connections: 1 });
      expect(await get(agent, "/v1/payment-links")).toBe(200);
      await agent.close();
    }
    const afterFresh = await sb.stats();
    expect(afterFresh.connections).toBeGreaterThanOrEqual(5);
    expect(afterFresh.connections).toBeLessThanOrEqual(6);
  });

  it("admin requests are not counted as /v1 requests", async () => {
    await fetch(`${sb.url}/__sandbox/stats`, { method: "DELETE" }).then((r) => r.text());
    await sb.payouts();
    await fetch(`${sb.url}/__sandbox/health`).then((r) => r.text());
    expect((await sb.stats()).requests).toBe(0);
  });
});

describe("GET /__sandbox/payouts", () => {
  it("lists every business's payouts with business id and idempotency key", async () => {
    const payouts = await sb.payouts();
    const ids = payouts.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining(["po_demo_paid", "po_demo_failed", "po_beta_1"]));
    const paid = payouts.find((p) => p.id === "po_demo_paid");
    expect(paid).toMatchObject({
      business_id: ACME.businessId,
      status: "paid",
      amount_centavos: 150_000,
      fee_centavos: 1_500,
      net_centavos: 148_500,
    });
    expect(paid?.idempotency_key).toEqual(expect.any(String));
  });
});

describe("GET /__sandbox/payout-requests", () => {
  async function postPayout(body: Record<string, unknown>): Promise<number> {
    const res = await fetch(`${sb.url}/v1/payouts`, {
      method: "POST",
      headers: { "x-api-key": ACME.apiKey, "content-type": "application/json" },
      body: JSON.stringify(body),
    }).catch(() => null);
    if (res) await res.text();
    return res?.status ?? 0;
  }

  it("logs each payout request with its key, times and outcome, and clears with the stats", async () => {
    await fetch(`${sb.url}/__sandbox/stats`, { method: "DELETE" }).then((r) => r.text());
    const first = validPayout();
    const created = await postPayout(first);
    expect(created).toBeGreaterThanOrEqual(200);
    expect(created).toBeLessThan(300);
    expect(await postPayout(first)).toBe(created);
    await sb.addFault({ kind: "commit_then_drop", method: "POST", path: "/v1/payouts", count: 1 });
    const dropped = validPayout();
    expect(await postPayout(dropped)).toBe(0);
    await fetch(`${sb.url}/v1/payouts/po_demo_paid`, { headers: { "x-api-key": ACME.apiKey } }).then((r) => r.text());

    const log = await sb.payoutRequests();
    expect(log.map((e) => [e.idempotency_key, e.outcome])).toEqual([
      [first.idempotency_key, String(created)],
      [first.idempotency_key, String(created)],
      [dropped.idempotency_key, "dropped"],
    ]);
    for (const entry of log) {
      expect(entry.business_id).toBe(ACME.businessId);
      expect(entry.ended_at).toBeGreaterThanOrEqual(entry.received_at);
    }
    await fetch(`${sb.url}/__sandbox/stats`, { method: "DELETE" }).then((r) => r.text());
    expect(await sb.payoutRequests()).toEqual([]);
  });
});

describe("keep-alive", () => {
  it("advertises keep-alive with a long timeout", async () => {
    const agent = new Agent({ connections: 1 });
    try {
      const res = await request(`${sb.url}/v1/payment-links`, {
        dispatcher: agent,
        headers: { "x-api-key": ACME.apiKey },
      });
      await res.body.text();
      expect(String(res.headers.connection)).toBe("keep-alive");
      expect(String(res.headers["keep-alive"])).toMatch(/timeout=65/);
    } finally {
      await agent.close();
    }
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../helpers/clock";
import { ACME, BETA, startTestSandbox, type TestSandbox } from "../helpers/sandbox";
import { call, idemKey, uniqueSlug, validPayout } from "./client";

let sb: TestSandbox;
const clock = new ManualClock();
beforeAll(async () => {
  sb = await startTestSandbox({ clock });
});
afterAll(() => sb.close());
beforeEach(() => sb.clearFaults());

const post = (path: string, body: unknown, key: string = ACME.apiKey, headers?: Record<string, string>) =>
  call<Record<string, unknown>>(sb.url, "POST", path, { key, body, headers });

async function payoutsWithKey(key: string) {
  return (await sb.payouts()).filter((p) => p.idempotency_key === key);
}

describe("payout idempotency (body idempotency_key)", () => {
  it("replays the original response for the same key and body, creating one payout", async () => {
    const body = validPayout();
    const first = await post("/v1/payouts", body);
    const second = await post("/v1/payouts", body);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    expect(second.body.request_id).not.toBe(first.body.request_id);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await payoutsWithKey(String(body.idempotency_key))).toHaveLength(1);
  });

  it("treats a body with reordered fields as the same request", async () => {
    const body = validPayout();
    const first = await post("/v1/payouts", body);
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const second = await post("/v1/payouts", reordered);
    expect(second.body.data.id).toBe(first.body.data.id);
  });

  it("answers 409 idempotency_conflict for the same key with a different body", async () => {
    const body = validPayout();
    await post("/v1/payouts", body);
    const res = await post("/v1/payouts", { ...body, amount_centavos: 99_999 });
    expect(res.status).toBe(409);
    expect(res.body.error?.code).toBe("idempotency_conflict");
    expect(await payoutsWithKey(String(body.idempotency_key))).toHaveLength(1);
  });

  it("does not burn the key on a rejected request", async () => {
    const key = idemKey();
    const bad = await post("/v1/payouts", validPayout({ idempotency_key: key, amount_centavos: -1 }));
    expect(bad.status).toBe(422);
    expect(await payoutsWithKey(key)).toHaveLength(0);
    const good = await post("/v1/payouts", validPayout({ idempotency_key: key }));
    expect(good.status).toBe(200);
    expect(await payoutsWithKey(key)).toHaveLength(1);
  });

  it("runs the effect once for concurrent requests with one key", async () => {
    const body = validPayout();
    const results = await Promise.all(Array.from({ length: 12 }, () => post("/v1/payouts", body)));
    for (const r of results) expect(r.status).toBe(200);
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    expect(results.filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(11);
    expect(await payoutsWithKey(String(body.idempotency_key))).toHaveLength(1);
  });

  it("replays a request that arrives while the first is still in injected latency", async () => {
    await sb.addFault({ kind: "latency", ms: 400, method: "POST", path: "/v1/payouts", count: 1 });
    const body = validPayout();
    const slow = post("/v1/payouts", body);
    await clock.waiting(); // the first one is in its injected latency
    const fast = await post("/v1/payouts", body);
    expect(fast.status).toBe(200);
    expect(fast.headers.get("idempotent-replayed")).toBe("true");
    await clock.advance(400);
    const first = await slow;
    expect(first.body.data.id).toBe(fast.body.data.id);
    expect(await payoutsWithKey(String(body.idempotency_key))).toHaveLength(1);
  });

  it("scopes keys per business", async () => {
    const key = idemKey();
    const acme = await post("/v1/payouts", validPayout({ idempotency_key: key }), ACME.apiKey);
    const beta = await post("/v1/payouts", validPayout({ idempotency_key: key }), BETA.apiKey);
    expect(acme.status).toBe(200);
    expect(beta.status).toBe(200);
    expect(beta.body.data.id).not.toBe(acme.body.data.id);
    const stored = await payoutsWithKey(key);
    expect(stored.map((p) => p.business_id).sort()).toEqual([ACME.businessId, BETA.businessId].sort());
  });
});

describe("payment link idempotency (Idempotency-Key header)", () => {
  it("replays the same link and does not create a second one", async () => {
    const key = idemKey();
    const body = { name: "Idempotent link", slug: uniqueSlug(), amount_centavos: 2500 };
    const first = await post("/v1/payment-links", body, ACME.apiKey, { "idempotency-key": key });
    const second = await post("/v1/payment-links", body, ACME.apiKey, { "idempotency-key": key });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    const list = await call<{ links: Array<{ slug: string }> }>(sb.url, "GET", "/v1/payment-links", {
      key: ACME.apiKey,
    });
    expect(list.body.data.links.filter((l) => l.slug === body.slug)).toHaveLength(1);
  });

  it("409 for the same key with another body; without a key a retry is a duplicate slug", async () => {
    const key = idemKey();
    const body = { name: "Conflict link", slug: uniqueSlug(), amount_centavos: 2500 };
    await post("/v1/payment-links", body, ACME.apiKey, { "idempotency-key": key });
    const conflict = await post("/v1/payment-links", { ...body, name: "Other" }, ACME.apiKey, {
      "idempotency-key": key,
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error?.code).toBe("idempotency_conflict");
    const noKey = await post("/v1/payment-links", body);
    expect(noKey.status).toBe(409);
    expect(noKey.body.error?.code).toBe("slug_taken");
  });

  it("rejects a malformed Idempotency-Key header with 422", async () => {
    const res = await post("/v1/payment-links", { name: "x", slug: uniqueSlug(), amount_centavos: 100 }, ACME.apiKey, {
      "idempotency-key": "bad key!",
    });
    expect(res.status).toBe(422);
    expect(Object.keys((res.body.error?.details as { fields: object }).fields)).toEqual(["idempotency_key"]);
  });
});

describe("subaccount update idempotency (Idempotency-Key header)", () => {
  it("replays the original response even after a later change", async () => {
    const key = idemKey();
    const first = await post("/v1/subaccounts/sa_demo_1/update", { name: "Loja Centro A" }, ACME.apiKey, {
      "idempotency-key": key,
    });
    await post("/v1/subaccounts/sa_demo_1/update", { name: "Loja Centro B" });
    const replay = await post("/v1/subaccounts/sa_demo_1/update", { name: "Loja Centro A" }, ACME.apiKey, {
      "idempotency-key": key,
    });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.data).toEqual(first.body.data);
    expect(replay.body.data.name).toBe("Loja Centro A");
  });

  it("the same key on another subaccount is a conflict", async () => {
    const key = idemKey();
    await post("/v1/subaccounts/sa_demo_1/update", { name: "Loja Centro" }, ACME.apiKey, { "idempotency-key": key });
    const other = await post("/v1/subaccounts/sa_demo_2/update", { name: "Loja Centro" }, ACME.apiKey, {
      "idempotency-key": key,
    });
    expect(other.status).toBe(409);
    expect(other.body.error?.code).toBe("idempotency_conflict");
  });

  it("blocked accepts an optional key: replays the original snapshot", async () => {
    const key = idemKey();
    const first = await post("/v1/subaccounts/sa_demo_1/blocked", { is_blocked: true }, ACME.apiKey, {
      "idempotency-key": key,
    });
    await post("/v1/subaccounts/sa_demo_1/blocked", { is_blocked: false });
    const replay = await post("/v1/subaccounts/sa_demo_1/blocked", { is_blocked: true }, ACME.apiKey, {
      "idempotency-key": key,
    });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.data).toEqual(first.body.data);
    const conflict = await post("/v1/subaccounts/sa_demo_1/blocked", { is_blocked: false }, ACME.apiKey, {
      "idempotency-key": key,
    });
    expect(conflict.status).toBe(409);
  });
});

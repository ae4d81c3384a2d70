import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../helpers/clock";
import { ACME, startTestSandbox, type FaultRule, type TestSandbox } from "../helpers/sandbox";
import { call, validPayout } from "./client";

let sb: TestSandbox;
const clock = new ManualClock();
beforeAll(async () => {
  sb = await startTestSandbox({ clock });
});
afterAll(() => sb.close());
beforeEach(() => sb.clearFaults());

const listLinks = () => call(sb.url, "GET", "/v1/payment-links", { key: ACME.apiKey });
const postPayout = (body: Record<string, unknown>, signal?: AbortSignal) =>
  call<{ id: string }>(sb.url, "POST", "/v1/payouts", { key: ACME.apiKey, body, signal });

async function payoutCountFor(key: unknown): Promise<number> {
  return (await sb.payouts()).filter((p) => p.idempotency_key === key).length;
}

/** Tracks whether a request has been answered (or failed) yet. */
function watch<T>(promise: Promise<T>): { promise: Promise<T>; done(): boolean } {
  let finished = false;
  const tracked = promise.finally(() => {
    finished = true;
  });
  tracked.catch(() => undefined);
  return { promise: tracked, done: () => finished };
}

async function listFaults(): Promise<FaultRule[]> {
  return (await call<FaultRule[]>(sb.url, "GET", "/__sandbox/faults")).body.data;
}

describe("fault injection", () => {
  it("latency delays the reply and then proceeds", async () => {
    await sb.addFault({ kind: "latency", ms: 300, path: "/v1/payment-links" });
    const reply = watch(listLinks());
    await clock.waiting();
    await clock.advance(299);
    expect(reply.done()).toBe(false);
    await clock.advance(1);
    expect((await reply.promise).status).toBe(200);
  });

  it("error503 → 503 service_unavailable with Retry-After, and no effect", async () => {
    await sb.addFault({ kind: "error503", method: "POST", path: "/v1/payouts", retry_after: 7 });
    const body = validPayout();
    const res = await postPayout(body);
    expect(res.status).toBe(503);
    expect(res.body.error?.code).toBe("service_unavailable");
    expect(res.body.request_id).toMatch(/^req_/);
    expect(res.headers.get("retry-after")).toBe("7");
    expect(await payoutCountFor(body.idempotency_key)).toBe(0);
    // The key is not burnt: once the fault is gone the same request creates the payout.
    await sb.clearFaults();
    expect((await postPayout(body)).status).toBe(200);
    expect(await payoutCountFor(body.idempotency_key)).toBe(1);
  });

  it("error503 without retry_after sends no Retry-After", async () => {
    await sb.addFault({ kind: "error503" });
    const res = await listLinks();
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBeNull();
  });

  it("throttle429 → 429 rate_limited with Retry-After (default 1), no effect", async () => {
    await sb.addFault({ kind: "throttle429", path: "/v1/payouts" });
    const body = validPayout();
    const res = await postPayout(body);
    expect(res.status).toBe(429);
    expect(res.body.error?.code).toBe("rate_limited");
    expect(res.headers.get("retry-after")).toBe("1");
    expect(await payoutCountFor(body.idempotency_key)).toBe(0);
  });

  it("html502 → 502 with an HTML body and text/html, no effect", async () => {
    await sb.addFault({ kind: "html502", path: "/v1/payouts" });
    const body = validPayout();
    const res = await fetch(`${sb.url}/v1/payouts`, {
      method: "POST",
      headers: { "x-api-key": ACME.apiKey, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(502);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await res.text()).toBe("<html><body><h1>502 Bad Gateway</h1></body></html>");
    expect(await payoutCountFor(body.idempotency_key)).toBe(0);
  });

  it("error500 → 500 internal_error envelope, no effect", async () => {
    await sb.addFault({ kind: "error500", method: "POST" });
    const body = validPayout();
    const res = await postPayout(body);
    expect(res.status).toBe(500);
    expect(res.body.error?.code).toBe("internal_error");
    expect(res.body.data).toBeNull();
    expect(await payoutCountFor(body.idempotency_key)).toBe(0);
  });

  it("hang never replies (client times out) and has no effect", async () => {
    await sb.addFault({ kind: "hang", path: "/v1/payouts" });
    const body = validPayout();
    const controller = new AbortController();
    const reply = watch(postPayout(body, controller.signal));
    // However far the sandbox's clock moves, no answer comes; the client gives up.
    await expect.poll(async () => (await sb.stats()).by_route["POST /v1/payouts"] ?? 0).toBeGreaterThan(0);
    await clock.advance(60 * 60_000);
    expect(reply.done()).toBe(false);
    controller.abort();
    await expect(reply.promise).rejects.toThrow();
    expect(await payoutCountFor(body.idempotency_key)).toBe(0);
    // Other routes are unaffected.
    expect((await listLinks()).status).toBe(200);
  });

  it("hang with ms destroys the socket after ms", async () => {
    await sb.addFault({ kind: "hang", ms: 150, path: "/v1/payment-links" });
    const reply = watch(listLinks());
    await clock.waiting();
    await clock.advance(149);
    expect(reply.done()).toBe(false);
    await clock.advance(1);
    await expect(reply.promise).rejects.toThrow();
  });

  it("commit_then_drop performs the effect, then drops the connection; a retry replays", async () => {
    await sb.addFault({ kind: "commit_then_drop", method: "POST", path: "/v1/payouts", count: 1 });
    const body = validPayout();
    await expect(postPayout(body)).rejects.toThrow();
    const stored = (await sb.payouts()).filter((p) => p.idempotency_key === body.idempotency_key);
    expect(stored).toHaveLength(1);
    const retry = await postPayout(body);
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body.data.id).toBe(stored[0]?.id);
  });

  it("count decrements per firing and the rule is removed at 0", async () => {
    await sb.addFault({ kind: "error503", path: "/v1/payment-links", count: 2 });
    expect((await listLinks()).status).toBe(503);
    expect(await listFaults()).toEqual([{ kind: "error503", path: "/v1/payment-links", count: 1 }]);
    expect((await listLinks()).status).toBe(503);
    expect((await listLinks()).status).toBe(200);
    expect(await listFaults()).toEqual([]);
  });

  it("rate 0 never fires; rate 1 always fires", async () => {
    await sb.setFaults([{ kind: "error503", rate: 0 }]);
    for (let i = 0; i < 5; i++) expect((await listLinks()).status).toBe(200);
    await sb.setFaults([{ kind: "error503", rate: 1 }]);
    expect((await listLinks()).status).toBe(503);
  });

  it("a fractional rate fires on some requests only", async () => {
    await sb.setFaults([{ kind: "error503", rate: 0.5 }]);
    const statuses = await Promise.all(Array.from({ length: 60 }, () => listLinks().then((r) => r.status)));
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(5);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(5);
  });

  it("matches on method and path prefix only", async () => {
    await sb.setFaults([{ kind: "error503", method: "POST", path: "/v1/payment-links" }]);
    expect((await listLinks()).status).toBe(200);
    expect((await call(sb.url, "GET", "/v1/chargebacks", { key: ACME.apiKey })).status).toBe(200);
    expect((await call(sb.url, "POST", "/v1/payment-links", { key: ACME.apiKey, body: {} })).status).toBe(503);
  });

  it("applies after auth: bad credentials still get 401", async () => {
    await sb.setFaults([{ kind: "error503" }]);
    const res = await call(sb.url, "GET", "/v1/payment-links", { key: "sk_wrong" });
    expect(res.status).toBe(401);
  });

  it("latency combines with an error outcome", async () => {
    await sb.setFaults([{ kind: "latency", ms: 200 }, { kind: "error500" }]);
    const reply = watch(listLinks());
    await clock.waiting();
    await clock.advance(199);
    expect(reply.done()).toBe(false);
    await clock.advance(1);
    expect((await reply.promise).status).toBe(500);
  });

  it("admin routes list, replace, append and clear rules, and refuse invalid ones", async () => {
    await sb.setFaults([{ kind: "latency", ms: 1 }]);
    await sb.addFault({ kind: "error503", method: "post", rate: 0.25 });
    expect(await listFaults()).toEqual([
      { kind: "latency", ms: 1 },
      { kind: "error503", method: "POST", rate: 0.25 },
    ]);
    await sb.clearFaults();
    expect(await listFaults()).toEqual([]);
    const bad = await call(sb.url, "POST", "/__sandbox/faults", { body: { kind: "explode", rate: 2 } });
    expect(bad.status).toBe(422);
    expect(Object.keys((bad.body.error?.details as { fields: object }).fields).sort()).toEqual(["kind", "rate"]);
    const notArray = await call(sb.url, "PUT", "/__sandbox/faults", { body: { kind: "error503" } });
    expect(notArray.status).toBe(422);
    expect(await listFaults()).toEqual([]);
  });
});

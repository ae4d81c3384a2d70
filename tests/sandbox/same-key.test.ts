/**
 * Same-key behaviour that a stricter or changed API could show, so the BFF's
 * tests can exercise it: 409 while another request with the key is still being
 * answered, and refusals (401, 409, 422) given only to re-sends of a key that
 * already made something.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ACME, startTestSandbox, type TestSandbox } from "../helpers/sandbox";
import { call, validPayout } from "./client";

let strict: TestSandbox;
let lenient: TestSandbox;
beforeAll(async () => {
  strict = await startTestSandbox({ concurrentSameKey: "conflict" });
  lenient = await startTestSandbox();
});
afterAll(async () => {
  await strict.close();
  await lenient.close();
});
beforeEach(async () => {
  await strict.clearFaults();
  await lenient.clearFaults();
});

const postPayout = (sb: TestSandbox, body: Record<string, unknown>) =>
  call<{ id: string }>(sb.url, "POST", "/v1/payouts", { key: ACME.apiKey, body });
const payoutsFor = async (sb: TestSandbox, key: unknown) =>
  (await sb.payouts()).filter((p) => p.idempotency_key === key);

describe("concurrent same-key requests", () => {
  it("conflict mode: a second request while the first is still being answered gets 409 idempotency_in_progress, and no second payout", async () => {
    await strict.addFault({ kind: "latency", method: "POST", path: "/v1/payouts", ms: 400, count: 1 });
    const body = validPayout();
    const first = postPayout(strict, body);
    // The first request's effect happens on receipt; wait for it, then send the second while the reply is held.
    await expect.poll(async () => (await payoutsFor(strict, body.idempotency_key)).length).toBe(1);
    const second = await postPayout(strict, body);
    expect(second.status).toBe(409);
    expect(second.body.error?.code).toBe("idempotency_in_progress");
    expect(second.body.error?.details).toEqual({ idempotency_key: body.idempotency_key });
    expect(second.headers.get("retry-after")).toBe("1");
    expect((await first).status).toBe(200);
    expect((await strict.stats()).same_key_overlaps).toBeGreaterThanOrEqual(1);

    // Once the first is answered, the same key is an ordinary replay.
    const third = await postPayout(strict, body);
    expect(third.status).toBe(200);
    expect(third.body.data.id).toBe((await first).body.data.id);
    expect(await payoutsFor(strict, body.idempotency_key)).toHaveLength(1);
  });

  it("replay mode (default): the overlapping request is answered as a replay of the first", async () => {
    await lenient.addFault({ kind: "latency", method: "POST", path: "/v1/payouts", ms: 400, count: 1 });
    const body = validPayout();
    const first = postPayout(lenient, body);
    await expect.poll(async () => (await payoutsFor(lenient, body.idempotency_key)).length).toBe(1);
    const second = await postPayout(lenient, body);
    expect(second.status).toBe(200);
    expect(second.body.data.id).toBe((await first).body.data.id);
    expect(await payoutsFor(lenient, body.idempotency_key)).toHaveLength(1);
  });

  it("a request that hung is no longer in progress once its client gave up", async () => {
    await strict.addFault({ kind: "hang", method: "POST", path: "/v1/payouts", count: 1 });
    const body = validPayout();
    const controller = new AbortController();
    const hung = call(strict.url, "POST", "/v1/payouts", { key: ACME.apiKey, body, signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    await expect.poll(async () => (await postPayout(strict, body)).status).toBe(409);
    controller.abort();
    await hung;
    await expect.poll(async () => (await postPayout(strict, body)).status).toBe(200);
    expect(await payoutsFor(strict, body.idempotency_key)).toHaveLength(1);
  });
});

describe("refusals of re-sends (when: replay)", () => {
  it.each([
    ["error401", 401, "invalid_credentials"],
    ["error409", 409, "idempotency_in_progress"],
    ["error422", 422, "validation_error"],
  ] as const)(
    "%s fires only on a key that already made a payout; a new key is unaffected",
    async (kind, status, code) => {
      await lenient.addFault({ kind, method: "POST", path: "/v1/payouts", when: "replay" });
      const made = validPayout();
      expect((await postPayout(lenient, made)).status).toBe(200);
      const resent = await postPayout(lenient, made);
      expect(resent.status).toBe(status);
      expect(resent.body.error?.code).toBe(code);
      expect(resent.body.request_id).toMatch(/^req_/);
      expect(await payoutsFor(lenient, made.idempotency_key)).toHaveLength(1);
    },
  );

  it("when: first fires only on keys the sandbox has not seen", async () => {
    await lenient.addFault({ kind: "error503", method: "POST", path: "/v1/payouts", when: "first", count: 1 });
    const body = validPayout();
    expect((await postPayout(lenient, body)).status).toBe(503);
    expect((await postPayout(lenient, body)).status).toBe(200);
  });

  it("rejects an unknown `when`", async () => {
    const res = await call(lenient.url, "POST", "/__sandbox/faults", { body: { kind: "error401", when: "sometimes" } });
    expect(res.status).toBe(422);
  });
});

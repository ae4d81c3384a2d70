/**
 * The payments client against the real sandbox over HTTP (faults injected through
 * its admin routes). Retry policies are small so the file stays fast.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ManualClock, stepBackoffs } from "../helpers/clock";
import { ACME, BETA, startTestSandbox, type TestSandbox } from "../helpers/sandbox";
import {
  createPaymentsClient,
  isPaymentsApiError,
  PaymentsApiError,
  type AttemptInfo,
  type Credential,
  type PaymentsClientOptions,
  type RetryPolicy,
} from "@/lib/server/payments-api/client";

const FAST: Partial<RetryPolicy> = {
  maxAttempts: 4,
  baseDelayMs: 20,
  maxDelayMs: 200,
  attemptTimeoutMs: 300,
  deadlineMs: 5_000,
};

const ACME_KEY: Credential = { kind: "api_key", apiKey: ACME.apiKey };
const ACME_BEARER: Credential = { kind: "bearer", accessToken: ACME.accessToken, businessId: ACME.businessId };
const BETA_KEY: Credential = { kind: "api_key", apiKey: BETA.apiKey };

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox({ settleMs: 300 });
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(async () => {
  await sandbox.clearFaults();
});

const POST_PAYOUTS = "POST /v1/payouts";
const CHARGEBACKS = "GET /v1/chargebacks";

function client(overrides: Partial<PaymentsClientOptions> = {}) {
  return createPaymentsClient({ baseUrl: sandbox.url, credential: ACME_KEY, retry: FAST, ...overrides });
}

/** Runs `fn` and returns how many /v1 requests each route received meanwhile. */
async function counting<T>(
  fn: () => Promise<T>,
): Promise<{ value: T; requests: number; route: (key: string) => number }> {
  const before = await sandbox.stats();
  const value = await fn();
  const after = await sandbox.stats();
  return {
    value,
    requests: after.requests - before.requests,
    route: (key) => (after.by_route[key] ?? 0) - (before.by_route[key] ?? 0),
  };
}

/** Resolves once `route` has received `count` requests more than `before` (a real server: a bounded poll). */
async function arrived(route: string, before: number, count: number): Promise<void> {
  for (let tries = 0; tries < 500; tries++) {
    const stats = await sandbox.stats();
    if ((stats.by_route[route] ?? 0) - before >= count) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  throw new Error(`${route} did not receive ${count} request(s)`);
}

async function routeCount(route: string): Promise<number> {
  return (await sandbox.stats()).by_route[route] ?? 0;
}

/** The rejection of `promise`, asserting it is a PaymentsApiError. */
async function failure(promise: Promise<unknown>): Promise<PaymentsApiError> {
  try {
    await promise;
  } catch (error) {
    if (isPaymentsApiError(error)) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
}

function payoutBody(key = `op-${randomUUID()}`) {
  return { amount_centavos: 12_345, pix_key: "ana.silva@example.com", pix_key_type: "email", idempotency_key: key };
}

async function payoutsWithKey(key: string) {
  return (await sandbox.payouts()).filter((p) => p.idempotency_key === key);
}

describe("happy paths", () => {
  it("getPayout with an API key and with a bearer token", async () => {
    for (const credential of [ACME_KEY, ACME_BEARER]) {
      const result = await client({ credential }).getPayout("po_demo_paid");
      expect(result.data.id).toBe("po_demo_paid");
      expect(result.data.status).toBe("paid");
      expect(Number.isSafeInteger(result.data.amount_centavos)).toBe(true);
      expect(result.data.amount_centavos).toBeGreaterThan(0);
      expect(typeof result.requestId).toBe("string");
      expect(result.attempts).toBe(1);
      expect(result.replayed).toBe(false);
    }
  });

  it("listChargebacks with both credential kinds", async () => {
    const byKey = await client().listChargebacks();
    const byBearer = await client({ credential: ACME_BEARER }).listChargebacks();
    expect(byKey.data.length).toBeGreaterThanOrEqual(30);
    expect(byBearer.data.map((c) => c.id)).toEqual(byKey.data.map((c) => c.id));
    for (const chargeback of byKey.data) expect(typeof chargeback.id).toBe("string");
  });

  it("createPayout returns the created payout, and the same key replays it", async () => {
    const body = payoutBody();
    const first = await client().createPayout(body);
    expect(first.data.status).toBe("pending");
    expect(first.data.amount_centavos).toBe(12_345);
    expect(first.replayed).toBe(false);
    const again = await client().createPayout(body);
    expect(again.data.id).toBe(first.data.id);
    expect(again.replayed).toBe(true);
    const stored = await payoutsWithKey(body.idempotency_key);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.business_id).toBe(ACME.businessId);
  });

  it("getPayout reads back a created payout", async () => {
    const created = await client().createPayout(payoutBody());
    const read = await client({ credential: ACME_BEARER }).getPayout(created.data.id);
    expect(read.data.id).toBe(created.data.id);
    expect(read.data.amount_centavos).toBe(12_345);
  });

  it("listPaymentLinks returns an array of links", async () => {
    const result = await client().listPaymentLinks();
    expect(Array.isArray(result.data)).toBe(true);
    expect(result.data.length).toBeGreaterThan(0);
    for (const link of result.data) expect(typeof link.slug).toBe("string");
  });

  it("createPaymentLink sends the Idempotency-Key header: same key replays the same link", async () => {
    const idempotencyKey = randomUUID();
    const slug = `link-${randomUUID().slice(0, 8)}`;
    const body = { name: "Camiseta azul", slug, amount_centavos: 5_990, collect_customer_data: true };
    const first = await client().createPaymentLink(body, { idempotencyKey });
    expect(first.data).toMatchObject({ slug, amount_centavos: 5_990, collect_customer_data: true });
    const again = await client().createPaymentLink(body, { idempotencyKey });
    expect(again.data.id).toBe(first.data.id);
    expect(again.replayed).toBe(true);
    const list = await client().listPaymentLinks();
    expect(list.data.filter((l) => l.slug === slug)).toHaveLength(1);
  });

  it("updateSubaccount sends normalised fields and replays with the same key", async () => {
    const idempotencyKey = randomUUID();
    const result = await client().updateSubaccount(
      "sa_demo_1",
      { name: "Loja Centro", email: " Loja.Centro@Example.COM " },
      { idempotencyKey },
    );
    expect(result.data).toMatchObject({ id: "sa_demo_1", name: "Loja Centro", email: "loja.centro@example.com" });
    const again = await client().updateSubaccount(
      "sa_demo_1",
      { name: "Loja Centro", email: " Loja.Centro@Example.COM " },
      { idempotencyKey },
    );
    expect(again.replayed).toBe(true);
  });

  it("setSubaccountBlocked blocks and unblocks, with or without a key", async () => {
    const blocked = await client().setSubaccountBlocked(
      "sa_demo_2",
      { is_blocked: true },
      { idempotencyKey: randomUUID() },
    );
    expect(blocked.data).toMatchObject({ id: "sa_demo_2", is_blocked: true });
    const unblocked = await client().setSubaccountBlocked("sa_demo_2", { is_blocked: false });
    expect(unblocked.data.is_blocked).toBe(false);
  });

  it("another business does not see Acme's payout (404, not retried)", async () => {
    const { value: error, route } = await counting(() =>
      failure(client({ credential: BETA_KEY }).getPayout("po_demo_paid")),
    );
    expect(error.status).toBe(404);
    expect(error.kind).toBe("http");
    expect(error.attempts).toBe(1);
    expect(route("GET /v1/payouts/:id")).toBe(1);
  });
});

describe("local refusals (no request sent)", () => {
  it("a bearer credential may not call the write operations or list links", async () => {
    const bearer = client({ credential: ACME_BEARER });
    const calls = [
      () => bearer.createPayout(payoutBody()),
      () => bearer.listPaymentLinks(),
      () =>
        bearer.createPaymentLink(
          { name: "x", slug: "abc-def", amount_centavos: 100 },
          { idempotencyKey: randomUUID() },
        ),
      () => bearer.updateSubaccount("sa_demo_1", { name: "x" }, { idempotencyKey: randomUUID() }),
      () => bearer.setSubaccountBlocked("sa_demo_1", { is_blocked: true }),
    ];
    for (const call of calls) {
      const { value: error, requests } = await counting(() => failure(call()));
      expect(error).toMatchObject({
        status: 403,
        code: "forbidden_for_credential",
        attempts: 0,
        retried: false,
        retryable: false,
      });
      expect(requests).toBe(0);
    }
  });

  it.each(["../admin", "po_demo_paid/../../x", "a/b", "https://evil.example/x", "", "  ", "%2e%2e", "po demo"])(
    "invalid id %j",
    async (id) => {
      const c = client();
      const calls = [
        () => c.getPayout(id),
        () => c.updateSubaccount(id, { name: "x" }, { idempotencyKey: randomUUID() }),
        () => c.setSubaccountBlocked(id, { is_blocked: true }),
      ];
      for (const call of calls) {
        const { value: error, requests } = await counting(() => failure(call()));
        expect(error).toMatchObject({ status: 422, code: "invalid_id", attempts: 0 });
        expect(requests).toBe(0);
      }
    },
  );

  it("invalid bodies are rejected with field errors before sending", async () => {
    const c = client();
    const cases: Array<[() => Promise<unknown>, string]> = [
      [() => c.createPayout({ ...payoutBody(), amount_centavos: 1.5 }), "amount_centavos"],
      [() => c.createPayout({ ...payoutBody(), idempotency_key: "x" }), "idempotency_key"],
      [
        () =>
          c.createPaymentLink({ name: "x", slug: "Bad Slug", amount_centavos: 100 }, { idempotencyKey: randomUUID() }),
        "slug",
      ],
      [
        () =>
          c.createPaymentLink(
            { name: "x", slug: "abc", amount_centavos: 100, min_amount_centavos: 200 },
            { idempotencyKey: randomUUID() },
          ),
        "min_amount_centavos",
      ],
      [
        () => c.createPaymentLink({ name: "x", slug: "abc", amount_centavos: 100 }, { idempotencyKey: "no" }),
        "idempotency_key",
      ],
      [() => c.updateSubaccount("sa_demo_1", {}, { idempotencyKey: randomUUID() }), "_form"],
      [
        () =>
          c.updateSubaccount(
            "sa_demo_1",
            { daily_limit_centavos: 500, monthly_limit_centavos: 100 },
            { idempotencyKey: randomUUID() },
          ),
        "monthly_limit_centavos",
      ],
      [
        () => c.updateSubaccount("sa_demo_1", { document: "123.456.789-00" }, { idempotencyKey: randomUUID() }),
        "document",
      ],
    ];
    for (const [call, field] of cases) {
      const { value: error, requests } = await counting(() => failure(call()));
      expect(error).toMatchObject({ status: 422, code: "validation_error", attempts: 0, kind: "http" });
      expect(error.details?.fields).toHaveProperty(field);
      expect(requests).toBe(0);
    }
  });

  it("an already aborted signal sends nothing", async () => {
    const { value: rejection, requests } = await counting(() =>
      client()
        .getPayout("po_demo_paid", { signal: AbortSignal.abort() })
        .catch((e: unknown) => e),
    );
    expect(rejection).toMatchObject({ name: "AbortError" });
    expect(requests).toBe(0);
  });
});

describe("retries", () => {
  it("an upstream 4xx validation error is not retried", async () => {
    const body = { ...payoutBody(), pix_key: "not-an-email" };
    const { value: error, route } = await counting(() => failure(client().createPayout(body)));
    expect(error).toMatchObject({
      status: 422,
      code: "validation_error",
      kind: "http",
      attempts: 1,
      retried: false,
      retryable: false,
    });
    expect(error.details?.fields).toHaveProperty("pix_key");
    expect(typeof error.requestId).toBe("string");
    expect(route("POST /v1/payouts")).toBe(1);
  });

  it("503 then success", async () => {
    await sandbox.addFault({ kind: "error503", method: "GET", path: "/v1/payouts", count: 1 });
    const { value, route } = await counting(() => client().getPayout("po_demo_paid"));
    expect(value.attempts).toBe(2);
    expect(value.data.status).toBe("paid");
    expect(route("GET /v1/payouts/:id")).toBe(2);
  });

  it("a proxy's HTML 502 then success", async () => {
    await sandbox.addFault({ kind: "html502", path: "/v1/chargebacks", count: 1 });
    const result = await client().listChargebacks();
    expect(result.attempts).toBe(2);
    expect(result.data.length).toBeGreaterThanOrEqual(30);
  });

  it("a non-JSON body gives a clear error that names the status, not the HTML", async () => {
    await sandbox.addFault({ kind: "html502", path: "/v1/chargebacks" });
    const error = await failure(client({ retry: { ...FAST, maxAttempts: 2 } }).listChargebacks());
    expect(error).toMatchObject({
      kind: "invalid_response",
      status: 502,
      code: "upstream_invalid_response",
      attempts: 2,
      retried: true,
    });
    expect(error.message).toContain("502");
    expect(error.message).not.toMatch(/<html|Bad Gateway<\/h1>/i);
    expect(JSON.stringify(error)).not.toContain("<html");
  });

  it("429 with Retry-After: the header is a floor on the delay", async () => {
    await sandbox.addFault({ kind: "throttle429", path: "/v1/payment-links", method: "GET", count: 1, retry_after: 1 });
    const clock = new ManualClock();
    const result = await stepBackoffs(clock, client({ random: () => 0, clock }).listPaymentLinks());
    expect(result.attempts).toBe(2);
    // Each attempt's timeout, and between them the one backoff wait: the Retry-After, not the jitter's 0.
    expect(clock.requested).toEqual([FAST.attemptTimeoutMs, 1_000, FAST.attemptTimeoutMs]);
  });

  it("429 with Retry-After: the retry is sent only once the clock has passed it", async () => {
    await sandbox.addFault({ kind: "throttle429", path: "/v1/payment-links", method: "GET", count: 1, retry_after: 1 });
    const clock = new ManualClock();
    const before = await routeCount("GET /v1/payment-links");
    const attempts: number[] = [];
    const pending = client({ random: () => 0.99, clock }).listPaymentLinks({
      onAttempt: (info) => attempts.push(info.attempt),
    });
    await clock.asked(2);
    await clock.advance(999);
    expect(attempts).toEqual([1]);
    expect((await routeCount("GET /v1/payment-links")) - before).toBe(1);
    await clock.advance(1);
    const result = await pending;
    expect(result.attempts).toBe(2);
    expect(attempts).toEqual([1, 2]);
  });

  it("a Retry-After beyond the deadline stops at once with the 429", async () => {
    await sandbox.addFault({ kind: "throttle429", path: "/v1/payment-links", method: "GET", retry_after: 30 });
    const clock = new ManualClock();
    const started = clock.now();
    const error = await failure(client({ retry: { ...FAST, deadlineMs: 2_000 }, clock }).listPaymentLinks());
    // The header travels with the error, for whoever waits on it (the batch worker's back-off).
    expect(error).toMatchObject({ status: 429, attempts: 1, retryable: true, retried: false, retryAfter: "30" });
    // No backoff wait was asked for: only the first attempt's timeout, and no time passed.
    expect(clock.requested).toEqual([FAST.attemptTimeoutMs]);
    expect(clock.now()).toBe(started);
  });

  it("a timeout (hang) then success reuses the payout's idempotency key: exactly one payout", async () => {
    await sandbox.addFault({ kind: "hang", method: "POST", path: "/v1/payouts", count: 1 });
    const body = payoutBody();
    const seen: AttemptInfo[] = [];
    const clock = new ManualClock();
    const { value: result, route } = await counting(async () => {
      const before = await routeCount(POST_PAYOUTS);
      const pending = client({ clock, random: () => 0.5 }).createPayout(body, { onAttempt: (info) => seen.push(info) });
      await arrived(POST_PAYOUTS, before, 1);
      await clock.advance(FAST.attemptTimeoutMs ?? 0);
      await clock.asked(2);
      await clock.advance(clock.requested[1] ?? 0);
      return pending;
    });
    expect(result.attempts).toBe(2);
    expect(seen[1]?.error).toMatchObject({ kind: "timeout", status: 504, code: "upstream_timeout" });
    expect(route("POST /v1/payouts")).toBe(2);
    expect(await payoutsWithKey(body.idempotency_key)).toHaveLength(1);
  });

  it("commit_then_drop: the retry is answered as a replay, exactly one payout", async () => {
    await sandbox.addFault({ kind: "commit_then_drop", method: "POST", path: "/v1/payouts", count: 1 });
    const body = payoutBody();
    const seen: AttemptInfo[] = [];
    const result = await client().createPayout(body, { onAttempt: (info) => seen.push(info) });
    expect(result.attempts).toBe(2);
    expect(result.replayed).toBe(true);
    expect(seen[1]?.error).toMatchObject({ kind: "network", status: 502, code: "upstream_unreachable" });
    const stored = await payoutsWithKey(body.idempotency_key);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.id).toBe(result.data.id);
  });

  it("commit_then_drop on payment-link creation: the Idempotency-Key header is resent, one link", async () => {
    await sandbox.addFault({ kind: "commit_then_drop", method: "POST", path: "/v1/payment-links", count: 1 });
    const slug = `drop-${randomUUID().slice(0, 8)}`;
    const result = await client().createPaymentLink(
      { name: "Drop", slug, amount_centavos: 1_000 },
      { idempotencyKey: randomUUID() },
    );
    expect(result.attempts).toBe(2);
    expect(result.replayed).toBe(true);
    expect((await client().listPaymentLinks()).data.filter((l) => l.slug === slug)).toHaveLength(1);
  });

  it("attempts are bounded: always 503 → maxAttempts requests, then the 503", async () => {
    await sandbox.addFault({ kind: "error503", path: "/v1/chargebacks" });
    const { value: error, route } = await counting(() => failure(client().listChargebacks()));
    expect(error).toMatchObject({ status: 503, kind: "http", attempts: 4, retried: true, retryable: true });
    expect(route("GET /v1/chargebacks")).toBe(4);
  });

  it("jitter is random(0, min(cap, base·2^n)) with the injected random, reported through onAttempt", async () => {
    await sandbox.addFault({ kind: "error503", path: "/v1/chargebacks" });
    const clock = new ManualClock();
    const seen: AttemptInfo[] = [];
    const error = await failure(
      stepBackoffs(
        clock,
        client({
          retry: { maxAttempts: 5, baseDelayMs: 20, maxDelayMs: 100, attemptTimeoutMs: 300, deadlineMs: 5_000 },
          random: () => 0.5,
          clock,
        }).listChargebacks({ onAttempt: (info) => seen.push(info) }),
      ),
    );
    // ceilings 20, 40, 80, min(100, 160) → halves, each after an attempt's 300 ms timeout wait.
    expect(clock.requested.filter((_, i) => i % 2 === 1)).toEqual([10, 20, 40, 50]);
    expect(seen.map((s) => [s.attempt, s.delayMs, s.error?.status ?? null])).toEqual([
      [1, 0, null],
      [2, 10, 503],
      [3, 20, 503],
      [4, 40, 503],
      [5, 50, 503],
    ]);
    expect(error.attempts).toBe(5);
  });

  it("500 is retried for a GET but not for a POST", async () => {
    await sandbox.addFault({ kind: "error500", method: "GET", path: "/v1/chargebacks", count: 1 });
    expect((await client().listChargebacks()).attempts).toBe(2);

    await sandbox.addFault({ kind: "error500", method: "POST", path: "/v1/payouts", count: 1 });
    const { value: error, route } = await counting(() => failure(client().createPayout(payoutBody())));
    expect(error).toMatchObject({ status: 500, attempts: 1, retryable: false });
    expect(route("POST /v1/payouts")).toBe(1);
  });

  it("the total deadline is respected while the upstream hangs", async () => {
    await sandbox.addFault({ kind: "hang", path: "/v1/chargebacks" });
    const clock = new ManualClock();
    const started = clock.now();
    const before = await routeCount(CHARGEBACKS);
    let attempts = 0;
    const pending = failure(
      client({
        retry: { maxAttempts: 50, baseDelayMs: 20, maxDelayMs: 50, attemptTimeoutMs: 200, deadlineMs: 700 },
        random: () => 0.5,
        clock,
      }).listChargebacks({
        onAttempt: (info) => (attempts = info.attempt),
      }),
    );
    let done = false;
    void pending.finally(() => (done = true));
    // Every attempt hangs: let it reach the sandbox, then move the clock to the next wait (its timeout, or a backoff).
    for (let n = 1; !done; n++) {
      await Promise.race([clock.asked(n), pending]);
      if (done) break;
      await arrived(CHARGEBACKS, before, attempts);
      await clock.next();
    }
    const error = await pending;
    expect(error).toMatchObject({ kind: "timeout", status: 504, code: "upstream_timeout" });
    // Timeouts of 200 ms with backoffs of 10, 20 and 25 ms: the fourth attempt gets the 45 ms left, then no more.
    expect(clock.requested).toEqual([200, 10, 200, 20, 200, 25, 45]);
    expect(error.attempts).toBe(4);
    expect(clock.now() - started).toBe(700);
  });

  it("a read gives up at its own, shorter deadline; a payout's send keeps the whole one", async () => {
    const retry = {
      maxAttempts: 4,
      baseDelayMs: 20,
      maxDelayMs: 50,
      attemptTimeoutMs: 200,
      deadlineMs: 5_000,
      readDeadlineMs: 450,
    };
    /** Every attempt hangs: each is let reach the sandbox, then the clock moves to the next wait. Returns the time spent. */
    async function hungFor(
      route: string,
      path: string,
      call: (c: ReturnType<typeof client>, onAttempt: (n: number) => void) => Promise<unknown>,
    ) {
      await sandbox.clearFaults();
      await sandbox.addFault({ kind: "hang", path });
      const clock = new ManualClock();
      const started = clock.now();
      const before = await routeCount(route);
      let attempts = 0;
      const pending = failure(call(client({ retry, random: () => 0.5, clock }), (n) => (attempts = n)));
      let done = false;
      void pending.finally(() => (done = true));
      for (let n = 1; !done; n++) {
        await Promise.race([clock.asked(n), pending]);
        if (done) break;
        await arrived(route, before, attempts);
        await clock.next();
      }
      const error = await pending;
      expect(error).toMatchObject({ kind: "timeout", status: 504 });
      return { elapsed: clock.now() - started, attempts };
    }
    const read = await hungFor(CHARGEBACKS, "/v1/chargebacks", (c, onAttempt) =>
      c.listChargebacks({ onAttempt: (info) => onAttempt(info.attempt) }),
    );
    const send = await hungFor(POST_PAYOUTS, "/v1/payouts", (c, onAttempt) =>
      c.createPayout(payoutBody(), { onAttempt: (info) => onAttempt(info.attempt) }),
    );
    expect(read.elapsed).toBeLessThanOrEqual(450);
    expect(read.attempts).toBeLessThan(4);
    // The send is stopped by its attempts, not by the read's deadline.
    expect(send.attempts).toBe(4);
    expect(send.elapsed).toBeGreaterThan(450);
  });

  it("the caller's abort stops an attempt in flight and no retry follows", async () => {
    await sandbox.addFault({ kind: "hang", path: "/v1/chargebacks" });
    const controller = new AbortController();
    const clock = new ManualClock();
    const before = await routeCount(CHARGEBACKS);
    const attempts: number[] = [];
    const pending = client({ retry: { ...FAST, attemptTimeoutMs: 2_000 }, clock })
      .listChargebacks({ signal: controller.signal, onAttempt: (info) => attempts.push(info.attempt) })
      .catch((e: unknown) => e);
    await arrived(CHARGEBACKS, before, 1);
    controller.abort();
    expect(await pending).toMatchObject({ name: "AbortError" });
    // Past the whole deadline, no second attempt and no backoff wait were ever started.
    await clock.advance(FAST.deadlineMs ?? 0);
    expect(attempts).toEqual([1]);
    expect(clock.requested).toEqual([2_000]);
    expect((await routeCount(CHARGEBACKS)) - before).toBe(1);
  });

  it("the caller's abort during the backoff wait stops the retries", async () => {
    await sandbox.addFault({ kind: "error503", path: "/v1/chargebacks" });
    const controller = new AbortController();
    const reason = new Error("operator left");
    const clock = new ManualClock();
    const { value: rejection, route } = await counting(async () => {
      const pending = client({ retry: { ...FAST, baseDelayMs: 2_000, maxDelayMs: 2_000 }, random: () => 0.99, clock })
        .listChargebacks({ signal: controller.signal })
        .catch((e: unknown) => e);
      await clock.asked(2);
      expect(clock.pending).toBe(1);
      controller.abort(reason);
      return pending;
    });
    expect(rejection).toBe(reason);
    expect(clock.pending).toBe(0);
    expect(route("GET /v1/chargebacks")).toBe(1);
  });
});

describe("connections", () => {
  it("a burst of 20 sequential calls reuses kept-alive sockets", async () => {
    const c = client();
    await c.getPayout("po_demo_paid");
    const before = await sandbox.stats();
    for (let i = 0; i < 20; i++) await c.getPayout("po_demo_paid");
    const after = await sandbox.stats();
    expect(after.requests - before.requests).toBe(20);
    // Admin calls from the test helper use their own fetch pool; allow one for them.
    expect(after.connections - before.connections).toBeLessThanOrEqual(2);
  });

  it("connection refused is a retried network error", async () => {
    const { createServer } = await import("node:http");
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const error = await failure(
      createPaymentsClient({
        baseUrl: `http://127.0.0.1:${port}`,
        credential: ACME_KEY,
        retry: { ...FAST, maxAttempts: 3 },
      }).getPayout("po_demo_paid"),
    );
    expect(error).toMatchObject({
      kind: "network",
      status: 502,
      code: "upstream_unreachable",
      attempts: 3,
      retried: true,
      requestId: null,
    });
    expect(error.message).not.toContain(ACME.apiKey);
  });
});

describe("secrets", () => {
  it("no error carries the credential", async () => {
    await sandbox.addFault({ kind: "error503", path: "/v1/chargebacks" });
    await sandbox.addFault({ kind: "hang", path: "/v1/payouts/po_demo_paid" });
    const errors = [
      await failure(client({ retry: { ...FAST, maxAttempts: 2 } }).listChargebacks()),
      await failure(client({ retry: { ...FAST, maxAttempts: 1 } }).getPayout("po_demo_paid")),
      await failure(client({ credential: { kind: "api_key", apiKey: "sk_sandbox_wrong" } }).listPaymentLinks()),
      await failure(client({ credential: ACME_BEARER }).createPayout(payoutBody())),
      await failure(client().getPayout("../x")),
    ];
    for (const error of errors) {
      const text = `${error.message} ${error.stack ?? ""} ${JSON.stringify(error)}`;
      for (const secret of [ACME.apiKey, ACME.accessToken, "sk_sandbox_wrong"]) expect(text).not.toContain(secret);
    }
    expect(errors[2]?.status).toBe(401);
    expect(errors[2]?.attempts).toBe(1);
  });

  it("malformed credentials are refused without echoing them", () => {
    expect(() => createPaymentsClient({ baseUrl: sandbox.url, credential: { kind: "api_key", apiKey: "" } })).toThrow(
      /apiKey/,
    );
    expect(() =>
      createPaymentsClient({ baseUrl: sandbox.url, credential: { kind: "api_key", apiKey: "sk_line\r\nX-Evil: 1" } }),
    ).toThrow(/apiKey/);
    expect(() =>
      createPaymentsClient({ baseUrl: sandbox.url, credential: { kind: "api_key", apiKey: "sk_line\r\nX-Evil: 1" } }),
    ).not.toThrow(/X-Evil/);
    expect(() =>
      createPaymentsClient({ baseUrl: sandbox.url, credential: { kind: "bearer", accessToken: "at", businessId: "" } }),
    ).toThrow(/businessId/);
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { getPaymentsConfig, normalizeBaseUrl } from "@/lib/server/payments-api/config";
import { isPaymentsApiError, PaymentsApiError } from "@/lib/server/payments-api/errors";
import {
  backoffDelay,
  DEFAULT_RETRY_POLICY,
  isRetryableStatus,
  parseRetryAfter,
  resolveRetryPolicy,
  sleep,
} from "@/lib/server/payments-api/retry";

describe("backoffDelay (full jitter)", () => {
  const policy = { baseDelayMs: 200, maxDelayMs: 3000 };

  it("is random(0, min(cap, base·2^n)) for retry index n", () => {
    expect([0, 1, 2, 3, 4, 5].map((n) => backoffDelay(n, policy, () => 0.5))).toEqual([100, 200, 400, 800, 1500, 1500]);
    expect(backoffDelay(0, policy, () => 0)).toBe(0);
    expect(backoffDelay(3, policy, () => 0.999999)).toBe(1599);
    expect(backoffDelay(10, policy, () => 0.999999)).toBe(2999);
  });

  it("clamps a misbehaving random source", () => {
    expect(backoffDelay(0, policy, () => 7)).toBe(200);
    expect(backoffDelay(0, policy, () => -1)).toBe(0);
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-03-01T12:00:00Z");

  it("reads delta-seconds", () => {
    expect(parseRetryAfter("3", now)).toBe(3000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
  });

  it("reads an HTTP-date", () => {
    expect(parseRetryAfter("Sun, 01 Mar 2026 12:00:05 GMT", now)).toBe(5000);
    expect(parseRetryAfter("Sun, 01 Mar 2026 11:00:00 GMT", now)).toBe(0);
  });

  it.each([undefined, "", "soon", "-1", "1.5", "3 seconds", "2026-03-01"])("ignores %j", (value) => {
    expect(parseRetryAfter(value, now)).toBeNull();
  });
});

describe("isRetryableStatus", () => {
  it.each([408, 429, 502, 503, 504])("%d is retried for GET and POST", (status) => {
    expect(isRetryableStatus(status, "GET")).toBe(true);
    expect(isRetryableStatus(status, "POST")).toBe(true);
  });

  it("500 only for GET", () => {
    expect(isRetryableStatus(500, "GET")).toBe(true);
    expect(isRetryableStatus(500, "POST")).toBe(false);
  });

  it.each([200, 400, 401, 403, 404, 409, 422, 501])("%d is never retried", (status) => {
    expect(isRetryableStatus(status, "GET")).toBe(false);
    expect(isRetryableStatus(status, "POST")).toBe(false);
  });
});

describe("resolveRetryPolicy", () => {
  it("merges overrides into the defaults", () => {
    expect(resolveRetryPolicy({ baseDelayMs: 20 })).toEqual({ ...DEFAULT_RETRY_POLICY, baseDelayMs: 20 });
    expect(DEFAULT_RETRY_POLICY).toEqual({
      maxAttempts: 4,
      baseDelayMs: 200,
      maxDelayMs: 3000,
      attemptTimeoutMs: 8000,
      deadlineMs: 20000,
      readDeadlineMs: 5000,
    });
  });

  it("rejects nonsense", () => {
    expect(() => resolveRetryPolicy({ maxAttempts: 0 })).toThrow(RangeError);
    expect(() => resolveRetryPolicy({ maxAttempts: 1.5 })).toThrow(RangeError);
    expect(() => resolveRetryPolicy({ baseDelayMs: -1 })).toThrow(RangeError);
    expect(() => resolveRetryPolicy({ deadlineMs: 0 })).toThrow(RangeError);
    expect(() => resolveRetryPolicy({ readDeadlineMs: 0 })).toThrow(RangeError);
    expect(() => resolveRetryPolicy({ attemptTimeoutMs: Number.NaN })).toThrow(RangeError);
  });
});

describe("sleep (the system clock's wait)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("waits the given time on a timer", async () => {
    vi.useFakeTimers();
    let done = false;
    const pending = sleep(30).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(29);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    await pending;
  });

  it("rejects with the abort reason at once, leaving no timer behind", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const pending = sleep(5_000, controller.signal);
    controller.abort(new Error("stop"));
    await expect(pending).rejects.toThrow("stop");
    expect(vi.getTimerCount()).toBe(0);
    await expect(sleep(10, AbortSignal.abort())).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("getPaymentsConfig", () => {
  it("PAYMENTS_API_URL wins and is not the sandbox", () => {
    expect(
      getPaymentsConfig({ PAYMENTS_API_URL: "https://api.example.com/", SANDBOX_URL: "http://localhost:1" }),
    ).toEqual({
      baseUrl: "https://api.example.com",
      sandbox: false,
    });
    expect(getPaymentsConfig({ PAYMENTS_API_URL: "https://api.example.com/prefix//" }).baseUrl).toBe(
      "https://api.example.com/prefix",
    );
  });

  it("falls back to SANDBOX_URL, then SANDBOX_PORT, then 4010", () => {
    expect(getPaymentsConfig({ SANDBOX_URL: "http://localhost:5000/" })).toEqual({
      baseUrl: "http://localhost:5000",
      sandbox: true,
    });
    expect(getPaymentsConfig({ SANDBOX_PORT: "4999" })).toEqual({ baseUrl: "http://127.0.0.1:4999", sandbox: true });
    expect(getPaymentsConfig({})).toEqual({ baseUrl: "http://127.0.0.1:4010", sandbox: true });
    expect(getPaymentsConfig({ PAYMENTS_API_URL: "  " }).sandbox).toBe(true);
  });

  it("rejects bad URLs without echoing them", () => {
    expect(() => getPaymentsConfig({ PAYMENTS_API_URL: "ftp://api.example.com" })).toThrow(/http or https/);
    expect(() => getPaymentsConfig({ PAYMENTS_API_URL: "not a url" })).toThrow(/not a valid URL/);
    expect(() => getPaymentsConfig({ PAYMENTS_API_URL: "https://user:s3cret@api.example.com" })).toThrow(/credentials/);
    expect(() => getPaymentsConfig({ PAYMENTS_API_URL: "https://user:s3cret@api.example.com" })).not.toThrow(/s3cret/);
    expect(() => getPaymentsConfig({ SANDBOX_PORT: "99999" })).toThrow(/SANDBOX_PORT/);
    expect(() => normalizeBaseUrl("https://api.example.com/?x=1")).toThrow(/query/);
    expect(() => normalizeBaseUrl("javascript:alert(1)")).toThrow();
  });
});

describe("PaymentsApiError", () => {
  it("carries its fields, derives retried and serialises them", () => {
    const error = new PaymentsApiError({
      kind: "http",
      status: 503,
      code: "unavailable",
      message: "down",
      attempts: 3,
      retryable: true,
      requestId: "req_1",
      retryAfter: "120",
    });
    expect(error).toBeInstanceOf(Error);
    expect(isPaymentsApiError(error)).toBe(true);
    expect(isPaymentsApiError(new Error("x"))).toBe(false);
    expect(error.retried).toBe(true);
    expect(error.details).toBeNull();
    expect(error.name).toBe("PaymentsApiError");
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: "PaymentsApiError",
      kind: "http",
      status: 503,
      code: "unavailable",
      message: "down",
      details: null,
      requestId: "req_1",
      attempts: 3,
      retried: true,
      retryable: true,
      retryAfter: "120",
      maybeCommitted: false,
    });
    const timeout = new PaymentsApiError({
      kind: "timeout",
      status: 504,
      code: "upstream_timeout",
      message: "t",
      attempts: 1,
      retryable: true,
    });
    expect(timeout.retried).toBe(false);
    expect(timeout.retryAfter).toBeNull();
  });
});

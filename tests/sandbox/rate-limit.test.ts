import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../helpers/clock";
import { ACME, BETA, startTestSandbox, type TestSandbox } from "../helpers/sandbox";
import { call } from "./client";

let sb: TestSandbox;
const clock = new ManualClock();
beforeAll(async () => {
  sb = await startTestSandbox({ rateLimit: { perSecond: 2, burst: 3 }, clock });
});
afterAll(() => sb.close());

describe("throttling (token bucket per credential)", () => {
  it("answers 429 rate_limited with Retry-After beyond the burst, per credential, and recovers", async () => {
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 5; i++) {
      const res = await call(sb.url, "GET", "/v1/payment-links", { key: ACME.apiKey });
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.slice(3)).toContain(429);
    expect(limited?.body.error?.code).toBe("rate_limited");
    expect(limited?.body.request_id).toMatch(/^req_/);
    const retryAfter = Number(limited?.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);

    // Another credential has its own bucket, and the bearer token of Acme is another credential too.
    expect((await call(sb.url, "GET", "/v1/payment-links", { key: BETA.apiKey })).status).toBe(200);
    expect(
      (
        await call(sb.url, "GET", "/v1/chargebacks", {
          bearer: { token: ACME.accessToken, businessId: ACME.businessId },
        })
      ).status,
    ).toBe(200);

    // Time stands still until the test moves it: the bucket refills only then.
    expect((await call(sb.url, "GET", "/v1/payment-links", { key: ACME.apiKey })).status).toBe(429);
    await clock.advance(retryAfter * 1000);
    expect((await call(sb.url, "GET", "/v1/payment-links", { key: ACME.apiKey })).status).toBe(200);
  });

  it("does not throttle admin routes", async () => {
    for (let i = 0; i < 10; i++) expect((await call(sb.url, "GET", "/__sandbox/health")).status).toBe(200);
  });
});

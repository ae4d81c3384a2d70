import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { envelopeSchema } from "@/lib/shared/schemas";
import { ACME, startTestSandbox, type TestSandbox } from "../helpers/sandbox";
import { call, validPayout } from "./client";

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

const REQUEST_ID_RE = /^req_[a-z2-7]{20}$/;

function expectEnvelope(res: { headers: Headers; body: unknown }) {
  const env = envelopeSchema.parse(res.body);
  expect(Object.keys(res.body as object).sort()).toEqual(["data", "error", "request_id"]);
  expect(env.request_id).toMatch(REQUEST_ID_RE);
  expect(res.headers.get("x-request-id")).toBe(env.request_id);
  expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
  return env;
}

describe("envelope", () => {
  it("wraps a success with error null", async () => {
    const res = await call(sb.url, "GET", "/v1/payment-links", { key: ACME.apiKey });
    expect(res.status).toBe(200);
    const env = expectEnvelope(res);
    expect(env.error).toBeNull();
    expect(env.data).toHaveProperty("links");
  });

  it("wraps an error with data null and code/message/details", async () => {
    const res = await call(sb.url, "GET", "/v1/payment-links");
    expect(res.status).toBe(401);
    const env = expectEnvelope(res);
    expect(res.body.data).toBeNull();
    expect(env.error).toMatchObject({ code: "unauthorized" });
    expect(typeof env.error?.message).toBe("string");
    expect(env.error?.details).toEqual({});
  });

  it("answers unknown /v1 routes and unknown paths with 404 not_found", async () => {
    for (const path of ["/v1/nope", "/v1/payouts/a/b", "/", "/v2/payouts"]) {
      const res = await call(sb.url, "GET", path, { key: ACME.apiKey });
      expect(res.status, path).toBe(404);
      expect(expectEnvelope(res).error?.code).toBe("not_found");
    }
  });

  it("answers a wrong method with 405 and an Allow header", async () => {
    const res = await call(sb.url, "DELETE", "/v1/payouts", { key: ACME.apiKey });
    expect(res.status).toBe(405);
    expect(expectEnvelope(res).error?.code).toBe("method_not_allowed");
    expect(res.headers.get("allow")).toBe("POST");
    const put = await call(sb.url, "PUT", "/v1/payment-links", { key: ACME.apiKey, body: {} });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, POST");
  });

  it("answers malformed JSON with 400 invalid_json", async () => {
    const res = await call(sb.url, "POST", "/v1/payouts", { key: ACME.apiKey, rawBody: '{"amount_centavos": 10,' });
    expect(res.status).toBe(400);
    expect(expectEnvelope(res).error?.code).toBe("invalid_json");
  });

  it("answers a JSON body that is not an object with 400 invalid_body", async () => {
    for (const raw of ["[1,2]", '"text"', "42", "null", ""]) {
      const res = await call(sb.url, "POST", "/v1/payouts", { key: ACME.apiKey, rawBody: raw });
      expect(res.status, raw).toBe(400);
      expect(expectEnvelope(res).error?.code, raw).toBe("invalid_body");
    }
  });

  it("refuses non-JSON content types with 415", async () => {
    const res = await call(sb.url, "POST", "/v1/payouts", {
      key: ACME.apiKey,
      rawBody: JSON.stringify(validPayout()),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(415);
    expect(expectEnvelope(res).error?.code).toBe("unsupported_media_type");
  });

  it("refuses bodies over 1 MiB with 413", async () => {
    const res = await call(sb.url, "POST", "/v1/payment-links", {
      key: ACME.apiKey,
      body: { name: "x".repeat(1_100_000) },
    });
    expect(res.status).toBe(413);
    expect(expectEnvelope(res).error?.code).toBe("payload_too_large");
  });

  it("uses the envelope on admin routes too", async () => {
    const res = await call(sb.url, "GET", "/__sandbox/health");
    expect(res.status).toBe(200);
    expect(expectEnvelope(res).data).toEqual({ ok: true, sandbox: true });
    const missing = await call(sb.url, "GET", "/__sandbox/nope");
    expect(missing.status).toBe(404);
    expectEnvelope(missing);
  });

  it("gives every request a fresh request_id", async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++)
      ids.add((await call(sb.url, "GET", "/v1/chargebacks", { key: ACME.apiKey })).body.request_id);
    expect(ids.size).toBe(20);
  });
});

/**
 * What the client puts on the wire and how it reads answers the sandbox never gives
 * (a 200 with a malformed payload, an HTTP-date Retry-After, a request id only in
 * the header). A bare node:http server records each request and answers from a
 * script; everything else is covered against the sandbox in client.test.ts.
 */
import { ManualClock, stepBackoffs } from "../helpers/clock";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createPaymentsClient,
  isPaymentsApiError,
  PaymentsApiError,
  type RetryPolicy,
} from "@/lib/server/payments-api/client";

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Reply {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

const FAST: Partial<RetryPolicy> = {
  maxAttempts: 3,
  baseDelayMs: 5,
  maxDelayMs: 20,
  attemptTimeoutMs: 500,
  deadlineMs: 5_000,
};
const API_KEY = "sk_wire_secret_123";

let server: Server;
let baseUrl = "";
let seen: Seen[] = [];
let script: Reply[] = [];

const envelope = (data: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ data, error: null, request_id: "req_body", ...extra });
const payout = { id: "po_1", status: "paid", amount_centavos: 1000, fee_centavos: 10, net_centavos: 990 };

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      seen.push({
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const reply = script.shift() ?? { status: 200, body: envelope(payout) };
      res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  script = [];
});

const apiClient = (retry: Partial<RetryPolicy> = FAST) =>
  createPaymentsClient({ baseUrl, credential: { kind: "api_key", apiKey: API_KEY }, retry });

async function failure(promise: Promise<unknown>): Promise<PaymentsApiError> {
  try {
    await promise;
  } catch (error) {
    if (isPaymentsApiError(error)) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
}

describe("request headers", () => {
  it("GET with an API key: X-API-Key, Accept, User-Agent; no Content-Type, no Idempotency-Key", async () => {
    await apiClient().getPayout("po_1");
    const [req] = seen;
    expect(req?.method).toBe("GET");
    expect(req?.url).toBe("/v1/payouts/po_1");
    expect(req?.headers["x-api-key"]).toBe(API_KEY);
    expect(req?.headers.accept).toBe("application/json");
    expect(req?.headers["user-agent"]).toBe("pix-ops-dashboard/0.1");
    expect(req?.headers["content-type"]).toBeUndefined();
    expect(req?.headers["idempotency-key"]).toBeUndefined();
    expect(req?.headers.authorization).toBeUndefined();
  });

  it("bearer: Authorization and X-Business-Id, no X-API-Key", async () => {
    const c = createPaymentsClient({
      baseUrl,
      credential: { kind: "bearer", accessToken: "at_wire", businessId: "7f1c2b9e-4d2a-4c5e-9b1a-0a1b2c3d4e5f" },
      retry: FAST,
    });
    script.push({ status: 200, body: envelope([{ id: "cb_1" }]) });
    await c.listChargebacks();
    expect(seen[0]?.url).toBe("/v1/chargebacks");
    expect(seen[0]?.headers.authorization).toBe("Bearer at_wire");
    expect(seen[0]?.headers["x-business-id"]).toBe("7f1c2b9e-4d2a-4c5e-9b1a-0a1b2c3d4e5f");
    expect(seen[0]?.headers["x-api-key"]).toBeUndefined();
  });

  it("POST payment link: JSON body, Content-Type and the same Idempotency-Key on every retry", async () => {
    script.push({
      status: 503,
      body: envelope(null, { error: { code: "unavailable", message: "busy", details: {} } }),
    });
    script.push({ status: 200, body: envelope({ id: "pl_1", name: "x", slug: "abc", status: "pending" }) });
    await apiClient().createPaymentLink(
      { name: " x ", slug: "abc", amount_centavos: 100 },
      { idempotencyKey: "link-key-0001" },
    );
    expect(seen).toHaveLength(2);
    for (const req of seen) {
      expect(req.method).toBe("POST");
      expect(req.url).toBe("/v1/payment-links");
      expect(req.headers["content-type"]).toBe("application/json");
      expect(req.headers["idempotency-key"]).toBe("link-key-0001");
    }
    expect(seen[1]?.body).toBe(seen[0]?.body);
    expect(JSON.parse(seen[0]?.body ?? "")).toEqual({
      name: "x",
      slug: "abc",
      amount_centavos: 100,
      collect_customer_data: false,
    });
  });

  it("POST payout: idempotency_key travels in the identical body, not in a header", async () => {
    script.push({ status: 502, body: "<html>bad gateway</html>", headers: { "content-type": "text/html" } });
    script.push({ status: 200, body: envelope({ ...payout, status: "pending", amount_centavos: "1000" }) });
    const body = { amount_centavos: 1000, pix_key: "a@b.co", pix_key_type: "email", idempotency_key: "payout-key-1" };
    const result = await apiClient().createPayout(body);
    expect(result.data.amount_centavos).toBe(1000);
    expect(seen).toHaveLength(2);
    expect(seen[0]?.body).toBe(seen[1]?.body);
    expect(JSON.parse(seen[0]?.body ?? "")).toEqual(body);
    expect(seen[0]?.headers["idempotency-key"]).toBeUndefined();
  });

  it("subaccount paths carry the validated id; block without a key sends no Idempotency-Key", async () => {
    const sub = { id: "sa_1", is_blocked: true };
    script.push({ status: 200, body: envelope(sub) }, { status: 200, body: envelope(sub) });
    await apiClient().updateSubaccount("  sa_1 ", { name: "Loja" }, { idempotencyKey: "upd-key-0001" });
    await apiClient().setSubaccountBlocked("sa_1", { is_blocked: true });
    expect(seen.map((r) => r.url)).toEqual(["/v1/subaccounts/sa_1/update", "/v1/subaccounts/sa_1/blocked"]);
    expect(seen[0]?.headers["idempotency-key"]).toBe("upd-key-0001");
    expect(seen[1]?.headers["idempotency-key"]).toBeUndefined();
    expect(JSON.parse(seen[1]?.body ?? "")).toEqual({ is_blocked: true });
  });
});

describe("reading answers", () => {
  it("request id: body first, else the X-Request-Id header", async () => {
    script.push({ status: 200, headers: { "x-request-id": "req_header" }, body: envelope(payout) });
    expect((await apiClient().getPayout("po_1")).requestId).toBe("req_body");
    script.push({
      status: 200,
      headers: { "x-request-id": "req_header" },
      body: JSON.stringify({ data: payout, error: null }),
    });
    expect((await apiClient().getPayout("po_1")).requestId).toBe("req_header");
    script.push({ status: 200, body: JSON.stringify({ data: payout, error: null }) });
    expect((await apiClient().getPayout("po_1")).requestId).toBeNull();
  });

  it("Idempotent-Replayed: true is reported", async () => {
    script.push({ status: 200, headers: { "idempotent-replayed": "true" }, body: envelope(payout) });
    expect((await apiClient().getPayout("po_1")).replayed).toBe(true);
  });

  it("an error envelope becomes a PaymentsApiError with its code, message and details", async () => {
    script.push({
      status: 409,
      headers: { "x-request-id": "req_conflict" },
      body: JSON.stringify({
        data: null,
        error: { code: "idempotency_conflict", message: "Key reused.", details: { idempotency_key: "k" } },
        request_id: "req_conflict",
      }),
    });
    const error = await failure(apiClient().getPayout("po_1"));
    expect(error).toMatchObject({
      kind: "http",
      status: 409,
      code: "idempotency_conflict",
      message: "Key reused.",
      details: { idempotency_key: "k" },
      requestId: "req_conflict",
      attempts: 1,
      retryable: false,
    });
    expect(seen).toHaveLength(1);
  });

  it("a 200 whose data breaks the schema is a 502 with issue paths and no values, not retried", async () => {
    script.push({
      status: 200,
      body: envelope({ id: "po_1", status: "paid", amount_centavos: "12.5", bank_account: { holder_name: 4242 } }),
    });
    const error = await failure(apiClient().getPayout("po_1"));
    expect(error).toMatchObject({
      kind: "invalid_response",
      status: 502,
      code: "upstream_invalid_response",
      attempts: 1,
      retryable: false,
      requestId: "req_body",
    });
    const issues = error.details?.issues;
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: "amount_centavos" }),
        expect.objectContaining({ path: "bank_account.holder_name" }),
      ]),
    );
    expect(JSON.stringify(error)).not.toContain("12.5");
    expect(JSON.stringify(error)).not.toContain("4242");
    expect(seen).toHaveLength(1);
  });

  it("a 200 with an HTML body is a 502 and not retried", async () => {
    script.push({ status: 200, headers: { "content-type": "text/html" }, body: "<html>login</html>" });
    const error = await failure(apiClient().getPayout("po_1"));
    expect(error).toMatchObject({
      kind: "invalid_response",
      status: 502,
      code: "upstream_invalid_response",
      retryable: false,
      attempts: 1,
    });
    expect(error.message).toContain("HTTP 200");
    expect(error.message).toContain("text/html");
    expect(error.message).not.toContain("login");
  });

  it("an error status without an envelope keeps its status", async () => {
    script.push({ status: 404, headers: { "content-type": "text/plain" }, body: "Not Found" });
    const error = await failure(apiClient().getPayout("po_1"));
    expect(error).toMatchObject({ kind: "invalid_response", status: 404, attempts: 1, retryable: false });
  });

  it("an HTTP-date Retry-After is a floor too", async () => {
    // The client reads the date against its own clock: 3 s ahead of it is a 3 s floor.
    const clock = new ManualClock(Date.parse("2025-01-15T12:00:00Z"));
    const at = new Date(clock.now() + 3_000).toUTCString();
    script.push({
      status: 503,
      headers: { "retry-after": at },
      body: envelope(null, { error: { code: "unavailable", message: "", details: {} } }),
    });
    const c = createPaymentsClient({
      baseUrl,
      credential: { kind: "api_key", apiKey: API_KEY },
      retry: FAST,
      random: () => 0,
      clock,
    });
    expect((await stepBackoffs(clock, c.getPayout("po_1"))).attempts).toBe(2);
    expect(clock.requested.filter((_, i) => i % 2 === 1)).toEqual([3_000]);
  });

  it("the error thrown once the retries run out carries the last answer's Retry-After as sent", async () => {
    const at = "Wed, 15 Jan 2025 12:00:09 GMT";
    script.push({
      status: 503,
      headers: { "retry-after": at },
      body: envelope(null, { error: { code: "unavailable", message: "", details: {} } }),
    });
    const error = await failure(
      createPaymentsClient({
        baseUrl,
        credential: { kind: "api_key", apiKey: API_KEY },
        retry: { ...FAST, maxAttempts: 1 },
      }).getPayout("po_1"),
    );
    expect(error).toMatchObject({ status: 503, attempts: 1, retryAfter: at });
    script.push({ status: 503, body: envelope(null, { error: { code: "unavailable", message: "", details: {} } }) });
    expect(
      (
        await failure(
          createPaymentsClient({
            baseUrl,
            credential: { kind: "api_key", apiKey: API_KEY },
            retry: { ...FAST, maxAttempts: 1 },
          }).getPayout("po_1"),
        )
      ).retryAfter,
    ).toBeNull();
  });

  it("408 is retried; 400 and 401 are not", async () => {
    script.push({ status: 408, body: envelope(null, { error: { code: "timeout", message: "", details: {} } }) });
    expect((await apiClient().getPayout("po_1")).attempts).toBe(2);
    for (const status of [400, 401]) {
      seen = [];
      script.push({ status, body: envelope(null, { error: { code: `e${status}`, message: "no", details: {} } }) });
      const error = await failure(apiClient().getPayout("po_1"));
      expect(error).toMatchObject({ status, code: `e${status}`, attempts: 1 });
      expect(seen).toHaveLength(1);
    }
  });

  it("the API key never appears in errors", async () => {
    script.push({
      status: 401,
      body: envelope(null, { error: { code: "invalid_credentials", message: "bad key", details: {} } }),
    });
    const error = await failure(apiClient().getPayout("po_1"));
    expect(`${error.message} ${error.stack ?? ""} ${JSON.stringify(error)}`).not.toContain(API_KEY);
  });
});

describe("whether a failed operation may have taken effect (maybeCommitted)", () => {
  const body = {
    amount_centavos: 1000,
    pix_key_type: "email",
    pix_key: "a@example.com",
    idempotency_key: "wire-key-1",
  };
  const refusal = (status: number, code: string) => ({
    status,
    body: JSON.stringify({ data: null, error: { code, message: code, details: {} }, request_id: "req_r" }),
  });

  it("a 4xx on the only attempt: nothing can have been made", async () => {
    script = [refusal(422, "validation_error")];
    const error = await failure(apiClient().createPayout(body));
    expect(error.status).toBe(422);
    expect(error.maybeCommitted).toBe(false);
  });

  it("a 429 and then a 4xx: a throttled request made nothing either", async () => {
    script = [{ ...refusal(429, "rate_limited"), headers: { "retry-after": "0" } }, refusal(401, "unauthorized")];
    const error = await failure(apiClient().createPayout(body));
    expect(error.status).toBe(401);
    expect(error.maybeCommitted).toBe(false);
  });

  it("a 503 or a 502 page before a 4xx: the earlier attempt may have made it, so the 4xx is not the whole story", async () => {
    script = [refusal(503, "service_unavailable"), refusal(422, "validation_error")];
    const error = await failure(apiClient().createPayout(body));
    expect(error.status).toBe(422);
    expect(error.maybeCommitted).toBe(true);

    script = [
      { status: 502, headers: { "content-type": "text/html" }, body: "<html>bad gateway</html>" },
      refusal(409, "idempotency_in_progress"),
    ];
    expect((await failure(apiClient().createPayout(body))).maybeCommitted).toBe(true);
  });

  it("a 200 whose payload cannot be read: the payout was made (unreadableSuccess), never retried", async () => {
    script = [{ status: 200, body: envelope({ id: 42 }) }];
    const error = await failure(apiClient().createPayout(body));
    expect(error).toMatchObject({ unreadableSuccess: true, maybeCommitted: true });
    expect(seen).toHaveLength(1);
  });

  it("a connection refused before anything was written: nothing can have been made", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const address = closed.address();
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const port = typeof address === "object" && address ? address.port : 0;
    const client = createPaymentsClient({
      baseUrl: `http://127.0.0.1:${port}`,
      credential: { kind: "api_key", apiKey: API_KEY },
      retry: { ...FAST, maxAttempts: 2 },
    });
    const error = await failure(client.createPayout(body));
    expect(error.kind).toBe("network");
    expect(error.maybeCommitted).toBe(false);
  });
});

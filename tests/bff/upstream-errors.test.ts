import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as chargebacks from "@/app/api/chargebacks/route";
import * as paymentLinks from "@/app/api/payment-links/route";
import * as payout from "@/app/api/payouts/[id]/route";
import * as session from "@/app/api/session/route";
import { closeLedger } from "@/lib/server/ledger";
import { resetConfigForTests } from "@/lib/server/config";
import {
  call,
  countUpstream,
  financeBody,
  operatorBody,
  signIn,
  startBffHarness,
  type BffHarness,
  type CallResult,
} from "../helpers/bff";
import { captureLogs } from "../helpers/logs";

let harness: BffHarness;
let cookie = "";
/** Chargebacks are finance's (the operator may not list them). */
let finance = "";
beforeAll(async () => {
  // `proto: "https"` calls stand for a TLS-terminating proxy's X-Forwarded-Proto, which only a deployment that trusts its proxy reads.
  harness = await startBffHarness({ env: { TRUST_PROXY: "1" } });
  cookie = await signIn(session.POST, operatorBody);
  finance = await signIn(session.POST, financeBody);
});
afterAll(async () => {
  await harness.close();
});
beforeEach(async () => {
  await harness.sandbox.clearFaults();
});

const listLinks = () => call(paymentLinks.GET, "/api/payment-links", { cookie });

function expectNothingInternal(result: CallResult): void {
  for (const leak of [
    "<html",
    "Bad Gateway</h1>",
    "    at ",
    "Error:",
    "ECONNREFUSED",
    "stack",
    "127.0.0.1:",
    "node_modules",
    "/work/",
  ]) {
    expect(result.text, `body reveals ${leak}`).not.toContain(leak);
  }
}

describe("upstream failures", () => {
  it("a 503 storm on GET /v1/payment-links → 503 upstream_unavailable with the API's request id, after retries", async () => {
    await harness.sandbox.addFault({ kind: "error503", method: "GET", path: "/v1/payment-links", rate: 1 });
    const { result, byRoute } = await countUpstream(harness.sandbox, listLinks);
    expect(result.status).toBe(503);
    expect(result.json.error?.code).toBe("upstream_unavailable");
    expect(result.json.request_id).toMatch(/^req_/);
    expect(result.json.data).toBeNull();
    expect(byRoute["GET /v1/payment-links"]).toBeGreaterThan(1);
    expectNothingInternal(result);

    await harness.sandbox.clearFaults();
    expect((await listLinks()).status).toBe(200);
  });

  it("a few 503s are absorbed by the retries: 200", async () => {
    await harness.sandbox.addFault({ kind: "error503", method: "GET", path: "/v1/payment-links", count: 2 });
    const result = await listLinks();
    expect(result.status).toBe(200);
    expect(Array.isArray(result.json.data)).toBe(true);
  });

  it("429s that never stop → 503 upstream_unavailable", async () => {
    await harness.sandbox.addFault({ kind: "throttle429", method: "GET", path: "/v1/chargebacks", retry_after: 0 });
    const result = await call(chargebacks.GET, "/api/chargebacks", { cookie: finance });
    expect(result.status).toBe(503);
    expect(result.json.error?.code).toBe("upstream_unavailable");
  });

  it("an HTML 502 page, repeatedly → 502 with JSON, and no HTML in the body", async () => {
    await harness.sandbox.addFault({ kind: "html502", method: "GET", path: "/v1/payment-links" });
    const result = await listLinks();
    expect(result.status).toBe(502);
    expect(result.headers.get("content-type")).toMatch(/^application\/json/);
    expect(result.json.error?.code).toBe("upstream_invalid_response");
    expectNothingInternal(result);
  });

  it("a GET that keeps failing with 500 → 502 upstream_unavailable", async () => {
    await harness.sandbox.addFault({ kind: "error500", method: "GET", path: "/v1/chargebacks" });
    const result = await call(chargebacks.GET, "/api/chargebacks", { cookie: finance });
    expect(result.status).toBe(502);
    expect(result.json.error?.code).toBe("upstream_unavailable");
    expect(result.json.request_id).toMatch(/^req_/);
    expectNothingInternal(result);
  });

  it("an API that does not answer → 504 upstream_timeout", async () => {
    await harness.sandbox.addFault({ kind: "hang", method: "GET", path: "/v1/chargebacks" });
    const result = await call(chargebacks.GET, "/api/chargebacks", { cookie: finance });
    expect(result.status).toBe(504);
    expect(result.json.error?.code).toBe("upstream_timeout");
    expectNothingInternal(result);
  });

  it("an upstream 404 (unknown payout) → 404 with the API's code and request id", async () => {
    const result = await call(payout.GET, "/api/payouts/po_does_not_exist", {
      cookie,
      params: { id: "po_does_not_exist" },
    });
    expect(result.status).toBe(404);
    expect(result.json.error?.code).toBe("not_found");
    expect(result.json.error?.message).toBeTruthy();
    expect(result.json.request_id).toMatch(/^req_/);
  });

  it("an API that cannot be reached at all → 502, nothing internal revealed", async () => {
    vi.stubEnv("SANDBOX_URL", "http://127.0.0.1:9");
    resetConfigForTests();
    try {
      const result = await listLinks();
      expect(result.status).toBe(502);
      expect(result.json.error?.code).toBe("upstream_unavailable");
      // No upstream answer: the id is the BFF's own.
      expect(result.json.request_id).toMatch(/^bff_[0-9a-f]{20}$/);
      expectNothingInternal(result);
    } finally {
      vi.unstubAllEnvs();
      resetConfigForTests();
    }
  });
});

// Last: it takes the ledger down and brings a fresh one back.
describe("unexpected exceptions", () => {
  afterAll(async () => {
    vi.unstubAllEnvs();
    resetConfigForTests();
    await closeLedger();
  });

  it("an unusable ledger → 500 internal_error with a generic message and nothing internal; the log line has its request id", async () => {
    const logs = captureLogs();
    const replies: CallResult[] = [];
    try {
      vi.stubEnv("DATABASE_URL", "postgres://nobody:secret@127.0.0.1:9/no_such_database");
      resetConfigForTests();
      await closeLedger();
      for (const result of [
        await listLinks(),
        await call(session.GET, "/api/session", { cookie }),
        await call(session.POST, "/api/session", { method: "POST", body: operatorBody }),
      ]) {
        replies.push(result);
        expect(result.status, result.text).toBe(500);
        expect(result.json.error?.code).toBe("internal_error");
        expect(result.json.error?.message).toMatch(/something went wrong/i);
        expect(result.json.error?.details).toBeUndefined();
        expect(result.json.request_id).toMatch(/^bff_[0-9a-f]{20}$/);
        expect(result.text).not.toContain("secret");
        expect(result.text).not.toContain("no_such_database");
        expectNothingInternal(result);
        expect(result.headers.get("cache-control")).toBe("no-store");
      }
      // Over https the 500 is still an https response (HSTS), whichever step failed.
      const httpsCookie = cookie.replace(/^pixops_session=/, "__Host-pixops_session=");
      for (const result of [
        await call(session.GET, "/api/session", { cookie: httpsCookie, proto: "https" }),
        await call(session.POST, "/api/session", { method: "POST", body: operatorBody, proto: "https" }),
      ]) {
        expect(result.status).toBe(500);
        expect(result.headers.get("strict-transport-security")).toMatch(/max-age=/);
      }
    } finally {
      logs.restore();
    }
    // Support finds each reply's own request id in the server's log, and the log holds nothing of the database URL's secrets.
    const logged = new Set(logs.stderr.filter((l) => l.event === "bff.unexpected_error").map((l) => l.requestId));
    for (const reply of replies) expect(logged.has(reply.json.request_id)).toBe(true);
    expect(logs.text()).not.toContain("nobody:secret");
  });
});

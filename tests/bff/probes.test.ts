/**
 * GET /api/health and GET /api/ready: the load balancer's probes. No session,
 * no cookies, never cached; readiness names the failed check and nothing else.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as health from "@/app/api/health/route";
import * as ready from "@/app/api/ready/route";
import { resetConfigForTests } from "@/lib/server/config";
import { getLedger } from "@/lib/server/ledger";
import { readiness } from "@/lib/server/services/operations/readiness";
import { call, startBffHarness, TEST_SECRET, type BffHarness } from "../helpers/bff";
import { closedPort } from "../helpers/ports";

/** A local port nothing listens on. */
let harness: BffHarness;
beforeAll(async () => {
  harness = await startBffHarness();
  // Opened (and migrated) as the server does at start-up; until then the instance is rightly not ready.
  await getLedger();
});
afterAll(async () => {
  await harness.close();
});

describe("GET /api/health", () => {
  it("answers 200 {status: ok}, uncached, without a session or cookies", async () => {
    const result = await call(health.GET, "/api/health");
    expect(result.status).toBe(200);
    expect(JSON.parse(result.text)).toEqual({ status: "ok" });
    expect(result.headers.get("cache-control")).toBe("no-store");
    expect(result.headers.get("content-type")).toMatch(/^application\/json/);
    expect(result.setCookies).toEqual([]);
  });

  it("ignores a session cookie, even a garbage one (no session work, no 401)", async () => {
    const result = await call(health.GET, "/api/health", { cookie: "pixops_session=not-a-seal" });
    expect(result.status).toBe(200);
    expect(result.setCookies).toEqual([]);
  });
});

describe("GET /api/ready", () => {
  it("answers 200 {status: ready} when the ledger and the payments API answer", async () => {
    const result = await call(ready.GET, "/api/ready");
    expect(result.status).toBe(200);
    expect(JSON.parse(result.text)).toEqual({ status: "ready" });
    expect(result.headers.get("cache-control")).toBe("no-store");
    expect(result.setCookies).toEqual([]);
  });

  it("answers 503 not_ready naming the upstream when the payments API is unreachable, revealing no address or secret", async () => {
    const port = await closedPort();
    process.env.SANDBOX_URL = `http://127.0.0.1:${port}`;
    resetConfigForTests();
    try {
      const result = await call(ready.GET, "/api/ready");
      expect(result.status).toBe(503);
      expect(result.json.error?.code).toBe("not_ready");
      expect(result.json.error?.details).toEqual({ failed: ["upstream"] });
      expect(result.json.request_id).toMatch(/^bff_/);
      expect(result.headers.get("cache-control")).toBe("no-store");
      expect(result.text).not.toContain(String(port));
      expect(result.text).not.toContain(TEST_SECRET);
    } finally {
      process.env.SANDBOX_URL = harness.sandbox.url;
      resetConfigForTests();
    }
  });

  it("names every failed check, and a check that throws counts as failed without its message", async () => {
    const outcome = await readiness({
      ledger: () => Promise.reject(new Error("password authentication failed for user pixops at db.internal")),
      upstream: () => Promise.resolve(true),
    });
    expect(outcome).toEqual({ ok: false, failed: ["ledger"] });
    expect(await readiness({ ledger: () => Promise.resolve(false), upstream: () => Promise.resolve(false) })).toEqual({
      ok: false,
      failed: ["ledger", "upstream"],
    });
  });
});

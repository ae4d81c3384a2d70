/**
 * Issue 8, item 3: sign-in is throttled per address, per e-mail (its
 * fingerprint) and for the whole deployment, before any password is checked,
 * with backoff and Retry-After; failures land in the security log, never in a
 * tenant's. Nothing of a sign-in reaches the payments API.
 */
import { count } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as session from "@/app/api/session/route";
import { runHousekeeping } from "@/lib/server/services/operations/housekeeping";
import { emailFingerprint } from "@/lib/server/services/session/person-sign-in-events";
import { resetThrottleForTests } from "@/lib/server/services/session/sign-in-throttle";
import { ensureSandboxWorkspaces } from "@/lib/server/services/workspace/sandbox-people";
import { getLedger, listSecurityEvents } from "@/lib/server/ledger";
import { auditLog, payouts, rateLimits, securityEvents, subaccounts } from "@/lib/server/ledger/schema";
import { call, countUpstream, DEMO_PASSWORD, operatorBody, startBffHarness, type BffHarness } from "../helpers/bff";
import { resetConfigForTests } from "@/lib/server/config";

const T0 = new Date("2026-11-23T12:00:00Z");
const MINUTE = 60_000;

let harness: BffHarness;
beforeAll(async () => {
  harness = await startBffHarness({
    env: {
      SIGN_IN_LIMIT_PER_ADDRESS: "10",
      SIGN_IN_LIMIT_PER_CREDENTIAL: "5",
      SIGN_IN_LIMIT_TOTAL: "100",
      SIGN_IN_WINDOW_SECONDS: "900",
    },
  });
  await ensureSandboxWorkspaces(await getLedger());
});
afterAll(async () => {
  await harness.close();
});

// Time moves only when a test moves it (the limiter and the ledger read the same clock).
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
  const ledger = await getLedger();
  await ledger.db.delete(rateLimits);
  await ledger.db.delete(securityEvents);
  resetThrottleForTests(ledger);
});
afterEach(() => {
  vi.useRealTimers();
});

function attempt(body: Record<string, string>, address: string) {
  return call(session.POST, "/api/session", { method: "POST", body, headers: { "x-forwarded-for": address } });
}
/** A guess at another e-mail each time, so only the address and total budgets count it. */
const wrongLogin = (n: number) => ({ email: `guess${String(n).padStart(6, "0")}@acme.example`, password: "not-it" });
const rightLogin = operatorBody;

async function tenantRows(): Promise<number[]> {
  const db = (await getLedger()).db;
  const counts = await Promise.all(
    [auditLog, payouts, subaccounts].map(async (table) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0),
  );
  return counts;
}

describe("1,000 wrong logins from one address", { timeout: 90_000 }, () => {
  it("are checked at most the limit, then 429 with Retry-After; nothing upstream, no tenant row, a bounded security log", async () => {
    const before = await tenantRows();
    const statuses: number[] = [];
    const { requests, byRoute } = await countUpstream(harness.sandbox, async () => {
      // In waves of 50 at once: the budget holds under concurrency, not only one by one.
      for (let wave = 0; wave < 20; wave++) {
        const results = await Promise.all(
          Array.from({ length: 50 }, (_, i) => attempt(wrongLogin(wave * 50 + i), "203.0.113.7")),
        );
        statuses.push(...results.map((r) => r.status));
        if (wave === 19) {
          const last = results[results.length - 1];
          expect(last?.headers.get("retry-after")).toMatch(/^\d+$/);
          expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0);
          expect(last?.json.error).toMatchObject({
            code: "sign_in_throttled",
            details: { retryAfterSeconds: expect.any(Number), retryAt: expect.any(String) },
          });
        }
      }
    });
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(990);
    expect(requests).toBe(0);
    expect(byRoute).toEqual({});
    expect(await tenantRows()).toEqual(before);
    const events = await listSecurityEvents(await getLedger(), 2000);
    expect(events.filter((e) => e.kind === "sign_in_failed")).toHaveLength(10);
    expect(events.filter((e) => e.kind === "sign_in_throttled")).toHaveLength(1);
    expect(events.every((e) => e.clientAddress === "203.0.113.7" && e.addressSource === "unverified")).toBe(true);
  });
});

describe("the budgets", { timeout: 90_000 }, () => {
  it("a blocked address is let in again after Retry-After, and blocked twice as long the next time", async () => {
    for (let i = 0; i < 10; i++) expect((await attempt(wrongLogin(i), "198.51.100.1")).status).toBe(401);
    const first = await attempt(wrongLogin(10), "198.51.100.1");
    expect(first.status).toBe(429);
    expect(first.headers.get("retry-after")).toBe("900");
    // Another address is not affected.
    expect((await attempt(rightLogin, "198.51.100.2")).status).toBe(200);

    vi.setSystemTime(new Date(T0.getTime() + 15 * MINUTE - 1000));
    expect((await attempt(rightLogin, "198.51.100.1")).status).toBe(429);
    vi.setSystemTime(new Date(T0.getTime() + 15 * MINUTE + 1000));
    expect((await attempt(rightLogin, "198.51.100.1")).status).toBe(200);

    for (let i = 20; i < 30; i++) expect((await attempt(wrongLogin(i), "198.51.100.1")).status).toBe(401);
    const second = await attempt(wrongLogin(30), "198.51.100.1");
    expect(second.status).toBe(429);
    expect(second.headers.get("retry-after")).toBe("1800");
  });

  it("a successful sign-in gives its points back: only failures add up", async () => {
    for (let i = 0; i < 9; i++) expect((await attempt(wrongLogin(i), "192.0.2.10")).status).toBe(401);
    expect((await attempt(rightLogin, "192.0.2.10")).status).toBe(200);
    expect((await attempt(rightLogin, "192.0.2.10")).status).toBe(200);
    // The tenth failure still fits: the two successes took nothing.
    expect((await attempt(wrongLogin(9), "192.0.2.10")).status).toBe(401);
    expect((await attempt(rightLogin, "192.0.2.10")).status).toBe(429);
  });

  it("one e-mail tried from many addresses is stopped by its own budget, keyed by the e-mail's fingerprint", async () => {
    const same = { email: "operator@acme.example", password: "guess-one" };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt(same, `10.0.0.${i}`)).status);
    // The same e-mail written otherwise is the same account, so the same budget; the right password is not tried either.
    statuses.push((await attempt({ email: " OPERATOR@Acme.Example ", password: "guess-two" }, "10.0.0.5")).status);
    statuses.push((await attempt({ email: "Operator@acme.example", password: DEMO_PASSWORD }, "10.0.0.6")).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const [event] = await listSecurityEvents(await getLedger(), 1);
    expect(event).toMatchObject({
      kind: "sign_in_throttled",
      reason: "credential_budget",
      credentialKind: "password",
      credentialFingerprint: emailFingerprint("operator@acme.example").slice(0, 16),
    });
    // Another person's e-mail, from a new address, is not affected.
    expect((await attempt({ email: "finance@acme.example", password: DEMO_PASSWORD }, "10.0.0.7")).status).toBe(200);
    const events = JSON.stringify(await listSecurityEvents(await getLedger(), 100));
    for (const typed of ["operator@acme.example", "guess-one", "guess-two", DEMO_PASSWORD])
      expect(events).not.toContain(typed);
  });

  it("an address forged per request is stopped by the deployment-wide budget, which then holds for everyone", async () => {
    resetThrottleForTests(await getLedger());
    process.env.SIGN_IN_LIMIT_TOTAL = "20";
    try {
      resetThrottleForTests(await getLedger());
      const { result: statuses, requests } = await countUpstream(harness.sandbox, async () => {
        const seen: number[] = [];
        for (let i = 0; i < 40; i++) seen.push((await attempt(wrongLogin(100 + i), `100.64.${i}.1`)).status);
        return seen;
      });
      expect(statuses.filter((s) => s === 401)).toHaveLength(20);
      expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
      expect(requests).toBe(0);
      // Fail closed: while the deployment is under a guessing attack, a right password is not tried either.
      expect((await attempt(rightLogin, "100.64.200.1")).status).toBe(429);
    } finally {
      process.env.SIGN_IN_LIMIT_TOTAL = "100";
      resetThrottleForTests(await getLedger());
    }
  });

  it("with TRUST_PROXY=1 the address is the proxy's right-most X-Forwarded-For entry", async () => {
    process.env.TRUST_PROXY = "1";
    resetConfigForTests();
    try {
      await attempt(wrongLogin(1), "1.2.3.4, 203.0.113.99");
      const [event] = await listSecurityEvents(await getLedger(), 1);
      expect(event).toMatchObject({ clientAddress: "203.0.113.99", addressSource: "proxy" });
    } finally {
      delete process.env.TRUST_PROXY;
      resetConfigForTests();
    }
  });
});

describe("housekeeping", () => {
  it("purges expired throttle counters and security events past retention", async () => {
    const ledger = await getLedger();
    for (let i = 0; i < 3; i++) await attempt(wrongLogin(i), "192.0.2.77");
    const rows = async (table: typeof rateLimits | typeof securityEvents) =>
      (await ledger.db.select({ n: count() }).from(table))[0]?.n ?? 0;
    expect(await rows(rateLimits)).toBeGreaterThan(0);
    const settings = { HOUSEKEEPING_INTERVAL_MS: 60_000, SECURITY_LOG_RETENTION_DAYS: 30 };
    expect(await runHousekeeping(ledger, new Date(T0.getTime() + 10 * MINUTE), settings)).toMatchObject({
      rateLimits: 0,
      securityEvents: 0,
    });
    expect(
      (await runHousekeeping(ledger, new Date(T0.getTime() + 25 * 60 * MINUTE), settings)).rateLimits,
    ).toBeGreaterThan(0);
    expect(await rows(rateLimits)).toBe(0);
    expect(await rows(securityEvents)).toBe(3);
    expect(await runHousekeeping(ledger, new Date(T0.getTime() + 31 * 24 * 60 * MINUTE), settings)).toMatchObject({
      securityEvents: 3,
    });
    expect(await rows(securityEvents)).toBe(0);
  });
});

/**
 * Opened session cookies are remembered (lib/server/session/opened-cache.ts),
 * but a remembered cookie never outlives what the cookie itself allows: its
 * lifetimes are checked at every open, iron's time limit sealed into it ends
 * the entry, other secrets empty the cache, a changed byte misses it, and it
 * stays bounded. Times are passed in, never waited for.
 */
import { randomUUID } from "node:crypto";
import { sealData } from "iron-session";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getSessionConfig, resetSessionConfigForTests } from "@/lib/server/session/config";
import { OpenedCookieCache, sealExpiry } from "@/lib/server/session/opened-cache";
import {
  newSessionCookie,
  openSession,
  refreshedSessionCookie,
  sealSession,
  SESSION_REFRESH_AFTER_MS,
  SESSION_REFRESH_REUSE_MS,
} from "@/lib/server/session/session";
import { ACME, TEST_SECRET } from "../helpers/bff";

const MINUTE = 60_000;

function withSecret(value: string): void {
  process.env.SESSION_SECRET = value;
  resetSessionConfigForTests();
}

/** A person's session cookie (who, which workspace, when: the cookie holds nothing else). */
function operatorSession(now: number) {
  return newSessionCookie(
    { memberId: randomUUID(), businessId: ACME.businessId, lat: now * 1000, mfa: "none", epoch: 1, authEpoch: 1 },
    now,
  );
}

beforeEach(() => withSecret(TEST_SECRET));
afterEach(() => withSecret(TEST_SECRET));

describe("opening a remembered cookie", () => {
  it("still refuses it once idle, and once past its absolute lifetime", async () => {
    const t0 = Date.now();
    const { idleTimeoutSeconds, absoluteLifetimeSeconds } = getSessionConfig();
    const seal = await sealSession(operatorSession(t0));
    expect((await openSession(seal, t0 + 1000)).ok).toBe(true);
    expect((await openSession(seal, t0 + 2000)).ok).toBe(true);
    expect(await openSession(seal, t0 + idleTimeoutSeconds * 1000)).toEqual({ ok: false, problem: "idle" });

    const busy = operatorSession(t0 - absoluteLifetimeSeconds * 1000 + MINUTE);
    const busySeal = await sealSession({ ...busy, seen: t0 });
    expect((await openSession(busySeal, t0 + 1000)).ok).toBe(true);
    expect(await openSession(busySeal, t0 + MINUTE)).toEqual({ ok: false, problem: "expired" });
  });

  it("hands out a frozen session, so no request can change what another one reads", async () => {
    const seal = await sealSession(operatorSession(Date.now()));
    const opened = await openSession(seal);
    if (!opened.ok) throw new Error("did not open");
    expect(Object.isFrozen(opened.session)).toBe(true);
    // Nothing nested that a request could change under another: every field is a plain value.
    for (const [field, value] of Object.entries(opened.session))
      expect([field, typeof value === "object" && value !== null]).toEqual([field, false]);
  });

  it("a cookie with one byte changed is unsealed (and refused), not served from the cache", async () => {
    const seal = await sealSession(operatorSession(Date.now()));
    expect((await openSession(seal)).ok).toBe(true);
    const parts = seal.split("*");
    const data = parts[4] ?? "";
    parts[4] = `${data.slice(0, 10)}${data[10] === "A" ? "B" : "A"}${data.slice(11)}`;
    expect(await openSession(parts.join("*"))).toEqual({ ok: false, problem: "invalid" });
  });

  it("a remembered cookie stops opening when its secret is retired", async () => {
    const seal = await sealSession(operatorSession(Date.now()));
    expect((await openSession(seal)).ok).toBe(true);
    withSecret("a-completely-different-secret-0123456789-xyz");
    expect(await openSession(seal)).toEqual({ ok: false, problem: "invalid" });
  });
});

describe("refreshing the idle timeout", () => {
  const sealIn = (setCookie: string | null) => decodeURIComponent(setCookie?.split(";")[0]?.split("=")[1] ?? "");

  it("re-seals only once the cookie is SESSION_REFRESH_AFTER_MS old, and hands parallel requests with the old cookie the same new seal for a few seconds", async () => {
    const t0 = Date.now();
    const seal = await sealSession(operatorSession(t0));
    const opened = await openSession(seal, t0 + 1000);
    if (!opened.ok) throw new Error("did not open");
    expect(await refreshedSessionCookie(seal, opened.session, false, t0 + SESSION_REFRESH_AFTER_MS - 1)).toBeNull();

    const t1 = t0 + SESSION_REFRESH_AFTER_MS;
    const first = sealIn(await refreshedSessionCookie(seal, opened.session, false, t1));
    const parallel = sealIn(
      await refreshedSessionCookie(seal, opened.session, false, t1 + SESSION_REFRESH_REUSE_MS - 1),
    );
    expect(parallel).toBe(first);
    const refreshed = await openSession(first, t1 + 1);
    expect(refreshed.ok && refreshed.session.seen).toBe(t1);

    const later = sealIn(await refreshedSessionCookie(seal, opened.session, false, t1 + SESSION_REFRESH_REUSE_MS));
    expect(later).not.toBe(first);
    const reopened = await openSession(later, t1 + SESSION_REFRESH_REUSE_MS);
    expect(reopened.ok && reopened.session.seen).toBe(t1 + SESSION_REFRESH_REUSE_MS);
  });
});

describe("OpenedCookieCache", () => {
  const secrets = {};

  it("ends an entry at iron's time limit sealed into the cookie", async () => {
    const seal = await sealData({ any: 1 }, { password: getSessionConfig().sealPassword, ttl: 60 });
    const expiry = sealExpiry(seal);
    if (expiry === null) throw new Error("no expiry in the seal");
    const cache = new OpenedCookieCache<string>();
    cache.set(seal, secrets, "opened");
    expect(cache.get(seal, secrets, expiry - 1)).toBe("opened");
    expect(cache.get(seal, secrets, expiry)).toBeUndefined();
    // Gone for good, not only hidden at that time.
    expect(cache.get(seal, secrets, expiry - 1)).toBeUndefined();
  });

  it("is tied to the secrets it was filled under", () => {
    const cache = new OpenedCookieCache<string>();
    cache.set("seal", secrets, "opened");
    expect(cache.get("seal", {}, 0)).toBeUndefined();
    cache.set("other", {}, "x");
    expect(cache.get("seal", secrets, 0)).toBeUndefined();
  });

  it("is bounded: the least recently used cookie goes first", () => {
    const cache = new OpenedCookieCache<string>(3);
    for (const seal of ["a", "b", "c"]) cache.set(seal, secrets, seal);
    expect(cache.get("a", secrets, 0)).toBe("a");
    cache.set("d", secrets, "d");
    expect(cache.size).toBe(3);
    expect(cache.get("b", secrets, 0)).toBeUndefined();
    expect(cache.get("a", secrets, 0)).toBe("a");
    for (let i = 0; i < 100; i++) cache.set(`s${i}`, secrets, "x");
    expect(cache.size).toBe(3);
  });

  it("keeps no cookie in clear: entries are keyed by a hash of the cookie", () => {
    const cache = new OpenedCookieCache<string>();
    cache.set("Fe26.2*secret-cookie-value", secrets, "opened");
    expect(
      JSON.stringify([...(cache as unknown as { entries: { entries: Map<string, unknown> } }).entries.entries.keys()]),
    ).not.toContain("secret-cookie-value");
  });
});

describe("sealExpiry", () => {
  it("reads iron's time limit, and nothing from what is not a seal", () => {
    expect(sealExpiry("Fe26.2*1*salt*iv*data*1700000000000*hsalt*hmac~2")).toBe(1_700_000_000_000);
    expect(sealExpiry("Fe26.2*1*salt*iv*data**hsalt*hmac~2")).toBeNull();
    expect(sealExpiry("garbage")).toBeNull();
  });
});

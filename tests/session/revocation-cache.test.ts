/**
 * The revocation cache (lib/server/session/revocation-cache.ts) on a real
 * ledger: two caches on one database are two instances of the dashboard.
 * Time is a ManualClock; nothing waits.
 */
import { describe, expect, it } from "vitest";
import { isSessionRevoked, revokeSession, type Ledger, type SessionIdentity } from "@/lib/server/ledger";
import { REVOCATION_TRUST_MS, RevocationCache } from "@/lib/server/session/revocation-cache";
import type { Clock } from "@/lib/shared/clock";
import { ManualClock } from "../helpers/clock";
import { ACME, BETA, drivers, useLedger } from "../ledger/helpers";

const identity = (sessionId: string, businessId = ACME): SessionIdentity => ({
  sessionId,
  businessId,
  issuedAtMicros: (Date.now() - 60_000) * 1000,
});

/** A cache on `clock` whose ledger lookups are counted. */
function instance(clock: Clock, options: { maxEntries?: number } = {}) {
  const counter = { lookups: 0 };
  const cache = new RevocationCache(() => clock, {
    ...options,
    lookup: (ledger: Ledger, session: SessionIdentity) => {
      counter.lookups++;
      return isSessionRevoked(ledger, session);
    },
  });
  return { cache, counter };
}

async function signOut(ledger: Ledger, cache: RevocationCache, sessionId: string): Promise<void> {
  await revokeSession(ledger, { sessionId, businessId: ACME, expiresAt: new Date(Date.now() + 3_600_000) });
  cache.forgetSession(sessionId);
}

describe.each(drivers)("revocation cache (%s)", (driver) => {
  const ledger = useLedger(driver);

  it("asks the ledger once per trust window for a session that is not revoked", async () => {
    const clock = new ManualClock();
    const { cache, counter } = instance(clock);
    expect(await cache.isRevoked(ledger(), identity("s-1"))).toBe(false);
    await clock.advance(REVOCATION_TRUST_MS - 1);
    expect(await cache.isRevoked(ledger(), identity("s-1"))).toBe(false);
    expect(counter.lookups).toBe(1);
    await clock.advance(1);
    expect(await cache.isRevoked(ledger(), identity("s-1"))).toBe(false);
    expect(counter.lookups).toBe(2);
  });

  it("a sign-out on the same instance takes effect on the very next check, with no time passing", async () => {
    const clock = new ManualClock();
    const { cache } = instance(clock);
    expect(await cache.isRevoked(ledger(), identity("s-1"))).toBe(false);
    await signOut(ledger(), cache, "s-1");
    expect(await cache.isRevoked(ledger(), identity("s-1"))).toBe(true);
  });

  it("a sign-out on another instance takes effect here within the trust bound", async () => {
    const clock = new ManualClock();
    const here = instance(clock).cache;
    const there = instance(clock).cache;
    expect(await here.isRevoked(ledger(), identity("s-1"))).toBe(false);
    await clock.advance(200);
    await signOut(ledger(), there, "s-1");
    expect(await there.isRevoked(ledger(), identity("s-1"))).toBe(true);
    // Here, the answer from 200 ms ago is trusted until REVOCATION_TRUST_MS after it was asked…
    await clock.advance(REVOCATION_TRUST_MS - 201);
    expect(await here.isRevoked(ledger(), identity("s-1"))).toBe(false);
    // …and no longer: at most REVOCATION_TRUST_MS after the sign-out.
    await clock.advance(1);
    expect(await here.isRevoked(ledger(), identity("s-1"))).toBe(true);
    expect(REVOCATION_TRUST_MS).toBeLessThanOrEqual(1_000);
  });

  it("never caches 'revoked': every check of a revoked session asks the ledger", async () => {
    const clock = new ManualClock();
    const { cache, counter } = instance(clock);
    await signOut(ledger(), cache, "s-gone");
    for (let i = 0; i < 3; i++) expect(await cache.isRevoked(ledger(), identity("s-gone"))).toBe(true);
    expect(counter.lookups).toBe(3);
  });

  it("an answer asked for before a sign-out on this instance is not stored when it arrives after it", async () => {
    const clock = new ManualClock();
    let release: (revoked: boolean) => void = () => undefined;
    let lookups = 0;
    const cache = new RevocationCache(() => clock, {
      lookup: () => {
        lookups++;
        return lookups === 1 ? new Promise<boolean>((resolve) => (release = resolve)) : Promise.resolve(true);
      },
    });
    const inFlight = cache.isRevoked(ledger(), identity("s-1"));
    cache.forgetSession("s-1");
    release(false);
    expect(await inFlight).toBe(false);
    expect(await cache.isRevoked(ledger(), identity("s-1"))).toBe(true);
    expect(lookups).toBe(2);
  });

  it("sign out everywhere on this instance drops that business's sessions only", async () => {
    const clock = new ManualClock();
    const { cache, counter } = instance(clock);
    await cache.isRevoked(ledger(), identity("acme-1"));
    await cache.isRevoked(ledger(), identity("acme-2"));
    await cache.isRevoked(ledger(), identity("beta-1", BETA));
    cache.forgetScope(ACME);
    await cache.isRevoked(ledger(), identity("acme-1"));
    await cache.isRevoked(ledger(), identity("acme-2"));
    await cache.isRevoked(ledger(), identity("beta-1", BETA));
    expect(counter.lookups).toBe(5);
  });

  it("does not trust another ledger's answer (the ledger was re-opened or reconfigured)", async () => {
    const clock = new ManualClock();
    let lookups = 0;
    const cache = new RevocationCache(() => clock, {
      lookup: () => {
        lookups++;
        return Promise.resolve(false);
      },
    });
    await cache.isRevoked(ledger(), identity("s-1"));
    await cache.isRevoked({ ...ledger() }, identity("s-1"));
    expect(lookups).toBe(2);
  });

  it("does not trust an answer when the clock went back", async () => {
    let time = 1_000_000;
    const settable: Clock = { now: () => time, sleep: () => Promise.resolve() };
    const { cache, counter } = instance(settable);
    await cache.isRevoked(ledger(), identity("s-1"));
    time -= 10;
    await cache.isRevoked(ledger(), identity("s-1"));
    expect(counter.lookups).toBe(2);
  });

  it("is bounded: the least recently checked sessions go first", async () => {
    const clock = new ManualClock();
    const { cache, counter } = instance(clock, { maxEntries: 3 });
    for (const id of ["a", "b", "c", "d", "e"]) await cache.isRevoked(ledger(), identity(id));
    expect(cache.size).toBe(3);
    expect(counter.lookups).toBe(5);
    await cache.isRevoked(ledger(), identity("e"));
    expect(counter.lookups).toBe(5);
    await cache.isRevoked(ledger(), identity("a"));
    expect(counter.lookups).toBe(6);
  });
});

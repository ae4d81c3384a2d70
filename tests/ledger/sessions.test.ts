import { describe, expect, it } from "vitest";
import {
  isSessionRevoked,
  ledgerTimeMicros,
  purgeExpiredRevocations,
  revokeScope,
  revokeSession,
} from "@/lib/server/ledger";
import { revokedSessions } from "@/lib/server/ledger/schema";
import { ACME, BETA, drivers, useLedger } from "./helpers";

const NOW = new Date("2026-06-01T12:00:00Z");
const later = (ms: number) => new Date(NOW.getTime() + ms);
const HOUR = 3_600_000;
/** A session of ACME signed in at `issuedAt` (default: an hour before NOW). */
const sid = (sessionId: string, issuedAt = later(-HOUR), businessId = ACME) => ({
  sessionId,
  businessId,
  issuedAtMicros: issuedAt.getTime() * 1000,
});

describe.each(drivers)("revoked sessions (%s)", (driver) => {
  const ledger = useLedger(driver);

  it("remembers a revoked session", async () => {
    expect(await isSessionRevoked(ledger(), sid("sid-1"))).toBe(false);
    await revokeSession(ledger(), { sessionId: "sid-1", businessId: ACME, expiresAt: later(3_600_000) });
    expect(await isSessionRevoked(ledger(), sid("sid-1"))).toBe(true);
    expect(await isSessionRevoked(ledger(), sid("sid-2"))).toBe(false);
  });

  it("accepts revoking the same session twice", async () => {
    await revokeSession(ledger(), { sessionId: "sid-1", businessId: ACME, expiresAt: later(1000) });
    await revokeSession(ledger(), { sessionId: "sid-1", businessId: ACME, expiresAt: later(2000) });
    const rows = await ledger().db.select().from(revokedSessions);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sessionId: "sid-1", businessId: ACME });
    expect(rows[0]?.expiresAt.getTime()).toBe(later(1000).getTime());
  });

  it("purges only revocations whose session has expired, for every business", async () => {
    await revokeSession(ledger(), { sessionId: "old-acme", businessId: ACME, expiresAt: later(-60_000) });
    await revokeSession(ledger(), { sessionId: "old-beta", businessId: BETA, expiresAt: later(-1) });
    await revokeSession(ledger(), { sessionId: "live", businessId: ACME, expiresAt: later(60_000) });
    expect(await purgeExpiredRevocations(ledger(), NOW)).toBe(2);
    expect(await isSessionRevoked(ledger(), sid("old-acme"))).toBe(false);
    expect(await isSessionRevoked(ledger(), sid("old-beta"))).toBe(false);
    expect(await isSessionRevoked(ledger(), sid("live"))).toBe(true);
    expect(await purgeExpiredRevocations(ledger(), NOW)).toBe(0);
    expect(await purgeExpiredRevocations(ledger(), later(120_000))).toBe(1);
  });

  it("sign out everywhere revokes every session of the scope signed in until then, and only those", async () => {
    await revokeScope(ledger(), { businessId: ACME, at: NOW, expiresAt: later(12 * HOUR) });
    expect(await isSessionRevoked(ledger(), sid("acme-before", later(-HOUR)))).toBe(true);
    expect(await isSessionRevoked(ledger(), sid("acme-same-ms", NOW))).toBe(true);
    expect(await isSessionRevoked(ledger(), sid("acme-after", later(1)))).toBe(false);
    expect(await isSessionRevoked(ledger(), sid("beta-before", later(-HOUR), BETA))).toBe(false);
  });

  it("a later sign-out-everywhere moves the line forward; purge drops it once every such session expired", async () => {
    await revokeScope(ledger(), { businessId: ACME, at: NOW, expiresAt: later(12 * HOUR) });
    await revokeScope(ledger(), { businessId: ACME, at: later(HOUR), expiresAt: later(13 * HOUR) });
    expect(await isSessionRevoked(ledger(), sid("acme-between", later(HOUR / 2)))).toBe(true);
    expect(await purgeExpiredRevocations(ledger(), later(12 * HOUR))).toBe(0);
    expect(await purgeExpiredRevocations(ledger(), later(13 * HOUR + 1))).toBe(1);
    expect(await isSessionRevoked(ledger(), sid("acme-between", later(HOUR / 2)))).toBe(false);
  });

  it("an earlier revocation written later (a clock behind) never moves the line back, nor shortens the row's life", async () => {
    await revokeScope(ledger(), { businessId: ACME, at: later(HOUR), expiresAt: later(13 * HOUR) });
    await revokeScope(ledger(), { businessId: ACME, at: NOW, expiresAt: later(12 * HOUR) });
    expect(await isSessionRevoked(ledger(), sid("acme-between", later(HOUR / 2)))).toBe(true);
    expect(await purgeExpiredRevocations(ledger(), later(12 * HOUR + 1))).toBe(0);
  });

  it("by default a scope is revoked at the ledger's now(), the clock sign-ins are stamped with, to the microsecond", async () => {
    const before = await ledgerTimeMicros(ledger());
    await revokeScope(ledger(), { businessId: ACME, expiresAt: later(12 * HOUR) });
    const after = await ledgerTimeMicros(ledger());
    expect(after).toBeGreaterThanOrEqual(before);
    const stamped = (sessionId: string, issuedAtMicros: number) => ({ sessionId, businessId: ACME, issuedAtMicros });
    expect(await isSessionRevoked(ledger(), stamped("signed-in-before", before))).toBe(true);
    // The revocation's own instant counts as before; one microsecond past the clock's next reading is after.
    expect(await isSessionRevoked(ledger(), stamped("signed-in-after", after + 1))).toBe(false);
  });
});

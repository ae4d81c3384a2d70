import { describe, expect, it } from "vitest";
import { isSessionRevoked, purgeExpiredRevocations, revokeSession } from "@/lib/ledger";
import { revokedSessions } from "@/lib/ledger/schema";
import { ACME, BETA, drivers, useLedger } from "./helpers";

const NOW = new Date("2026-06-01T12:00:00Z");
const later = (ms: number) => new Date(NOW.getTime() + ms);

describe.each(drivers)("revoked sessions (%s)", (driver) => {
  const ledger = useLedger(driver);

  it("remembers a revoked session", async () => {
    expect(await isSessionRevoked(ledger(), "sid-1")).toBe(false);
    await revokeSession(ledger(), { sessionId: "sid-1", businessId: ACME, expiresAt: later(3_600_000) });
    expect(await isSessionRevoked(ledger(), "sid-1")).toBe(true);
    expect(await isSessionRevoked(ledger(), "sid-2")).toBe(false);
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
    expect(await isSessionRevoked(ledger(), "old-acme")).toBe(false);
    expect(await isSessionRevoked(ledger(), "old-beta")).toBe(false);
    expect(await isSessionRevoked(ledger(), "live")).toBe(true);
    expect(await purgeExpiredRevocations(ledger(), NOW)).toBe(0);
    expect(await purgeExpiredRevocations(ledger(), later(120_000))).toBe(1);
  });
});

import "server-only";
import { isSessionRevoked, type Ledger, type SessionIdentity } from "@/lib/server/ledger";
import { serverClock } from "@/lib/server/clock";
import type { Clock } from "@/lib/shared/clock";
import { BoundedLru } from "./lru";

/**
 * The ledger's revocation check, remembered for a moment. "Not revoked" is
 * trusted for at most `trustMs` (by the injected clock) before the ledger is
 * asked again, so a sign-out on another instance takes effect there within
 * that bound. On this instance a sign-out takes effect at once: the revoking
 * code calls forgetSession / forgetScope, and a check that was already in
 * flight when that happened does not store its (now stale) answer.
 * "Revoked" is never cached: the ledger is asked every time, as before.
 */
export const REVOCATION_TRUST_MS = 1_000;
export const REVOCATION_CACHE_MAX_ENTRIES = 10_000;

interface Checked {
  /** The ledger that answered: another one (re-opened, reconfigured) is asked afresh. */
  ledger: Ledger;
  businessId: string;
  /** Clock time at which the ledger was asked (before its answer: the conservative end). */
  at: number;
}

export type RevocationLookup = (ledger: Ledger, session: SessionIdentity) => Promise<boolean>;

export class RevocationCache {
  private readonly checked: BoundedLru<string, Checked>;
  /** Bumped by every forget: an answer asked for before a forget is not stored. */
  private generation = 0;

  constructor(
    private readonly clock: () => Clock,
    private readonly options: { trustMs?: number; maxEntries?: number; lookup?: RevocationLookup } = {},
  ) {
    this.checked = new BoundedLru(options.maxEntries ?? REVOCATION_CACHE_MAX_ENTRIES);
  }

  get size(): number {
    return this.checked.size;
  }

  async isRevoked(ledger: Ledger, session: SessionIdentity): Promise<boolean> {
    const now = this.clock().now();
    const trustMs = this.options.trustMs ?? REVOCATION_TRUST_MS;
    const hit = this.checked.get(session.sessionId);
    // `now >= hit.at`: a clock that went back proves nothing about freshness.
    if (
      hit &&
      hit.ledger === ledger &&
      hit.businessId === session.businessId &&
      now >= hit.at &&
      now - hit.at < trustMs
    )
      return false;
    const generation = this.generation;
    const revoked = await (this.options.lookup ?? isSessionRevoked)(ledger, session);
    if (revoked) this.checked.delete(session.sessionId);
    else if (generation === this.generation)
      this.checked.set(session.sessionId, { ledger, businessId: session.businessId, at: now });
    return revoked;
  }

  /** This session was just revoked here: its next check asks the ledger. */
  forgetSession(sessionId: string): void {
    this.generation++;
    this.checked.delete(sessionId);
  }

  /** Every session of this scope was just revoked here ("sign out everywhere"). */
  forgetScope(businessId: string): void {
    this.generation++;
    this.checked.deleteWhere((entry) => entry.businessId === businessId);
  }

  clear(): void {
    this.generation++;
    this.checked.clear();
  }
}

/** This instance's cache, on the server clock (tests move it). Revoking code must tell it (session-service). */
export const sessionRevocations = new RevocationCache(serverClock);

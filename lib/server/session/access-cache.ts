import "server-only";
import type { Ledger } from "@/lib/server/ledger";
import { serverClock } from "@/lib/server/clock";
import type { Clock } from "@/lib/shared/clock";
import { BoundedLru } from "./lru";

/**
 * How long an answer of the ledger about a person's access (their membership,
 * role and epochs) or a workspace's credential is trusted before it is read
 * again. A role change, a deactivation, a 2FA reset or a replaced key made on
 * another instance takes effect here within this bound; made on this instance,
 * at once (the changing code calls `forget`).
 */
export const ACCESS_TRUST_MS = 1_000;
const MAX_ENTRIES = 10_000;

interface Entry<V> {
  ledger: Ledger;
  value: V;
  /** Clock time at which the ledger was asked (before its answer: the conservative end). */
  at: number;
}

/** Ledger answers remembered for at most ACCESS_TRUST_MS by the injected clock. */
export class TrustedForAMoment<V> {
  private readonly entries = new BoundedLru<string, Entry<V>>(MAX_ENTRIES);
  /** Bumped by every forget: an answer asked for before a forget is not stored. */
  private generation = 0;

  constructor(private readonly clock: () => Clock = serverClock) {}

  async get(ledger: Ledger, key: string, read: () => Promise<V>): Promise<V> {
    const now = this.clock().now();
    const hit = this.entries.get(key);
    // `now >= hit.at`: a clock that went back proves nothing about freshness.
    if (hit && hit.ledger === ledger && now >= hit.at && now - hit.at < ACCESS_TRUST_MS) return hit.value;
    const generation = this.generation;
    const value = await read();
    if (generation === this.generation) this.entries.set(key, { ledger, value, at: now });
    return value;
  }

  /** Entries whose key starts with `prefix` are read again next time. */
  forget(prefix: string): void {
    this.generation++;
    this.entries.deleteWhere((_entry, key) => key.startsWith(prefix));
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}

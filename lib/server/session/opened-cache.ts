import "server-only";
import { createHash } from "node:crypto";
import { BoundedLru } from "./lru";

/**
 * Opened session cookies, so a cookie seen again is not unsealed again (iron's
 * key derivation, decryption and HMAC are most of the BFF's own CPU time).
 *
 * - Keyed by SHA-256 of the whole cookie value: only a byte-identical cookie
 *   that already opened hits; a tampered one misses and is unsealed (refused).
 * - Only what opened is cached; refusals are not (garbage cannot fill it).
 * - An entry is served only while iron's own time limit sealed into the cookie
 *   has not passed; the session's lifetimes (absolute, idle) are checked on
 *   every request by the caller, cache or not.
 * - Tied to the secrets it was opened with: other secrets (rotation, tests)
 *   empty it.
 * - Bounded: the least recently used entry goes first.
 */
export const OPENED_CACHE_MAX_ENTRIES = 2_000;

interface Entry<T> {
  value: T;
  /** Epoch ms of iron's time limit inside the seal (null: none). */
  sealExpiresAt: number | null;
  /** The seal this cookie was last refreshed to, and the `seen` time inside it. */
  refreshed?: { seal: string; seen: number };
}

function keyOf(seal: string): string {
  return createHash("sha256").update(seal).digest("base64url");
}

/** Iron's time limit, as sealed (and HMAC-covered) in the seal: `Fe26.2*id*salt*iv*data*EXPIRY*hmacSalt*hmac~2`. */
export function sealExpiry(seal: string): number | null {
  const expiry = seal.split("*")[5];
  return expiry && /^\d+$/.test(expiry) ? Number(expiry) : null;
}

export class OpenedCookieCache<T> {
  private readonly entries: BoundedLru<string, Entry<T>>;
  private secrets: unknown = null;

  constructor(maxEntries = OPENED_CACHE_MAX_ENTRIES) {
    this.entries = new BoundedLru(maxEntries);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value `seal` opened to under `secrets`, unless its seal's time limit is reached at `now`. */
  get(seal: string, secrets: unknown, now: number): T | undefined {
    if (secrets !== this.secrets) return undefined;
    const key = keyOf(seal);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.sealExpiresAt !== null && now >= entry.sealExpiresAt) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(seal: string, secrets: unknown, value: T): void {
    if (secrets !== this.secrets) {
      this.entries.clear();
      this.secrets = secrets;
    }
    this.entries.set(keyOf(seal), { value, sealExpiresAt: sealExpiry(seal) });
  }

  /** The seal `seal` was refreshed to at `seen`, if that is at most `maxAgeMs` before `now`. */
  refreshedSeal(seal: string, now: number, maxAgeMs: number): string | undefined {
    const refreshed = this.entries.get(keyOf(seal))?.refreshed;
    return refreshed && now >= refreshed.seen && now - refreshed.seen < maxAgeMs ? refreshed.seal : undefined;
  }

  rememberRefresh(seal: string, refreshedSeal: string, seen: number): void {
    const entry = this.entries.get(keyOf(seal));
    if (entry) entry.refreshed = { seal: refreshedSeal, seen };
  }

  forget(seal: string): void {
    this.entries.delete(keyOf(seal));
  }

  clear(): void {
    this.entries.clear();
  }
}

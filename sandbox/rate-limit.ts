/** Token bucket per credential: `burst` tokens, refilled at `perSecond`. */
import { systemClock, type Clock } from "../lib/shared/clock";
import type { RateLimitConfig } from "./types";

interface Bucket {
  tokens: number;
  updatedAt: number;
}

export class RateLimiter {
  private buckets = new Map<string, Bucket>();

  constructor(
    private readonly config: RateLimitConfig | null,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Takes one token; returns null when allowed, or the Retry-After seconds (≥ 1). */
  take(credential: string, now: number = this.clock.now()): number | null {
    const config = this.config;
    if (config === null) return null;
    let bucket = this.buckets.get(credential);
    if (!bucket) {
      bucket = { tokens: config.burst, updatedAt: now };
      this.buckets.set(credential, bucket);
    } else {
      const elapsed = Math.max(0, now - bucket.updatedAt) / 1000;
      bucket.tokens = Math.min(config.burst, bucket.tokens + elapsed * config.perSecond);
      bucket.updatedAt = now;
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return null;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / config.perSecond));
  }

  reset(): void {
    this.buckets.clear();
  }
}

/** Parses SANDBOX_RATE_LIMIT / --rate-limit: "off" or a number per second (burst = 2x). */
export function parseRateLimit(value: string): RateLimitConfig | null {
  if (value.trim().toLowerCase() === "off") return null;
  const perSecond = Number(value);
  if (!Number.isFinite(perSecond) || perSecond <= 0)
    throw new Error(`invalid rate limit "${value}": use "off" or a positive number per second`);
  return { perSecond, burst: Math.max(1, Math.round(perSecond * 2)) };
}

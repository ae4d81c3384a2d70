import "server-only";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import { resetConfigForTests, throttleConfig, type Env, type ThrottleSettings } from "@/lib/server/config";
import { parseThrottleSettings } from "@/lib/server/config/sections";
import { rateLimits } from "@/lib/server/ledger/schema";
import type { Ledger } from "@/lib/server/ledger";
import { BffError } from "@/lib/server/errors/bff-error";

/**
 * Sign-in throttle (docs/security.md, "Sign-in abuse"). Every attempt takes a
 * point from three budgets *before* the credential is tried against the API, so
 * the API sees at most the budget whatever the concurrency:
 *
 * - per client address (SIGN_IN_LIMIT_PER_ADDRESS),
 * - per credential fingerprint (SIGN_IN_LIMIT_PER_CREDENTIAL),
 * - for the whole deployment (SIGN_IN_LIMIT_TOTAL): the backstop when the
 *   address cannot be trusted (no TRUST_PROXY) and an attacker varies it.
 *
 * A successful sign-in gives its points back, so only failures accumulate. A
 * budget that runs out blocks for the rest of its window, then for twice as
 * long each further time within a day (capped), and the caller gets 429 with
 * Retry-After. Counters live in the ledger (rate-limiter-flexible's Drizzle
 * store), so every instance sharing the database sees the same counts.
 */

export type { ThrottleSettings };

/** The settings from the configuration (lib/server/config); `env` parses the given variables instead. */
export function throttleSettings(env?: Env): ThrottleSettings {
  return env ? parseThrottleSettings(env) : throttleConfig();
}

export type Budget = "address" | "credential" | "total";

interface Limiters {
  budgets: Record<Budget, RateLimiterDrizzle>;
  /** How many times a key was blocked in the last day: the backoff's exponent. */
  strikes: RateLimiterDrizzle;
  settings: ThrottleSettings;
}

const limitersByLedger = new WeakMap<Ledger, Limiters>();

function limitersFor(ledger: Ledger): Limiters {
  const existing = limitersByLedger.get(ledger);
  if (existing) return existing;
  const settings = throttleSettings();
  const make = (keyPrefix: string, points: number, duration: number) =>
    // The store's own hourly clean-up timer is off: housekeeping purges expired rows (lib/server/services/operations/housekeeping.ts).
    new RateLimiterDrizzle({
      storeClient: ledger.db,
      schema: rateLimits,
      keyPrefix,
      points,
      duration,
      clearExpiredByTimeout: false,
    });
  const limiters: Limiters = {
    budgets: {
      address: make("signin_addr", settings.SIGN_IN_LIMIT_PER_ADDRESS, settings.SIGN_IN_WINDOW_SECONDS),
      credential: make("signin_cred", settings.SIGN_IN_LIMIT_PER_CREDENTIAL, settings.SIGN_IN_WINDOW_SECONDS),
      total: make("signin_total", settings.SIGN_IN_LIMIT_TOTAL, settings.SIGN_IN_WINDOW_SECONDS),
    },
    strikes: make("signin_strike", 1_000_000, 24 * 60 * 60),
    settings,
  };
  limitersByLedger.set(ledger, limiters);
  return limiters;
}

/** For tests that change the limits between cases: the configuration is read again too. */
export function resetThrottleForTests(ledger: Ledger): void {
  limitersByLedger.delete(ledger);
  resetConfigForTests();
}

export interface SignInKeys {
  address: string;
  credential: string;
}

export interface Throttled {
  budget: Budget;
  retryAfterSeconds: number;
  /** True for the attempt that used up the budget (the one worth a security-log line). */
  firstRefusal: boolean;
}

function isLimitResult(value: unknown): value is RateLimiterRes {
  return value instanceof RateLimiterRes;
}

async function take(limiters: Limiters, budget: Budget, key: string): Promise<Throttled | null> {
  const limiter = limiters.budgets[budget];
  try {
    await limiter.consume(key);
    return null;
  } catch (error) {
    if (!isLimitResult(error)) throw error;
    const firstRefusal = error.consumedPoints === limiter.points + 1;
    if (!firstRefusal)
      return { budget, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)), firstRefusal };
    // The budget just ran out: block for the window, doubled for each earlier block of this key today.
    const strike = await limiters.strikes.penalty(`${budget}:${key}`);
    const seconds = Math.min(
      limiters.settings.SIGN_IN_WINDOW_SECONDS * 2 ** (strike.consumedPoints - 1),
      limiters.settings.SIGN_IN_MAX_BLOCK_SECONDS,
    );
    await limiter.block(key, seconds);
    return { budget, retryAfterSeconds: seconds, firstRefusal };
  }
}

export interface SignInAttempt {
  /** Gives the attempt's points back: a sign-in that worked is not a guess. */
  succeeded(): Promise<void>;
}

/**
 * Takes one point from each budget. Resolves to an attempt, or to the budget
 * that refused (the points already taken stay taken: a refused caller is
 * still a caller).
 */
export async function beginSignIn(
  ledger: Ledger,
  keys: SignInKeys,
): Promise<{ ok: true; attempt: SignInAttempt } | { ok: false; throttled: Throttled }> {
  const limiters = limitersFor(ledger);
  // The address first: a blocked address is refused there and takes nothing from the shared total.
  const plan: [Budget, string][] = [
    ["address", keys.address],
    ["credential", keys.credential],
    ["total", "all"],
  ];
  const taken: [Budget, string][] = [];
  for (const [budget, key] of plan) {
    const refused = await take(limiters, budget, key);
    if (refused) return { ok: false, throttled: refused };
    taken.push([budget, key]);
  }
  return {
    ok: true,
    attempt: {
      succeeded: async () => {
        for (const [budget, key] of taken) await limiters.budgets[budget].reward(key, 1);
      },
    },
  };
}

export function throttledError(throttled: Throttled, now = Date.now()): BffError {
  const retryAt = new Date(now + throttled.retryAfterSeconds * 1000).toISOString();
  return new BffError("sign_in_throttled", "Too many sign-in attempts. Wait before trying again.", {
    details: { retryAfterSeconds: throttled.retryAfterSeconds, retryAt },
    retryAfterSeconds: throttled.retryAfterSeconds,
  });
}

import "server-only";
import { serverClock } from "@/lib/server/clock";
import { lt } from "drizzle-orm";
import { housekeepingConfig, type Env, type HousekeepingSettings } from "@/lib/server/config";
import { parseHousekeepingSettings } from "@/lib/server/config/sections";
import {
  compactPayoutHours,
  getLedger,
  purgeExpiredRevocations,
  purgeSecurityEvents,
  purgeSignInChallenges,
  vacuumEmbeddedLedger,
  type Ledger,
} from "@/lib/server/ledger";
import { rateLimits } from "@/lib/server/ledger/schema";
import { log } from "@/lib/server/log";

const DAY_MS = 24 * 60 * 60 * 1000;

export type { HousekeepingSettings };

/** The settings from the configuration (lib/server/config); `env` parses the given variables instead. */
export function housekeepingSettings(env?: Env): HousekeepingSettings {
  return env ? parseHousekeepingSettings(env) : housekeepingConfig();
}

export interface HousekeepingSummary {
  revocations: number;
  securityEvents: number;
  rateLimits: number;
  signInChallenges: number;
  /** Tables of the embedded ledger vacuumed or analyzed (PGlite has no autovacuum; lib/server/ledger/maintenance.ts). */
  vacuumed: number;
}

/**
 * Purges what has outlived its purpose: revocations of sessions that have
 * expired anyway, security-log entries past their retention, sign-in
 * throttle counters whose window ended, and a person's sign-in challenges
 * that expired or were used; folds the payouts' hourly summary (each write
 * appends its change there; lib/server/ledger/payout-hours.ts); then vacuums
 * the embedded ledger's tables that need it (after the purges and the
 * folding, so their dead rows go in the same pass).
 */
export async function runHousekeeping(
  ledger: Ledger,
  now: Date = new Date(serverClock().now()),
  settings: HousekeepingSettings = housekeepingSettings(),
): Promise<HousekeepingSummary> {
  const revocations = await purgeExpiredRevocations(ledger, now);
  const securityEvents = await purgeSecurityEvents(
    ledger,
    new Date(now.getTime() - settings.SECURITY_LOG_RETENTION_DAYS * DAY_MS),
  );
  const expired = await ledger.db
    .delete(rateLimits)
    .where(lt(rateLimits.expire, now))
    .returning({ key: rateLimits.key });
  const signInChallenges = await purgeSignInChallenges(ledger, now);
  await compactPayoutHours(ledger);
  const { vacuumed, analyzed } = await vacuumEmbeddedLedger(ledger);
  return {
    revocations,
    securityEvents,
    rateLimits: expired.length,
    signInChallenges,
    vacuumed: vacuumed.length + analyzed.length,
  };
}

const globalForHousekeeping = globalThis as typeof globalThis & { __pixopsHousekeeping?: NodeJS.Timeout };

/** Runs housekeeping now and then every HOUSEKEEPING_INTERVAL_MS (once per process). */
export function startHousekeeping(): void {
  if (globalForHousekeeping.__pixopsHousekeeping) return;
  const settings = housekeepingSettings();
  const tick = async () => {
    try {
      const summary = await runHousekeeping(await getLedger(), new Date(serverClock().now()), settings);
      if (Object.values(summary).some((n) => n > 0)) log.info("housekeeping.pass", { summary });
    } catch (error) {
      log.error("housekeeping.pass_failed", { error });
    }
  };
  void tick();
  globalForHousekeeping.__pixopsHousekeeping = setInterval(() => void tick(), settings.HOUSEKEEPING_INTERVAL_MS);
  globalForHousekeeping.__pixopsHousekeeping.unref();
}

export function stopHousekeeping(): void {
  clearInterval(globalForHousekeeping.__pixopsHousekeeping);
  globalForHousekeeping.__pixopsHousekeeping = undefined;
}

/** The dashboard's settings by area, each parsed from the environment with its defaults and bounds. */
import path from "node:path";
import { z } from "zod";
import { normaliseBusinessId } from "../../shared/schemas/business-id";
import type { Env } from "./environment";
import { ConfigError, TenancyConfigError } from "./errors";
import { flag, parseSection, text, wholeNumber } from "./fields";
import { parsePaymentsConfig, parseSandboxPort } from "./payments";

const MINUTE = 60_000;
const DAY_SECONDS = 24 * 60 * 60;

/** Documented defaults (README, "Configuration"); the retry policy's are the client's own (payments.ts). */
export const DEFAULTS = {
  // Next.js's own default.
  PORT: 3000,
  DATA_DIR: ".data",
  SESSION_IDLE_TIMEOUT_SECONDS: 30 * 60,
  SESSION_MAX_AGE_SECONDS: 12 * 60 * 60,
  SIGN_IN_LIMIT_PER_ADDRESS: 10,
  SIGN_IN_LIMIT_PER_CREDENTIAL: 5,
  SIGN_IN_LIMIT_TOTAL: 100,
  SIGN_IN_WINDOW_SECONDS: 15 * 60,
  SIGN_IN_MAX_BLOCK_SECONDS: DAY_SECONDS,
  HOUSEKEEPING_INTERVAL_MS: 60 * MINUTE,
  SECURITY_LOG_RETENTION_DAYS: 90,
  // The link-counter watcher: how often each workspace's link list is read for the insights' snapshots (0: off).
  LINK_WATCH_INTERVAL_MS: 15 * MINUTE,
  PAYOUT_AUTO_RESEND_WINDOW_MS: 15 * MINUTE,
  RECONCILE_INTERVAL_MS: 15_000,
  RECONCILE_AFTER_MS: 10_000,
  PAYOUT_REFRESH_PER_BUSINESS: 10,
  PAYOUT_REFRESH_EVERY_MS: 5_000,
  // R$ 10.000,00: above it the operator types the batch's total to confirm it.
  PAYOUT_BATCH_CONFIRM_THRESHOLD_CENTAVOS: 1_000_000,
  PAYOUT_BATCH_CONCURRENCY: 8,
  PAYOUT_BATCH_INTERVAL_MS: 1_000,
  // Just under the sandbox's 100/s per credential: the rest is left to single payouts and look-ups.
  PAYOUT_BATCH_RATE_PER_SECOND: 95,
  // The embedded ledger's folder lock (docs/ledger.md, "The folder lock").
  LEDGER_LOCK_HEARTBEAT_MS: 5_000,
  LEDGER_LOCK_STALE_MS: 30_000,
} as const;

// --- Tenancy ---------------------------------------------------------------

export interface Tenancy {
  /** The one business this deployment serves, or null (each API key is its own scope). */
  businessId: string | null;
  businessName: string | null;
  /** SHA-256 fingerprints of the API keys allowed to sign in; empty = no pin. */
  allowedKeys: ReadonlySet<string>;
}

const fingerprintList = z
  .string()
  .transform((raw) =>
    raw
      .split(",")
      .map((part) =>
        part
          .trim()
          .toLowerCase()
          .replace(/^sha256:/, ""),
      )
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z.string().regex(/^[0-9a-f]{64}$/, { error: "each fingerprint must be 64 hex digits (SHA-256 of the key)" }),
    ),
  );
const unsetIfBlank = (value: unknown) => (value === "" ? undefined : value);

const tenancyShape = {
  PAYMENTS_BUSINESS_ID: z.preprocess(
    unsetIfBlank,
    z
      .string()
      .transform(normaliseBusinessId)
      .pipe(z.uuid({ error: "PAYMENTS_BUSINESS_ID must be the business's id (a UUID)" }))
      .optional(),
  ),
  PAYMENTS_BUSINESS_NAME: z.preprocess(unsetIfBlank, z.string().trim().min(1).max(120).optional()),
  PAYMENTS_API_KEY_SHA256: z.preprocess(unsetIfBlank, fingerprintList.optional()),
};

export function parseTenancy(env: Env): Tenancy {
  const e = parseSection(tenancyShape, env, TenancyConfigError);
  const allowedKeys = new Set(e.PAYMENTS_API_KEY_SHA256 ?? []);
  // Against a real API the key says nothing about its business: only the administrator's pin can.
  if (e.PAYMENTS_BUSINESS_ID && allowedKeys.size === 0 && !parsePaymentsConfig(env).sandbox) {
    throw new TenancyConfigError(
      "PAYMENTS_BUSINESS_ID is set but PAYMENTS_API_KEY_SHA256 is not: list the SHA-256 fingerprints of this business's API keys (npm run key-fingerprint), or any working key of any business could sign in to it",
    );
  }
  return { businessId: e.PAYMENTS_BUSINESS_ID ?? null, businessName: e.PAYMENTS_BUSINESS_NAME ?? null, allowedKeys };
}

// --- Session ---------------------------------------------------------------

export interface SessionSettings {
  /** SESSION_SECRET split at commas, newest first; empty when unset. Never logged. */
  secrets: readonly string[];
  secretFile: string | undefined;
  configHome: string | undefined;
  dataDir: string | undefined;
  ledgerDir: string | undefined;
  idleTimeoutSeconds: number;
  absoluteLifetimeSeconds: number;
}

const sessionShape = {
  SESSION_SECRET: text(),
  SESSION_SECRET_FILE: text(),
  XDG_CONFIG_HOME: text(),
  DATA_DIR: text(),
  LEDGER_DIR: text(),
  SESSION_IDLE_TIMEOUT_SECONDS: wholeNumber(
    "SESSION_IDLE_TIMEOUT_SECONDS",
    1,
    7 * DAY_SECONDS,
    DEFAULTS.SESSION_IDLE_TIMEOUT_SECONDS,
  ),
  SESSION_MAX_AGE_SECONDS: wholeNumber(
    "SESSION_MAX_AGE_SECONDS",
    1,
    30 * DAY_SECONDS,
    DEFAULTS.SESSION_MAX_AGE_SECONDS,
  ),
};

export function parseSessionSettings(env: Env): SessionSettings {
  const e = parseSection(sessionShape, env);
  return {
    secrets: e.SESSION_SECRET
      ? e.SESSION_SECRET.split(",")
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
    secretFile: e.SESSION_SECRET_FILE,
    configHome: e.XDG_CONFIG_HOME,
    dataDir: e.DATA_DIR,
    ledgerDir: e.LEDGER_DIR,
    idleTimeoutSeconds: e.SESSION_IDLE_TIMEOUT_SECONDS,
    absoluteLifetimeSeconds: e.SESSION_MAX_AGE_SECONDS,
  };
}

// --- Ledger ----------------------------------------------------------------

export const DEFAULT_LEDGER_DIR = path.join(DEFAULTS.DATA_DIR, "ledger");

export interface LedgerSettings {
  /** PostgreSQL, when DATABASE_URL is set; else the embedded PGlite folder. */
  databaseUrl: string | undefined;
  /** LEDGER_DIR, else DATA_DIR/ledger, else .data/ledger. */
  dataDir: string;
  /** LEDGER_MIGRATIONS_DIR; unset: the app's own lib/server/ledger/migrations. */
  migrationsDir: string | undefined;
  /** How often the holder of the PGlite folder's lock refreshes it, and after how long without it the lock is a dead process's. */
  lock: { heartbeatMs: number; staleMs: number };
}

const ledgerShape = {
  DATABASE_URL: text(),
  LEDGER_DIR: text(),
  DATA_DIR: text(),
  LEDGER_MIGRATIONS_DIR: text(),
  LEDGER_LOCK_HEARTBEAT_MS: wholeNumber("LEDGER_LOCK_HEARTBEAT_MS", 10, MINUTE, DEFAULTS.LEDGER_LOCK_HEARTBEAT_MS),
  LEDGER_LOCK_STALE_MS: wholeNumber("LEDGER_LOCK_STALE_MS", 30, 60 * MINUTE, DEFAULTS.LEDGER_LOCK_STALE_MS),
};

export function parseLedgerSettings(env: Env): LedgerSettings {
  const e = parseSection(ledgerShape, env);
  // A few missed beats (a busy event loop, a slow disk) must not make a live holder look dead.
  if (e.LEDGER_LOCK_STALE_MS < 3 * e.LEDGER_LOCK_HEARTBEAT_MS) {
    throw new ConfigError(
      "LEDGER_LOCK_STALE_MS must be at least 3 times LEDGER_LOCK_HEARTBEAT_MS, so a few late heartbeats do not make a live process look stopped",
    );
  }
  return {
    databaseUrl: e.DATABASE_URL,
    dataDir: e.LEDGER_DIR ?? (e.DATA_DIR ? path.join(e.DATA_DIR, "ledger") : DEFAULT_LEDGER_DIR),
    migrationsDir: e.LEDGER_MIGRATIONS_DIR,
    lock: { heartbeatMs: e.LEDGER_LOCK_HEARTBEAT_MS, staleMs: e.LEDGER_LOCK_STALE_MS },
  };
}

// --- The server process ----------------------------------------------------

export interface Deployment {
  /** NODE_ENV=production (`next start`). */
  production: boolean;
  /** NODE_ENV=development (`next dev`). */
  development: boolean;
}

/** NODE_ENV, which Next.js sets; any value is accepted (so the log can always read it). */
export function parseDeployment(env: Env): Deployment {
  const nodeEnv = env.NODE_ENV?.trim();
  return { production: nodeEnv === "production", development: nodeEnv === "development" };
}

export interface AppSettings {
  /** RECONCILER=off: this instance runs no reconciler (another one does, or a test drives it). */
  reconciler: boolean;
  /** PAYMENT_LINK_BASE_URL as set (the payment-link pages fall back to their default for a bad one). */
  paymentLinkBaseUrl: string | undefined;
  /** PORT: the port Next.js listens on (its own variable), for the first-run setup link without APP_ORIGIN. */
  port: number;
}

const appShape = {
  PORT: wholeNumber("PORT", 1, 65_535, DEFAULTS.PORT),
  RECONCILER: z.preprocess(
    unsetIfBlank,
    z.enum(["on", "off"], { error: "RECONCILER must be on or off" }).default("on"),
  ),
  PAYMENT_LINK_BASE_URL: text(),
};

export function parseAppSettings(env: Env): AppSettings {
  const e = parseSection(appShape, env);
  return { reconciler: e.RECONCILER === "on", paymentLinkBaseUrl: e.PAYMENT_LINK_BASE_URL, port: e.PORT };
}

// --- Payouts, sign-in throttle, housekeeping -------------------------------

const payoutShape = {
  PAYOUT_AUTO_RESEND_WINDOW_MS: wholeNumber(
    "PAYOUT_AUTO_RESEND_WINDOW_MS",
    1_000,
    24 * 60 * MINUTE,
    DEFAULTS.PAYOUT_AUTO_RESEND_WINDOW_MS,
  ),
  // Unset: the re-send window. Longer values are cut to it (no seal lives longer).
  PAYOUT_FOLLOW_UP_WINDOW_MS: wholeNumber("PAYOUT_FOLLOW_UP_WINDOW_MS", 1_000, 7 * 24 * 60 * MINUTE),
  // Unset: the client's deadline + 2 s.
  PAYOUT_INFLIGHT_WAIT_MS: wholeNumber("PAYOUT_INFLIGHT_WAIT_MS", 0, 10 * MINUTE),
  SUBACCOUNT_INFLIGHT_WAIT_MS: wholeNumber("SUBACCOUNT_INFLIGHT_WAIT_MS", 0, 10 * MINUTE),
  RECONCILE_INTERVAL_MS: wholeNumber("RECONCILE_INTERVAL_MS", 100, 60 * MINUTE, DEFAULTS.RECONCILE_INTERVAL_MS),
  RECONCILE_AFTER_MS: wholeNumber("RECONCILE_AFTER_MS", 0, 60 * MINUTE, DEFAULTS.RECONCILE_AFTER_MS),
  PAYOUT_REFRESH_PER_BUSINESS: wholeNumber(
    "PAYOUT_REFRESH_PER_BUSINESS",
    1,
    1_000,
    DEFAULTS.PAYOUT_REFRESH_PER_BUSINESS,
  ),
  PAYOUT_REFRESH_EVERY_MS: wholeNumber("PAYOUT_REFRESH_EVERY_MS", 100, 60 * MINUTE, DEFAULTS.PAYOUT_REFRESH_EVERY_MS),
  PAYOUT_BATCH_CONFIRM_THRESHOLD_CENTAVOS: wholeNumber(
    "PAYOUT_BATCH_CONFIRM_THRESHOLD_CENTAVOS",
    0,
    Number.MAX_SAFE_INTEGER,
    DEFAULTS.PAYOUT_BATCH_CONFIRM_THRESHOLD_CENTAVOS,
  ),
  PAYOUT_BATCH_CONCURRENCY: wholeNumber("PAYOUT_BATCH_CONCURRENCY", 1, 32, DEFAULTS.PAYOUT_BATCH_CONCURRENCY),
  PAYOUT_BATCH_INTERVAL_MS: wholeNumber("PAYOUT_BATCH_INTERVAL_MS", 50, 60 * MINUTE, DEFAULTS.PAYOUT_BATCH_INTERVAL_MS),
  PAYOUT_BATCH_RATE_PER_SECOND: wholeNumber(
    "PAYOUT_BATCH_RATE_PER_SECOND",
    1,
    100_000,
    DEFAULTS.PAYOUT_BATCH_RATE_PER_SECOND,
  ),
};
export type PayoutSettings = z.infer<z.ZodObject<typeof payoutShape>>;

export function parsePayoutSettings(env: Env): PayoutSettings {
  return parseSection(payoutShape, env);
}

const throttleShape = {
  SIGN_IN_LIMIT_PER_ADDRESS: wholeNumber("SIGN_IN_LIMIT_PER_ADDRESS", 1, 1_000_000, DEFAULTS.SIGN_IN_LIMIT_PER_ADDRESS),
  SIGN_IN_LIMIT_PER_CREDENTIAL: wholeNumber(
    "SIGN_IN_LIMIT_PER_CREDENTIAL",
    1,
    1_000_000,
    DEFAULTS.SIGN_IN_LIMIT_PER_CREDENTIAL,
  ),
  SIGN_IN_LIMIT_TOTAL: wholeNumber("SIGN_IN_LIMIT_TOTAL", 1, 1_000_000, DEFAULTS.SIGN_IN_LIMIT_TOTAL),
  SIGN_IN_WINDOW_SECONDS: wholeNumber("SIGN_IN_WINDOW_SECONDS", 1, 7 * DAY_SECONDS, DEFAULTS.SIGN_IN_WINDOW_SECONDS),
  SIGN_IN_MAX_BLOCK_SECONDS: wholeNumber(
    "SIGN_IN_MAX_BLOCK_SECONDS",
    1,
    30 * DAY_SECONDS,
    DEFAULTS.SIGN_IN_MAX_BLOCK_SECONDS,
  ),
};
export type ThrottleSettings = z.infer<z.ZodObject<typeof throttleShape>>;

export function parseThrottleSettings(env: Env): ThrottleSettings {
  return parseSection(throttleShape, env);
}

const housekeepingShape = {
  HOUSEKEEPING_INTERVAL_MS: wholeNumber(
    "HOUSEKEEPING_INTERVAL_MS",
    1_000,
    7 * 24 * 60 * MINUTE,
    DEFAULTS.HOUSEKEEPING_INTERVAL_MS,
  ),
  SECURITY_LOG_RETENTION_DAYS: wholeNumber(
    "SECURITY_LOG_RETENTION_DAYS",
    1,
    3_650,
    DEFAULTS.SECURITY_LOG_RETENTION_DAYS,
  ),
};
export type HousekeepingSettings = z.infer<z.ZodObject<typeof housekeepingShape>>;

export function parseHousekeepingSettings(env: Env): HousekeepingSettings {
  return parseSection(housekeepingShape, env);
}

export interface LinkWatchSettings {
  /** How often the link-counter watcher reads each workspace's link list; null: this instance runs no watcher. */
  intervalMs: number | null;
  /**
   * The same interval when the watcher is off here (another instance may run it): the insights' tolerance for a
   * start snapshot older than the window (docs/insights.md, "Payment links").
   */
  cadenceMs: number;
}

const linkWatchShape = {
  LINK_WATCH_INTERVAL_MS: wholeNumber("LINK_WATCH_INTERVAL_MS", 0, 24 * 60 * MINUTE, DEFAULTS.LINK_WATCH_INTERVAL_MS),
};

export function parseLinkWatchSettings(env: Env): LinkWatchSettings {
  const e = parseSection(linkWatchShape, env);
  const interval = e.LINK_WATCH_INTERVAL_MS;
  if (interval !== 0 && interval < MINUTE) {
    throw new ConfigError(
      "LINK_WATCH_INTERVAL_MS must be 0 (no watcher) or at least 60000 (one minute): each pass reads every workspace's whole link list",
    );
  }
  return {
    intervalMs: interval === 0 ? null : interval,
    cadenceMs: interval === 0 ? DEFAULTS.LINK_WATCH_INTERVAL_MS : interval,
  };
}

// --- The launcher (scripts/launch.ts) --------------------------------------

export interface LauncherSettings {
  /** PAYMENTS_API_URL as set: then no sandbox is started. */
  paymentsApiUrl: string | undefined;
  sandboxPort: number;
  dataDir: string;
  /** SANDBOX_RESET=1: reseed the sandbox's state at start. */
  sandboxReset: boolean;
}

const launcherShape = { PAYMENTS_API_URL: text(), DATA_DIR: text(), SANDBOX_RESET: flag("SANDBOX_RESET") };

export function parseLauncherSettings(env: Env): LauncherSettings {
  const e = parseSection(launcherShape, env);
  return {
    paymentsApiUrl: e.PAYMENTS_API_URL,
    sandboxPort: parseSandboxPort(env),
    dataDir: e.DATA_DIR ?? DEFAULTS.DATA_DIR,
    sandboxReset: e.SANDBOX_RESET,
  };
}

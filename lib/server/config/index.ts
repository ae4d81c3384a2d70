import "server-only";
/**
 * The dashboard's configuration: every setting comes from here, parsed from
 * the environment once (zod, with defaults and bounds) and cached. A bad value
 * is a ConfigError naming the variable and what to set, never its value; the
 * server's start-up (lib/server/startup.ts) parses every area first, so a
 * mistake stops it with a `startup.refused` line instead of failing later.
 * Areas are parsed on first use, so each reports its own error (a tenancy
 * mistake is a TenancyConfigError). Tests that change the environment call
 * resetConfigForTests().
 */
import { parseCredentialSettings, type CredentialSettings } from "./credentials";
import { readEnvironment, type Env } from "./environment";
import { parseMailSettings, type MailSettings } from "./mail";
import { parsePaymentsConfig, parseRetryOverrides, type PaymentsConfig } from "./payments";
import type { RetryPolicy } from "./retry-policy";
import {
  parseAppSettings,
  parseDeployment,
  parseHousekeepingSettings,
  parseLedgerSettings,
  parseLinkWatchSettings,
  parsePayoutSettings,
  parseSessionSettings,
  parseTenancy,
  parseThrottleSettings,
  type AppSettings,
  type Deployment,
  type HousekeepingSettings,
  type LedgerSettings,
  type LinkWatchSettings,
  type PayoutSettings,
  type SessionSettings,
  type Tenancy,
  type ThrottleSettings,
} from "./sections";
import { parseTransportConfig, type TransportConfig } from "./transport";

export { ConfigError, TenancyConfigError } from "./errors";
export type { Env } from "./environment";
export { CONFIG_VARIABLES, type ConfigVariable } from "./variables";
export type { CredentialKey, ProvisionedCredentialSettings } from "./credentials";
export type { SmtpServer } from "./mail";
export type {
  AppSettings,
  CredentialSettings,
  Deployment,
  HousekeepingSettings,
  LedgerSettings,
  LinkWatchSettings,
  MailSettings,
  PaymentsConfig,
  PayoutSettings,
  SessionSettings,
  Tenancy,
  ThrottleSettings,
  TransportConfig,
};

let environment: Env | null = null;
const cache = new Map<string, unknown>();

/** The environment as first read by this process. */
function env(): Env {
  environment ??= readEnvironment();
  return environment;
}

/**
 * A value computed once from the configuration (an area's settings, or what a
 * module derives from them, such as the session's secrets); forgotten by
 * resetConfigForTests(). A failed computation is not cached.
 */
export function cachedConfig<T>(key: string, compute: (env: Env) => T): T {
  if (cache.has(key)) return cache.get(key) as T;
  const value = compute(env());
  cache.set(key, value);
  return value;
}

export const paymentsConfig = (): PaymentsConfig => cachedConfig("payments", parsePaymentsConfig);
export const retryOverrides = (): Partial<RetryPolicy> => cachedConfig("retry", parseRetryOverrides);
export const transportSettings = (): TransportConfig => cachedConfig("transport", parseTransportConfig);
export const tenancySettings = (): Tenancy => cachedConfig("tenancy", parseTenancy);
export const sessionSettings = (): SessionSettings => cachedConfig("session", parseSessionSettings);
export const credentialSettings = (): CredentialSettings => cachedConfig("credentials", parseCredentialSettings);
export const ledgerSettings = (): LedgerSettings => cachedConfig("ledger", parseLedgerSettings);
export const deployment = (): Deployment => cachedConfig("deployment", parseDeployment);
export const appSettings = (): AppSettings => cachedConfig("app", parseAppSettings);
export const payoutSettings = (): PayoutSettings => cachedConfig("payouts", parsePayoutSettings);
export const throttleConfig = (): ThrottleSettings => cachedConfig("throttle", parseThrottleSettings);
export const housekeepingConfig = (): HousekeepingSettings => cachedConfig("housekeeping", parseHousekeepingSettings);
export const linkWatchConfig = (): LinkWatchSettings => cachedConfig("linkWatch", parseLinkWatchSettings);
export const mailSettings = (): MailSettings => cachedConfig("mail", parseMailSettings);

/** True when the dashboard runs against its embedded sandbox (PAYMENTS_API_URL unset). */
export const isSandboxMode = (): boolean => paymentsConfig().sandbox;

/** Parses every area: what start-up calls before anything else. Throws the first area's ConfigError. */
export function checkAllConfig(): void {
  for (const read of [
    deployment,
    paymentsConfig,
    retryOverrides,
    transportSettings,
    tenancySettings,
    sessionSettings,
    credentialSettings,
    ledgerSettings,
    appSettings,
    payoutSettings,
    throttleConfig,
    housekeepingConfig,
    linkWatchConfig,
    mailSettings,
  ])
    read();
}

/** For tests that change the environment between cases: the next read sees the new environment. */
export function resetConfigForTests(): void {
  environment = null;
  cache.clear();
}

/**
 * Every environment variable the dashboard (the Next.js server and its launcher)
 * reads, with its default: README's configuration table lists exactly these
 * (tests/server/config-readme.test.ts checks it). `null`: unset by default, or a
 * default computed from other settings (README says which).
 */
import { MAIL_DEFAULTS } from "./mail";
import { DEFAULT_SANDBOX_PORT, RETRY_DEFAULTS } from "./payments";
import { DEFAULTS } from "./sections";

export interface ConfigVariable {
  name: string;
  default: number | string | null;
}

const unset = (...names: string[]): ConfigVariable[] => names.map((name) => ({ name, default: null }));
const withDefaults = (defaults: Readonly<Record<string, number | string>>): ConfigVariable[] =>
  Object.entries(defaults).map(([name, value]) => ({ name, default: value }));

export const CONFIG_VARIABLES: readonly ConfigVariable[] = [
  ...unset("NODE_ENV", "PAYMENTS_API_URL", "SANDBOX_URL"),
  { name: "SANDBOX_PORT", default: DEFAULT_SANDBOX_PORT },
  { name: "SANDBOX_RESET", default: null },
  ...unset("SESSION_SECRET", "SESSION_SECRET_FILE", "XDG_CONFIG_HOME"),
  ...unset("CREDENTIAL_KEYS", "CREDENTIAL_KEYS_FILE"),
  ...unset("PAYMENTS_API_KEY", "PAYMENTS_API_KEY_FILE", "PAYMENTS_ACCESS_TOKEN", "PAYMENTS_ACCESS_TOKEN_FILE"),
  ...unset("PAYMENTS_BUSINESS_ID", "PAYMENTS_BUSINESS_NAME", "PAYMENTS_API_KEY_SHA256"),
  ...unset("APP_ORIGIN", "TRUST_PROXY", "ALLOW_INSECURE_HTTP"),
  ...unset("DATABASE_URL", "LEDGER_DIR", "LEDGER_MIGRATIONS_DIR"),
  ...unset("PAYMENT_LINK_BASE_URL", "RECONCILER"),
  ...unset("PAYOUT_FOLLOW_UP_WINDOW_MS", "PAYOUT_INFLIGHT_WAIT_MS", "SUBACCOUNT_INFLIGHT_WAIT_MS"),
  ...withDefaults(DEFAULTS),
  ...withDefaults(RETRY_DEFAULTS),
  ...unset("SMTP_URL", "SMTP_FROM"),
  ...withDefaults(MAIL_DEFAULTS),
];

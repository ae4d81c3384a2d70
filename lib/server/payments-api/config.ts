import "server-only";
import { paymentsConfig, type Env, type PaymentsConfig } from "@/lib/server/config";
import { parsePaymentsConfig } from "@/lib/server/config/payments";

export type { PaymentsConfig };
export { normalizeBaseUrl } from "@/lib/server/config/payments";

/**
 * Where the payments API lives (lib/server/config: PAYMENTS_API_URL, else the
 * sandbox at SANDBOX_URL or 127.0.0.1:SANDBOX_PORT). A malformed or non-http(s)
 * URL is a ConfigError, so a bad deploy fails at start-up, not with a confusing
 * network error. `env` parses the given variables instead of the process's.
 */
export function getPaymentsConfig(env?: Env): PaymentsConfig {
  return env ? parsePaymentsConfig(env) : paymentsConfig();
}

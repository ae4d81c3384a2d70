import "server-only";
import { serverClock } from "@/lib/server/clock";
import { retryOverrides, type Env } from "@/lib/server/config";
import { parseRetryOverrides } from "@/lib/server/config/payments";
import {
  createPaymentsClient,
  type Credential,
  type PaymentsClient,
  type RetryPolicy,
} from "@/lib/server/payments-api/client";

/** Retry-policy overrides from the configuration (operations tuning; the tests shorten them); `env` parses the given variables instead. */
export function retryPolicyFromEnv(env?: Env): Partial<RetryPolicy> {
  return env ? parseRetryOverrides(env) : retryOverrides();
}

/** The payments client the BFF uses for a credential: the one client module, with the deployment's policy. */
export function apiClientFor(credential: Credential, overrides: Partial<RetryPolicy> = {}): PaymentsClient {
  return createPaymentsClient({ credential, retry: { ...retryPolicyFromEnv(), ...overrides }, clock: serverClock() });
}

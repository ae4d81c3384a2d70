import "server-only";
import { serverClock } from "@/lib/server/clock";
import { createPaymentsClient, type Credential, type PaymentsClient, type RetryPolicy } from "@/lib/server/payments-api/client";

const ENV_POLICY: Record<keyof RetryPolicy, string> = {
  maxAttempts: "PAYMENTS_MAX_ATTEMPTS",
  baseDelayMs: "PAYMENTS_RETRY_BASE_MS",
  maxDelayMs: "PAYMENTS_RETRY_CAP_MS",
  attemptTimeoutMs: "PAYMENTS_ATTEMPT_TIMEOUT_MS",
  deadlineMs: "PAYMENTS_DEADLINE_MS",
};

/** Retry-policy overrides from the environment (operations tuning; the tests shorten them). */
export function retryPolicyFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): Partial<RetryPolicy> {
  const policy: Partial<RetryPolicy> = {};
  for (const [key, name] of Object.entries(ENV_POLICY) as Array<[keyof RetryPolicy, string]>) {
    const raw = env[name];
    if (raw !== undefined && raw !== "") policy[key] = Number(raw);
  }
  return policy;
}

/** The payments client the BFF uses for a credential: the one client module, with the deployment's policy. */
export function apiClientFor(credential: Credential, overrides: Partial<RetryPolicy> = {}): PaymentsClient {
  return createPaymentsClient({ credential, retry: { ...retryPolicyFromEnv(), ...overrides }, clock: serverClock() });
}

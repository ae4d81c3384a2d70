/**
 * Starts a real sandbox server for a test file and talks to its admin routes over
 * HTTP. Defaults: random port, memory only, no rate limit, payouts settle in 300 ms,
 * no faults, no reset, no request log, concurrent same-key requests replayed
 * (SANDBOX_* env variables do not leak in).
 */
import { ACME as SANDBOX_ACME, BETA as SANDBOX_BETA } from "@/sandbox/businesses";
import {
  startSandbox,
  type FaultRule,
  type InspectedPayout,
  type PayoutRequestEntry,
  type SandboxOptions,
  type SandboxStats,
} from "@/sandbox/server";

export type { FaultRule, InspectedPayout, PayoutRequestEntry, SandboxOptions, SandboxStats };

/** The demo credentials, from their one home (sandbox/businesses.ts), in the shape the tests sign in with. */
export const ACME = {
  apiKey: SANDBOX_ACME.apiKey,
  accessToken: SANDBOX_ACME.accessToken,
  businessId: SANDBOX_ACME.id,
} as const;
export const BETA = {
  apiKey: SANDBOX_BETA.apiKey,
  accessToken: SANDBOX_BETA.accessToken,
  businessId: SANDBOX_BETA.id,
} as const;

export interface TestSandbox {
  url: string;
  close(): Promise<void>;
  setFaults(rules: FaultRule[]): Promise<void>;
  addFault(rule: FaultRule): Promise<void>;
  clearFaults(): Promise<void>;
  stats(): Promise<SandboxStats>;
  reset(): Promise<void>;
  payouts(): Promise<InspectedPayout[]>;
  payoutRequests(): Promise<PayoutRequestEntry[]>;
}

async function admin<T>(url: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T; error: { code: string; message: string } | null };
  if (!res.ok || json.error) {
    throw new Error(
      `sandbox admin ${method} ${path} failed: ${res.status} ${json.error?.code ?? ""} ${json.error?.message ?? ""}`,
    );
  }
  return json.data;
}

export async function startTestSandbox(opts: Partial<SandboxOptions> = {}): Promise<TestSandbox> {
  const handle = await startSandbox({
    port: 0,
    dataDir: null,
    rateLimit: null,
    settleMs: 300,
    faults: [],
    reset: false,
    log: false,
    concurrentSameKey: "replay",
    extraApiKeys: [],
    ...opts,
  });
  const url = handle.url;
  return {
    url,
    close: () => handle.close(),
    setFaults: async (rules) => {
      await admin<unknown>(url, "PUT", "/__sandbox/faults", rules);
    },
    addFault: async (rule) => {
      await admin<unknown>(url, "POST", "/__sandbox/faults", rule);
    },
    clearFaults: async () => {
      await admin<unknown>(url, "DELETE", "/__sandbox/faults");
    },
    stats: () => admin<SandboxStats>(url, "GET", "/__sandbox/stats"),
    reset: async () => {
      await admin<unknown>(url, "POST", "/__sandbox/reset");
    },
    payouts: () => admin<InspectedPayout[]>(url, "GET", "/__sandbox/payouts"),
    payoutRequests: () => admin<PayoutRequestEntry[]>(url, "GET", "/__sandbox/payout-requests"),
  };
}

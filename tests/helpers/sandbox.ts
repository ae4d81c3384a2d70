/**
 * Starts a real sandbox server for a test file and talks to its admin routes over
 * HTTP. Defaults: random port, memory only, no rate limit, payouts settle in 300 ms,
 * no faults, no reset, no request log, concurrent same-key requests replayed
 * (SANDBOX_* env variables do not leak in).
 */
import { startSandbox, type FaultRule, type InspectedPayout, type PayoutRequestEntry, type SandboxOptions, type SandboxStats } from "@/sandbox/server";

export type { FaultRule, InspectedPayout, PayoutRequestEntry, SandboxOptions, SandboxStats };

export const ACME = {
  apiKey: "sk_sandbox_acme",
  accessToken: "at_sandbox_acme",
  businessId: "7f1c2b9e-4d2a-4c5e-9b1a-0a1b2c3d4e5f",
} as const;

export const BETA = {
  apiKey: "sk_sandbox_beta",
  accessToken: "at_sandbox_beta",
  businessId: "2d9e8f7a-6b5c-4d3e-8f1a-9b8c7d6e5f4a",
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
    throw new Error(`sandbox admin ${method} ${path} failed: ${res.status} ${json.error?.code ?? ""} ${json.error?.message ?? ""}`);
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

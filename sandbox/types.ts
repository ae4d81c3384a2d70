/**
 * Public and internal types of the sandbox. `server.ts` re-exports the public ones
 * (FaultRule, SandboxOptions, SandboxHandle, SandboxStats, InspectedPayout).
 */

import type { Clock } from "../lib/shared/clock";

export const FAULT_KINDS = [
  "latency",
  "error503",
  "throttle429",
  "hang",
  "commit_then_drop",
  "html502",
  "error500",
  /** A refusal a stricter or changed API might give a re-send: the key was revoked. */
  "error401",
  /** "A request with this key is in progress" (an API that serialises same-key requests). */
  "error409",
  /** The body no longer passes validation (a newer release validating differently). */
  "error422",
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultRule {
  kind: FaultKind;
  /** e.g. "POST"; omitted = any method. */
  method?: string;
  /** Prefix match on the pathname, e.g. "/v1/payouts"; omitted = any /v1 route. */
  path?: string;
  /** 0..1 probability per matching request, default 1. */
  rate?: number;
  /** How many more times it fires; omitted = until cleared. */
  count?: number;
  /** latency: added delay; hang: how long before the socket is destroyed (default: never). */
  ms?: number;
  /** Seconds, sent as Retry-After on 429/503. */
  retry_after?: number;
  /**
   * Only requests whose idempotency key the sandbox already holds a result for
   * ("replay": a re-send of an operation that happened), or only the others
   * ("first"); omitted = both.
   */
  when?: "replay" | "first";
}

/** What a same-key request gets while another one with that key is still being answered. */
export const CONCURRENT_SAME_KEY = ["replay", "conflict"] as const;
export type ConcurrentSameKey = (typeof CONCURRENT_SAME_KEY)[number];

export interface RateLimitConfig {
  perSecond: number;
  burst: number;
}

/** An additional X-API-Key the sandbox accepts for one of its demo businesses (tests use a canary key). */
export interface ExtraApiKey {
  business: "acme" | "beta";
  apiKey: string;
}

export interface SandboxOptions {
  /** 0 = random free port; default from SANDBOX_PORT or 4010. */
  port?: number;
  /** Default "127.0.0.1". */
  host?: string;
  /** null = memory only (tests); default SANDBOX_DATA_DIR or ".data/sandbox". */
  dataDir?: string | null;
  /** Payouts pending -> paid after this; default SANDBOX_SETTLE_MS or 4000. */
  settleMs?: number;
  /** null = off; default 100/s burst 200, or SANDBOX_RATE_LIMIT ("off" or a number per second, burst = 2x). */
  rateLimit?: RateLimitConfig | null;
  /** Initial faults; default from SANDBOX_FAULTS (JSON array). */
  faults?: FaultRule[];
  /** Reseed, discarding stored state; default SANDBOX_RESET=1. */
  reset?: boolean;
  /** One line per request to stdout. */
  log?: boolean;
  /**
   * "replay" (default): the effect happens on receipt, so a concurrent same-key
   * request is answered as a replay. "conflict": like a stricter API, it gets
   * 409 idempotency_in_progress while the first is still being answered.
   * Default SANDBOX_CONCURRENT_SAME_KEY.
   */
  concurrentSameKey?: ConcurrentSameKey;
  /** The sandbox's time: settlement, rate limit, idempotency records, payout log, injected latency and hangs. Default: the system clock. */
  clock?: Clock;
  /**
   * More API keys to accept, each as a demo business's (same data, same rate
   * limit as its demo key). Default SANDBOX_EXTRA_API_KEYS ("acme:KEY,beta:KEY").
   */
  extraApiKeys?: ExtraApiKey[];
  /** Acme's payment links when seeding: the demo ones, then generated ones up to this count. Default SANDBOX_SEED_LINKS. */
  seedLinks?: number;
  /** Acme's chargebacks when seeding, the same way. Default SANDBOX_SEED_CHARGEBACKS. */
  seedChargebacks?: number;
}

export interface SandboxHandle {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface SandboxStats {
  /** Sockets opened since start (or since the last DELETE /__sandbox/stats). */
  connections: number;
  /** Total /v1 requests. */
  requests: number;
  /** Per route template, e.g. "GET /v1/payouts/:id". */
  by_route: Record<string, number>;
  /** Requests that arrived while another with the same idempotency key was still being answered. */
  same_key_overlaps: number;
}

/** One POST /v1/payouts request as the sandbox received it (GET /__sandbox/payout-requests). */
export interface PayoutRequestEntry {
  /** From the body, else the Idempotency-Key header; null when neither is a string. */
  idempotency_key: string | null;
  business_id: string;
  /** Epoch milliseconds when the request was received (after auth and the rate limit). */
  received_at: number;
  /** Epoch milliseconds when its response ended (answered or dropped); null while open. */
  ended_at: number | null;
  /** The HTTP status sent, "dropped" when the connection closed without a full reply, null while open. */
  outcome: string | null;
}

export type PayoutStatus = "pending" | "paid" | "failed";

/** One payout as GET /__sandbox/payouts shows it (integers for money). */
export interface InspectedPayout {
  id: string;
  business_id: string;
  idempotency_key: string;
  status: PayoutStatus;
  amount_centavos: number;
  fee_centavos: number;
  net_centavos: number;
  pix_key: string;
  pix_key_type: string;
  end_to_end_id: string;
  failure_reason: string | null;
  created_at: string;
  paid_at: string | null;
}

export interface Business {
  id: string;
  name: string;
  apiKey: string;
  accessToken: string;
}

/** A payout as the sandbox stores it (not the dashboard ledger's `PayoutRecord`); `status` is settled lazily from `created_at` (see store.settle). */
export interface SandboxPayoutRecord {
  id: string;
  business_id: string;
  idempotency_key: string;
  amount_centavos: number;
  fee_centavos: number;
  net_centavos: number;
  pix_key: string;
  pix_key_type: string;
  /** Null for a key DICT does not know: there is no account, so no holder (the API's `bank_account.holder_name`). */
  holder_name: string | null;
  end_to_end_id: string;
  status: PayoutStatus;
  /** What the payout becomes once settled. */
  outcome: "paid" | "failed";
  failure_reason: string | null;
  created_at: string;
  /** When it settles (created_at + settleMs at creation time). */
  settles_at: string;
  paid_at: string | null;
}

export interface PaymentLinkRecord {
  id: string;
  business_id: string;
  name: string;
  description: string;
  slug: string;
  amount_centavos: number | null;
  min_amount_centavos: number | null;
  collect_customer_data: boolean;
  max_sales: number | null;
  expires_at: string | null;
  starts_at: string;
  status: string;
  checkouts_started: number;
  sales_count: number;
  visits: number;
  revenue_centavos: number;
  created_at: string;
}

export interface SubaccountRecord {
  id: string;
  business_id: string;
  name: string;
  email: string;
  document: string;
  external_reference: string;
  daily_limit_centavos: number;
  monthly_limit_centavos: number;
  is_blocked: boolean;
  created_at: string;
  updated_at: string;
}

/** Chargeback fields are "not shown" by the spec: these are the sandbox's choice. */
export interface ChargebackRecord {
  id: string;
  business_id: string;
  kind: "card_chargeback" | "pix_med";
  amount_centavos: number;
  reason: string;
  reason_code: string;
  status: string;
  created_at: string;
  respond_by: string;
  customer_name: string;
  card_brand?: string;
  card_last4?: string;
  /** Unknown to the dashboard on purpose (shown as it comes). */
  network_case_id?: string;
  end_to_end_id?: string;
  payout_id?: string;
}

/** A stored idempotent response, scoped per business + endpoint + key. */
export interface IdempotencyRecord {
  scope: string;
  fingerprint: string;
  status: number;
  data: unknown;
  created_at: string;
}

export interface PersistedState {
  version: 1;
  seeded_at: string;
  payouts: SandboxPayoutRecord[];
  links: PaymentLinkRecord[];
  subaccounts: SubaccountRecord[];
  chargebacks: ChargebackRecord[];
  idempotency: IdempotencyRecord[];
}

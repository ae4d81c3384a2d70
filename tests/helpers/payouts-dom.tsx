/**
 * Shared pieces of the payout component tests: a register row, a session, a
 * fetch stub that answers BFF routes and records every call, and a render with
 * the providers the dashboard puts around pages.
 */
import { vi } from "vitest";
import type { RegisterPayout } from "@/lib/shared/schemas/register";
import type { SessionInfo } from "@/lib/shared/schemas/session";

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** The BFF envelope. */
export const ok = (data: unknown, status = 200, requestId: string | null = "req_ok") =>
  json({ data, error: null, request_id: requestId }, status);
export const fail = (
  status: number,
  error: { code: string; message: string; fields?: Record<string, string>; details?: Record<string, unknown> },
  requestId: string | null = "req_fail",
) => json({ data: null, error, request_id: requestId }, status);

export function registerRow(overrides: Partial<RegisterPayout> = {}): RegisterPayout {
  return {
    id: null,
    idempotency_key: "11111111-2222-4333-8444-555555555555",
    state: "needs_review",
    status: null,
    amount_centavos: 32100,
    fee_centavos: null,
    net_centavos: null,
    pix_key_masked: "a***@example.com",
    pix_key_type: "email",
    end_to_end_id: null,
    holder_name: null,
    failure_reason: null,
    created_by: { name: "Olivia", role: "operator" },
    created_at: "2026-11-22T10:00:00.000Z",
    updated_at: "2026-11-22T10:05:00.000Z",
    last_request_id: "req_last",
    last_error: { code: "upstream_timeout", message: "no answer" },
    sends: 1,
    never_sent: false,
    auto_resend_until: null,
    review: { reason: "resend_window_passed", since: "2026-11-22T10:05:00.000Z" },
    handled: null,
    batch: null,
    ...overrides,
  };
}

const PEOPLE: Readonly<Record<SessionInfo["role"], { name: string; email: string }>> = {
  owner: { name: "Helena Prado", email: "owner@acme.example" },
  admin: { name: "Rafael Lima", email: "admin@acme.example" },
  operator: { name: "Olivia Santos", email: "operator@acme.example" },
  finance: { name: "Fernanda Costa", email: "finance@acme.example" },
  support: { name: "Sergio Alves", email: "support@acme.example" },
};

/** A signed-in person of Acme with this role (2FA off, the workspace's API key stored). */
export function session(role: SessionInfo["role"], overrides: Partial<SessionInfo> = {}): SessionInfo {
  return {
    person: { id: `member-${role}`, ...PEOPLE[role] },
    role,
    business: { id: "7f1c2b9e-4d2a-4c5e-9b1a-0a1b2c3d4e5f", name: "Acme" },
    sandbox: true,
    twoFactor: { enabled: false, pending: false },
    credentialMissing: false,
    expiresAt: "2099-01-01T00:00:00.000Z",
    idleTimeoutSeconds: 1800,
    ...overrides,
  };
}

export interface FetchCall {
  method: string;
  url: string;
  body: unknown;
  idempotencyKey: string | null;
}

export type Route = (call: FetchCall) => Response | Promise<Response> | undefined;

/**
 * Stubs global fetch: each call is recorded, then offered to the routes in
 * order; the first that answers wins. An unanswered call fails the test.
 */
export function stubFetch(routes: Route[]): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>(async (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      const headers = new Headers(init?.headers);
      const call: FetchCall = {
        method: init?.method ?? "GET",
        url,
        body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
        idempotencyKey: headers.get("Idempotency-Key"),
      };
      calls.push(call);
      for (const route of routes) {
        const answer = await route(call);
        if (answer) return answer;
      }
      throw new Error(`unexpected fetch ${call.method} ${url}`);
    }),
  );
  return calls;
}

/** What POST /api/payouts/preview answers for a register that knows no fee and never paid the key. */
export const EMPTY_PREVIEW = { fee_estimate: null, estimated_net_centavos: null, last_paid_to: null };

/** The review step's look-up (POST /api/payouts/preview), answered with `preview` and the amount asked about. */
export function previewRoute(preview: Record<string, unknown> = EMPTY_PREVIEW): Route {
  return (call) =>
    call.method === "POST" && call.url === "/api/payouts/preview"
      ? ok({ amount_centavos: (call.body as { amount_centavos?: number }).amount_centavos, ...preview })
      : undefined;
}

export { newQueryClient, renderWithProviders } from "./render";

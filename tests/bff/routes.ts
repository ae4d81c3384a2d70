/**
 * Every BFF route with a valid request, for the suites that sweep all of them
 * (roles, security). Not a test file: imported by them.
 */
import * as activity from "@/app/api/activity/route";
import * as chargebacks from "@/app/api/chargebacks/route";
import * as insightsDisputes from "@/app/api/insights/disputes/route";
import * as insightsOverview from "@/app/api/insights/overview/route";
import * as insightsPaymentLinks from "@/app/api/insights/payment-links/route";
import * as payoutInsights from "@/app/api/insights/payouts/route";
import * as paymentLinks from "@/app/api/payment-links/route";
import * as payout from "@/app/api/payouts/[id]/route";
import * as payoutReceipt from "@/app/api/payouts/[id]/receipt.pdf/route";
import * as payouts from "@/app/api/payouts/route";
import * as payoutTotals from "@/app/api/payouts/totals/route";
import * as payoutExport from "@/app/api/payouts/export/route";
import * as payoutBatches from "@/app/api/payout-batches/route";
import * as payoutBatchPreview from "@/app/api/payout-batches/preview/route";
import * as payoutPreview from "@/app/api/payouts/preview/route";
import * as session from "@/app/api/session/route";
import * as sessions from "@/app/api/sessions/route";
import * as subaccountHistory from "@/app/api/subaccounts/[id]/history/route";
import * as subaccountBlocked from "@/app/api/subaccounts/[id]/blocked/route";
import * as subaccount from "@/app/api/subaccounts/[id]/route";
import * as subaccounts from "@/app/api/subaccounts/route";
import type { Permission } from "@/lib/shared/auth/roles";
import * as invitations from "@/app/api/invitations/route";
import * as members from "@/app/api/members/route";
import * as workspaceCredentials from "@/app/api/workspace/credentials/route";
import * as workspaceSettings from "@/app/api/workspace/settings/route";
import { ACME, newKey, type CallOptions } from "../helpers/bff";

export type RouteHandler = (
  request: Request,
  context?: { params: Promise<Record<string, string>> },
) => Promise<Response>;

export interface RouteCase {
  /** "METHOD /api/path" as in docs/bff-api.md. */
  name: string;
  handler: RouteHandler;
  path: string;
  options: CallOptions;
  /** The permission the route checks (lib/shared/auth/roles.ts). */
  permission: Permission;
  /** Status a person whose role has the permission gets for this valid request. */
  okStatus: number;
}

let seq = 0;

const batchRow = {
  row_number: 2,
  pix_key: "fornecedor@example.com",
  key_type: "email",
  amount_centavos: 2500,
  original: { chave: "fornecedor@example.com", valor: "25,00" },
};

/** Fresh, valid requests for every business route (new idempotency keys and slugs on each call). */
export function businessRoutes(): RouteCase[] {
  seq += 1;
  const slug = `rota-${Date.now().toString(36)}-${seq}`;
  return [
    {
      name: "GET /api/payment-links",
      handler: paymentLinks.GET,
      path: "/api/payment-links",
      options: {},
      permission: "payment_links.list",
      okStatus: 200,
    },
    {
      name: "POST /api/payment-links",
      handler: paymentLinks.POST,
      path: "/api/payment-links",
      options: {
        method: "POST",
        idempotencyKey: newKey("link"),
        body: { name: "Camiseta da rota", slug, amount_centavos: 4990 },
      },
      permission: "payment_links.create",
      okStatus: 201,
    },
    {
      name: "POST /api/payouts",
      handler: payouts.POST,
      path: "/api/payouts",
      options: {
        method: "POST",
        idempotencyKey: newKey("payout"),
        body: { amount_centavos: 2500, pix_key_type: "email", pix_key: "fornecedor@example.com" },
      },
      permission: "payouts.create",
      okStatus: 201,
    },
    {
      name: "GET /api/payouts",
      handler: payouts.GET,
      path: "/api/payouts",
      options: {},
      permission: "payouts.register",
      okStatus: 200,
    },
    {
      name: "GET /api/payouts/totals",
      handler: payoutTotals.GET,
      path: "/api/payouts/totals?from=2026-11-01T03%3A00%3A00Z&to=2026-12-01T03%3A00%3A00Z",
      options: {},
      permission: "payouts.register",
      okStatus: 200,
    },
    {
      name: "GET /api/payouts/{id}",
      handler: payout.GET,
      path: "/api/payouts/po_demo_paid",
      options: { params: { id: "po_demo_paid" } },
      permission: "payouts.lookup",
      okStatus: 200,
    },
    {
      name: "PATCH /api/subaccounts/{id}",
      handler: subaccount.PATCH,
      path: "/api/subaccounts/sa_demo_1",
      options: {
        method: "PATCH",
        idempotencyKey: newKey("sub"),
        params: { id: "sa_demo_1" },
        body: { name: `Loja Centro ${seq}` },
      },
      permission: "subaccounts.update",
      okStatus: 200,
    },
    // After the PATCH above the dashboard knows sa_demo_1, so the read is a 200.
    {
      name: "GET /api/subaccounts/{id}",
      handler: subaccount.GET,
      path: "/api/subaccounts/sa_demo_1",
      options: { params: { id: "sa_demo_1" } },
      permission: "subaccounts.list",
      okStatus: 200,
    },
    {
      name: "GET /api/subaccounts/{id}/history",
      handler: subaccountHistory.GET,
      path: "/api/subaccounts/sa_demo_1/history",
      options: { params: { id: "sa_demo_1" } },
      permission: "subaccounts.list",
      okStatus: 200,
    },
    {
      name: "PUT /api/subaccounts/{id}/blocked",
      handler: subaccountBlocked.PUT,
      path: "/api/subaccounts/sa_demo_1/blocked",
      options: {
        method: "PUT",
        idempotencyKey: newKey("block"),
        params: { id: "sa_demo_1" },
        body: { is_blocked: seq % 2 === 1 },
      },
      permission: "subaccounts.block",
      okStatus: 200,
    },
    {
      name: "GET /api/subaccounts",
      handler: subaccounts.GET,
      path: "/api/subaccounts",
      options: {},
      permission: "subaccounts.list",
      okStatus: 200,
    },
    {
      name: "GET /api/chargebacks",
      handler: chargebacks.GET,
      path: "/api/chargebacks",
      options: {},
      permission: "chargebacks.list",
      okStatus: 200,
    },
    {
      name: "GET /api/insights/disputes",
      handler: insightsDisputes.GET,
      path: "/api/insights/disputes",
      options: {},
      permission: "insights.disputes",
      okStatus: 200,
    },
    {
      name: "GET /api/insights/payment-links",
      handler: insightsPaymentLinks.GET,
      path: "/api/insights/payment-links?window=7d",
      options: {},
      permission: "insights.payment_links",
      okStatus: 200,
    },
    {
      name: "GET /api/insights/overview",
      handler: insightsOverview.GET,
      path: "/api/insights/overview",
      options: {},
      permission: "insights.overview",
      okStatus: 200,
    },
    {
      name: "GET /api/activity",
      handler: activity.GET,
      path: "/api/activity",
      options: {},
      permission: "activity.list",
      okStatus: 200,
    },
    {
      name: "GET /api/insights/payouts",
      handler: payoutInsights.GET,
      path: "/api/insights/payouts?window=7d",
      options: {},
      permission: "insights.payouts",
      okStatus: 200,
    },
    {
      name: "GET /api/payout-batches",
      handler: payoutBatches.GET,
      path: "/api/payout-batches",
      options: {},
      permission: "payouts.register",
      okStatus: 200,
    },
    {
      name: "POST /api/payout-batches",
      handler: payoutBatches.POST,
      path: "/api/payout-batches",
      options: { method: "POST", idempotencyKey: newKey("batch"), body: { file_name: "rota.csv", rows: [batchRow] } },
      permission: "payouts.create",
      okStatus: 201,
    },
    {
      name: "POST /api/payout-batches/preview",
      handler: payoutBatchPreview.POST,
      path: "/api/payout-batches/preview",
      options: { method: "POST", body: { rows: [batchRow] } },
      permission: "payouts.create",
      okStatus: 200,
    },
    {
      name: "POST /api/payouts/preview",
      handler: payoutPreview.POST,
      path: "/api/payouts/preview",
      options: {
        method: "POST",
        body: { amount_centavos: 2500, pix_key_type: "email", pix_key: "fornecedor@example.com" },
      },
      permission: "payouts.create",
      okStatus: 200,
    },
  ];
}

/**
 * Every route that checks a permission, for the generated role × route suite
 * (tests/bff/roles.test.ts): the business routes, then the workspace's own.
 */
export function permissionRoutes(): RouteCase[] {
  return [...businessRoutes(), ...downloadRoutes(), ...workspaceRoutes()];
}

/**
 * Business routes that answer a file rather than the JSON envelope (their refusals are the envelope): kept out of
 * businessRoutes, whose sweeps check a JSON content type on every answer.
 */
export function downloadRoutes(): RouteCase[] {
  return [
    {
      name: "GET /api/payouts/{id}/receipt.pdf",
      handler: payoutReceipt.GET,
      path: "/api/payouts/po_demo_paid/receipt.pdf",
      options: { params: { id: "po_demo_paid" } },
      permission: "payouts.lookup",
      okStatus: 200,
    },
    {
      name: "GET /api/payouts/export",
      handler: payoutExport.GET,
      path: "/api/payouts/export?format=csv&from=2026-11-01T03%3A00%3A00Z",
      options: {},
      permission: "payouts.register",
      okStatus: 200,
    },
  ];
}

/** The workspace's own routes (settings, credentials). Harmless to repeat: they store what is already there. */
export function workspaceRoutes(): RouteCase[] {
  return [
    {
      name: "GET /api/workspace/settings",
      handler: workspaceSettings.GET,
      path: "/api/workspace/settings",
      options: {},
      permission: "workspace.settings",
      okStatus: 200,
    },
    {
      name: "PATCH /api/workspace/settings",
      handler: workspaceSettings.PATCH,
      path: "/api/workspace/settings",
      options: { method: "PATCH", body: { require2fa: false } },
      permission: "workspace.settings",
      okStatus: 200,
    },
    {
      name: "GET /api/workspace/credentials",
      handler: workspaceCredentials.GET,
      path: "/api/workspace/credentials",
      options: {},
      permission: "credentials.manage",
      okStatus: 200,
    },
    {
      name: "PUT /api/workspace/credentials",
      handler: workspaceCredentials.PUT,
      path: "/api/workspace/credentials",
      options: { method: "PUT", body: { kind: "api_key", apiKey: ACME.apiKey } },
      permission: "credentials.manage",
      okStatus: 200,
    },
    {
      name: "GET /api/members",
      handler: members.GET,
      path: "/api/members",
      options: {},
      permission: "members.list",
      okStatus: 200,
    },
    {
      name: "POST /api/invitations",
      handler: invitations.POST,
      path: "/api/invitations",
      options: { method: "POST", body: { email: `convidada-${seq}-${Date.now()}@example.com`, role: "support" } },
      permission: "members.manage",
      okStatus: 201,
    },
  ];
}

/** The session routes that need a session (any role); DELETE signs the caller out, so it comes last. */
export const sessionRoutes = {
  get: { name: "GET /api/session", handler: session.GET, path: "/api/session", options: {} },
  delete: { name: "DELETE /api/session", handler: session.DELETE, path: "/api/session", options: { method: "DELETE" } },
  /** Owners and admins; signs out every session of the business, so a suite calls it last. */
  deleteAll: {
    name: "DELETE /api/sessions",
    handler: sessions.DELETE,
    path: "/api/sessions",
    options: { method: "DELETE" },
  },
} satisfies Record<string, Pick<RouteCase, "name" | "handler" | "path" | "options">>;

export interface WriteRouteCase {
  /** "METHOD /api/path" as in docs/bff-api.md. */
  name: string;
  handler: RouteHandler;
  path: string;
  /** A fresh, well-formed request for an operator (new idempotency key, slug and, for sign-out, session). */
  request: () => Promise<CallOptions>;
  /** Status of that request when nothing refuses it. */
  okStatus: number;
}

/**
 * Every state-changing route (POST, PUT, PATCH, DELETE) with a well-formed
 * request. `cookie` is the caller's operator session; `freshCookie` signs in a
 * session of its own, for sign-out (which ends the session it is sent with).
 */
export function stateChangingRoutes(caller: {
  cookie: () => string;
  freshCookie: () => Promise<string>;
  signInBody: Record<string, string>;
}): WriteRouteCase[] {
  const business = businessRoutes()
    .filter((route) => route.options.method !== undefined && route.options.method !== "GET")
    .map((route) => ({
      name: route.name,
      handler: route.handler,
      path: route.path,
      okStatus: route.okStatus,
      // Each call gets a new idempotency key and slug from a new set of routes.
      request: async (): Promise<CallOptions> => {
        const fresh = businessRoutes().find((r) => r.name === route.name);
        if (!fresh) throw new Error(`route ${route.name} vanished`);
        return { ...fresh.options, cookie: caller.cookie() };
      },
    }));
  return [
    {
      name: "POST /api/session",
      handler: session.POST,
      path: "/api/session",
      okStatus: 200,
      request: async () => ({ method: "POST", body: caller.signInBody }),
    },
    ...business,
    {
      name: "DELETE /api/session",
      handler: sessionRoutes.delete.handler,
      path: "/api/session",
      okStatus: 200,
      request: async () => ({ method: "DELETE", cookie: await caller.freshCookie() }),
    },
  ];
}

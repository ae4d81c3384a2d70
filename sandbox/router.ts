/** Route table of the /v1 API and a tiny segment matcher. */
import { createPayout, getPayout } from "./handlers/payouts";
import { createPaymentLink, listPaymentLinks } from "./handlers/payment-links";
import { setSubaccountBlocked, updateSubaccount } from "./handlers/subaccounts";
import { listChargebacks } from "./handlers/chargebacks";
import type { Handler } from "./handlers/context";

export interface Route {
  method: "GET" | "POST";
  /** e.g. "/v1/payouts/:id" */
  template: string;
  /** Whether Authorization: Bearer + X-Business-Id is accepted. */
  bearer: boolean;
  handler: Handler;
  segments: string[];
}

function route(method: Route["method"], template: string, bearer: boolean, handler: Handler): Route {
  return { method, template, bearer, handler, segments: template.split("/").slice(1) };
}

export const ROUTES: readonly Route[] = [
  route("GET", "/v1/payouts/:id", true, getPayout),
  route("POST", "/v1/payouts", false, createPayout),
  route("GET", "/v1/chargebacks", true, listChargebacks),
  route("GET", "/v1/payment-links", false, listPaymentLinks),
  route("POST", "/v1/payment-links", false, createPaymentLink),
  route("POST", "/v1/subaccounts/:id/update", false, updateSubaccount),
  route("POST", "/v1/subaccounts/:id/blocked", false, setSubaccountBlocked),
];

export type RouteMatch =
  | { kind: "found"; route: Route; params: Record<string, string> }
  | { kind: "method_not_allowed"; template: string; allow: string[] }
  | { kind: "not_found" };

function matchSegments(segments: string[], parts: string[]): Record<string, string> | null {
  if (segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i] ?? "";
    const part = parts[i] ?? "";
    if (seg.startsWith(":")) {
      if (part === "") return null;
      let decoded: string;
      try {
        decoded = decodeURIComponent(part);
      } catch {
        return null;
      }
      params[seg.slice(1)] = decoded;
    } else if (seg !== part) {
      return null;
    }
  }
  return params;
}

export function matchRoute(method: string, pathname: string): RouteMatch {
  const parts = pathname.split("/").slice(1);
  const allow: string[] = [];
  let template = "";
  for (const r of ROUTES) {
    const params = matchSegments(r.segments, parts);
    if (params === null) continue;
    if (r.method === method) return { kind: "found", route: r, params };
    allow.push(r.method);
    template = r.template;
  }
  return allow.length > 0 ? { kind: "method_not_allowed", template, allow } : { kind: "not_found" };
}

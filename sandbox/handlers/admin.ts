/** /__sandbox/* routes: health, businesses, faults, reset, stats, payout requests, payouts. No auth (loopback only). */
import type { IncomingMessage } from "node:http";
import { parseFaultList, checkFaultRule, type FaultSet } from "../faults";
import { fail, ok, parseJsonObject, validationFailed, type ApiResult } from "../http";
import type { PayoutRequestLog } from "../payout-log";
import type { Store } from "../store";
import { businessDirectory } from "../businesses";
import type { Business, InspectedPayout, SandboxStats } from "../types";

export interface AdminContext {
  method: string;
  pathname: string;
  req: IncomingMessage;
  rawBody: Buffer;
  store: Store;
  faults: FaultSet;
  stats: SandboxStats;
  payoutLog: PayoutRequestLog;
  /** Extra API key → its demo business (SANDBOX_EXTRA_API_KEYS). */
  extraApiKeys: ReadonlyMap<string, Business>;
  resetStats(): void;
  onReset(): void;
}

function parseJsonValue(raw: Buffer): { ok: true; value: unknown } | { ok: false; result: ApiResult } {
  try {
    return { ok: true, value: JSON.parse(raw.toString("utf8")) };
  } catch {
    return { ok: false, result: fail(400, "invalid_json", "The request body is not valid JSON.") };
  }
}

function inspect(store: Store): InspectedPayout[] {
  const now = store.clock.now();
  return [...store.payouts.values()].map((p) => {
    store.settle(p, now);
    return {
      id: p.id,
      business_id: p.business_id,
      idempotency_key: p.idempotency_key,
      status: p.status,
      amount_centavos: p.amount_centavos,
      fee_centavos: p.fee_centavos,
      net_centavos: p.net_centavos,
      pix_key: p.pix_key,
      pix_key_type: p.pix_key_type,
      end_to_end_id: p.end_to_end_id,
      failure_reason: p.status === "failed" ? p.failure_reason : null,
      created_at: p.created_at,
      paid_at: p.paid_at,
    };
  });
}

const methodNotAllowed = (allow: string[]): ApiResult =>
  fail(
    405,
    "method_not_allowed",
    `Method not allowed; use ${allow.join(", ")}.`,
    { allow },
    { Allow: allow.join(", ") },
  );

export function handleAdmin(ctx: AdminContext): ApiResult {
  const { method } = ctx;
  switch (ctx.pathname) {
    case "/__sandbox/health":
      return method === "GET" ? ok({ ok: true, sandbox: true }) : methodNotAllowed(["GET"]);

    case "/__sandbox/businesses":
      return method === "GET" ? ok(businessDirectory(ctx.extraApiKeys)) : methodNotAllowed(["GET"]);

    case "/__sandbox/faults": {
      if (method === "GET") return ok(ctx.faults.list());
      if (method === "DELETE") {
        ctx.faults.clear();
        return ok(ctx.faults.list());
      }
      if (method === "PUT") {
        const body = parseJsonValue(ctx.rawBody);
        if (!body.ok) return body.result;
        const parsed = parseFaultList(body.value);
        if (!parsed.ok) return validationFailed(parsed.errors, "Invalid fault rules.");
        ctx.faults.replace(parsed.rules);
        return ok(ctx.faults.list());
      }
      if (method === "POST") {
        const body = parseJsonObject(ctx.rawBody, undefined);
        if (!body.ok) return body.result;
        const check = checkFaultRule(body.value);
        if (!check.ok) return validationFailed(check.errors, "Invalid fault rule.");
        ctx.faults.add(check.rule);
        return ok(ctx.faults.list());
      }
      return methodNotAllowed(["GET", "PUT", "POST", "DELETE"]);
    }

    case "/__sandbox/reset":
      if (method !== "POST") return methodNotAllowed(["POST"]);
      ctx.store.reseed();
      ctx.onReset();
      return ok({ reset: true, seeded_at: ctx.store.seededAt });

    case "/__sandbox/stats":
      if (method === "GET") return ok(ctx.stats);
      if (method === "DELETE") {
        ctx.resetStats();
        return ok(ctx.stats);
      }
      return methodNotAllowed(["GET", "DELETE"]);

    case "/__sandbox/payout-requests":
      return method === "GET" ? ok(ctx.payoutLog.list()) : methodNotAllowed(["GET"]);

    case "/__sandbox/payouts":
      return method === "GET" ? ok(inspect(ctx.store)) : methodNotAllowed(["GET"]);

    default:
      return fail(404, "not_found", `No sandbox admin route ${ctx.pathname}.`, { path: ctx.pathname });
  }
}

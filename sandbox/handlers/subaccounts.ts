/**
 * POST /v1/subaccounts/:id/update and POST /v1/subaccounts/:id/blocked. Both take an
 * optional Idempotency-Key header (blocked is naturally idempotent without one).
 */
import { isValidDocument, unmaskDocument } from "../../lib/shared/validation/documents";
import { fail, ok, validationFailed } from "../http";
import { fingerprint, runIdempotent } from "../idempotency";
import type { SubaccountRecord } from "../types";
import { Fields } from "../validation";
import { headerIdempotencyScope, type Handler, type HandlerContext } from "./context";

export const UPDATABLE_FIELDS = [
  "name",
  "email",
  "document",
  "daily_limit_centavos",
  "monthly_limit_centavos",
] as const;

/** Response shape: limits as numeric strings, public_id == id. */
export function subaccountView(s: SubaccountRecord): Record<string, unknown> {
  return {
    id: s.id,
    public_id: s.id,
    name: s.name,
    email: s.email,
    document: s.document,
    external_reference: s.external_reference,
    daily_limit_centavos: String(s.daily_limit_centavos),
    monthly_limit_centavos: String(s.monthly_limit_centavos),
    is_blocked: s.is_blocked,
    created_at: s.created_at,
    updated_at: s.updated_at,
  };
}

function findSubaccount(ctx: HandlerContext): SubaccountRecord | undefined {
  return ctx.store.subaccountOf(ctx.business.id, ctx.params.id ?? "");
}

const notFound = (ctx: HandlerContext) =>
  fail(404, "not_found", "No subaccount with this id.", { resource: "subaccount", id: ctx.params.id ?? "" });

export const updateSubaccount: Handler = (ctx) => {
  const sub = findSubaccount(ctx);
  if (!sub) return notFound(ctx);
  const idem = headerIdempotencyScope(ctx);
  if ("result" in idem) return idem.result;

  return runIdempotent(ctx.store, idem.scope, fingerprint({ path: ctx.pathname, body: ctx.body }), () => {
    const f = new Fields(ctx.body);
    if (!UPDATABLE_FIELDS.some((name) => f.has(name))) {
      const message = `send at least one of ${UPDATABLE_FIELDS.join(", ")}`;
      return validationFailed({ _form: message }, `Nothing to update: ${message}.`);
    }
    const name = f.string("name", { required: false, min: 1, max: 120 });
    const email = f.email("email", { required: false });
    const rawDocument = f.string("document", { required: false, min: 1, max: 18 });
    let document: string | undefined;
    if (rawDocument !== undefined) {
      document = unmaskDocument(rawDocument);
      if (!isValidDocument(document)) f.error("document", "must be a valid CPF or CNPJ");
    }
    const daily = f.positiveInt("daily_limit_centavos", { required: false });
    const monthly = f.positiveInt("monthly_limit_centavos", { required: false });
    if (f.ok) {
      const nextDaily = daily ?? sub.daily_limit_centavos;
      const nextMonthly = monthly ?? sub.monthly_limit_centavos;
      if (nextMonthly < nextDaily) {
        f.error(
          monthly !== undefined ? "monthly_limit_centavos" : "daily_limit_centavos",
          "the monthly limit must not be below the daily limit",
        );
      }
    }
    if (!f.ok) return validationFailed(f.errors);

    if (name !== undefined) sub.name = name;
    if (email !== undefined) sub.email = email;
    if (document !== undefined) sub.document = document;
    if (daily !== undefined) sub.daily_limit_centavos = daily;
    if (monthly !== undefined) sub.monthly_limit_centavos = monthly;
    sub.updated_at = new Date(ctx.now).toISOString();
    ctx.store.changed();
    return ok(subaccountView(sub));
  });
};

export const setSubaccountBlocked: Handler = (ctx) => {
  const sub = findSubaccount(ctx);
  if (!sub) return notFound(ctx);
  const idem = headerIdempotencyScope(ctx);
  if ("result" in idem) return idem.result;

  return runIdempotent(ctx.store, idem.scope, fingerprint({ path: ctx.pathname, body: ctx.body }), () => {
    const f = new Fields(ctx.body);
    const blocked = f.boolean("is_blocked", { required: true });
    if (blocked === undefined) return validationFailed(f.errors);
    if (sub.is_blocked !== blocked) {
      sub.is_blocked = blocked;
      sub.updated_at = new Date(ctx.now).toISOString();
      ctx.store.changed();
    }
    return ok(subaccountView(sub));
  });
};

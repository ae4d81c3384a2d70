/** POST /v1/payouts and GET /v1/payouts/:id. */
import { isValidPixKey, normalizePixKey, PIX_KEY_TYPES } from "../../lib/shared/validation/pix";
import { fail, header, ok, validationFailed, type ApiResult } from "../http";
import { fingerprint, lookup, runIdempotent, type IdempotencyScope } from "../idempotency";
import { DICT_NOT_FOUND_REASON, holderNameFor, isDictNotFound, maskPixKeyAsApi, payoutFee } from "../pix-rules";
import { newEndToEndId, newId } from "../random";
import type { SandboxPayoutRecord } from "../types";
import { Fields, IDEMPOTENCY_KEY_RE, MAX_PAYOUT_CENTAVOS } from "../validation";
import { IDEMPOTENCY_KEY_MESSAGE, type Handler, type HandlerContext } from "./context";

/** Create shape: money as numeric strings. */
export function payoutCreatedView(p: SandboxPayoutRecord): Record<string, unknown> {
  return {
    id: p.id,
    public_id: p.id,
    status: p.status,
    amount_centavos: String(p.amount_centavos),
    fee_centavos: String(p.fee_centavos),
    net_centavos: String(p.net_centavos),
    pix_key: p.pix_key,
    pix_key_type: p.pix_key_type,
    end_to_end_id: p.end_to_end_id,
    failure_reason: p.status === "failed" ? p.failure_reason : null,
    created_at: p.created_at,
  };
}

/** Retrieve shape: integers for money, masked destination. */
export function payoutView(p: SandboxPayoutRecord): Record<string, unknown> {
  return {
    id: p.id,
    public_id: p.id,
    status: p.status,
    amount_centavos: p.amount_centavos,
    fee_centavos: p.fee_centavos,
    net_centavos: p.net_centavos,
    end_to_end_id: p.end_to_end_id,
    failure_reason: p.status === "failed" ? p.failure_reason : null,
    created_at: p.created_at,
    paid_at: p.status === "paid" ? p.paid_at : null,
    bank_account: {
      holder_name: p.holder_name,
      pix_key_masked: maskPixKeyAsApi(p.pix_key_type, p.pix_key),
      pix_key_type: p.pix_key_type,
    },
  };
}

/** The key comes from the body, or else from the Idempotency-Key header. */
function readIdempotencyKey(ctx: HandlerContext, fields: Fields): string | undefined {
  const fromBody = ctx.body.idempotency_key;
  const raw = fromBody !== undefined ? fromBody : header(ctx.req, "idempotency-key");
  if (raw === undefined) {
    fields.error("idempotency_key", "is required");
    return undefined;
  }
  if (typeof raw !== "string") {
    fields.error("idempotency_key", "must be a string");
    return undefined;
  }
  if (!IDEMPOTENCY_KEY_RE.test(raw)) {
    fields.error("idempotency_key", IDEMPOTENCY_KEY_MESSAGE);
    return undefined;
  }
  return raw;
}

export const createPayout: Handler = (ctx) => {
  const fields = new Fields(ctx.body);
  const key = readIdempotencyKey(ctx, fields);
  const { idempotency_key: _ignored, ...rest } = ctx.body;
  const print = fingerprint(rest);
  const scope: IdempotencyScope | null =
    key === undefined ? null : { businessId: ctx.business.id, endpoint: ctx.endpoint, key };
  if (scope) {
    const known = lookup(ctx.store, scope, print);
    if (known) return known;
  }

  const amount = fields.positiveInt("amount_centavos", { required: true, max: MAX_PAYOUT_CENTAVOS });
  if (amount !== undefined && amount <= payoutFee(amount)) {
    fields.error("amount_centavos", `must be greater than the fee (${payoutFee(amount)} centavos)`);
  }
  const type = fields.string("pix_key_type", { required: true, min: 1 });
  if (type !== undefined && !(PIX_KEY_TYPES as readonly string[]).includes(type)) {
    fields.error("pix_key_type", `must be one of ${PIX_KEY_TYPES.join(", ")}`);
  }
  const rawKey = fields.string("pix_key", { required: true, min: 1, max: 140 });
  let pixKey: string | undefined;
  if (rawKey !== undefined && type !== undefined && !("pix_key_type" in fields.errors)) {
    pixKey = normalizePixKey(type, rawKey);
    if (!isValidPixKey(type, pixKey)) fields.error("pix_key", `is not a valid ${type} Pix key`);
  }
  if (!fields.ok || amount === undefined || type === undefined || pixKey === undefined || scope === null) {
    return validationFailed(fields.errors);
  }

  const finalKey = pixKey;
  return runIdempotent(ctx.store, scope, print, (): ApiResult => {
    const fee = payoutFee(amount);
    const created = new Date(ctx.now);
    const notFound = isDictNotFound(type, finalKey);
    const payout: SandboxPayoutRecord = {
      id: newId("po"),
      business_id: ctx.business.id,
      idempotency_key: scope.key,
      amount_centavos: amount,
      fee_centavos: fee,
      net_centavos: amount - fee,
      pix_key: finalKey,
      pix_key_type: type,
      holder_name: notFound ? null : holderNameFor(type, finalKey),
      end_to_end_id: newEndToEndId(created),
      status: "pending",
      outcome: notFound ? "failed" : "paid",
      failure_reason: notFound ? DICT_NOT_FOUND_REASON : null,
      created_at: created.toISOString(),
      settles_at: new Date(ctx.now + ctx.settleMs).toISOString(),
      paid_at: null,
    };
    ctx.store.addPayout(payout);
    return ok(payoutCreatedView(payout));
  });
};

export const getPayout: Handler = (ctx) => {
  const id = ctx.params.id ?? "";
  const payout = ctx.store.payouts.get(id);
  if (!payout || payout.business_id !== ctx.business.id) {
    return fail(404, "not_found", "No payout with this id.", { resource: "payout", id });
  }
  return ok(payoutView(ctx.store.settle(payout, ctx.now)));
};

/** GET /v1/chargebacks: the business's chargebacks and Pix MED disputes, newest first. */
import { ok } from "../http";
import type { ChargebackRecord } from "../types";
import type { Handler } from "./context";

export function chargebackView(c: ChargebackRecord): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: c.id,
    kind: c.kind,
    status: c.status,
    amount_centavos: String(c.amount_centavos),
    reason: c.reason,
    reason_code: c.reason_code,
    customer_name: c.customer_name,
    created_at: c.created_at,
    respond_by: c.respond_by,
  };
  if (c.kind === "card_chargeback") {
    view.card_brand = c.card_brand ?? null;
    view.card_last4 = c.card_last4 ?? null;
    view.network_case_id = c.network_case_id ?? null;
  } else {
    view.end_to_end_id = c.end_to_end_id ?? null;
    view.payout_id = c.payout_id ?? null;
  }
  return view;
}

export const listChargebacks: Handler = (ctx) => ok(ctx.store.chargebacksOf(ctx.business.id).map(chargebackView));

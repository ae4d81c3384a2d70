import { z } from "zod";
import { upstreamCentavosSchema } from "./common";

/**
 * Chargeback fields are "not shown" by the spec. The fields below are the ones the
 * sandbox sends and the dashboard formats (see docs/api-decisions.md); all are
 * optional and every other field is kept, so the page can show it as it came.
 */
export const KNOWN_CHARGEBACK_KINDS = ["card_chargeback", "pix_med"] as const;
export const KNOWN_CHARGEBACK_STATUSES = ["needs_response", "under_review", "won", "lost", "accepted", "refunded"] as const;

/** Statuses after which nothing more can be done about a dispute. */
export const FINAL_CHARGEBACK_STATUSES: readonly string[] = ["won", "lost", "accepted", "refunded"];

/**
 * Open = not decided: `needs_response`, `under_review`, or any status the
 * dashboard does not know yet (an unknown status is never assumed final, so a
 * new kind of open dispute is not hidden). One rule for every page.
 */
export function isOpenChargeback(cb: { status?: string | null }): boolean {
  if (typeof cb.status !== "string" || cb.status === "") return true;
  return !FINAL_CHARGEBACK_STATUSES.includes(cb.status);
}

export const ChargebackSchema = z.looseObject({
  id: z.string(),
  kind: z.string().nullish(),
  status: z.string().nullish(),
  amount_centavos: upstreamCentavosSchema.nullish(),
  reason: z.string().nullish(),
  reason_code: z.string().nullish(),
  created_at: z.string().nullish(),
  respond_by: z.string().nullish(),
  payout_id: z.string().nullish(),
  end_to_end_id: z.string().nullish(),
  customer_name: z.string().nullish(),
  card_brand: z.string().nullish(),
  card_last4: z.string().nullish(),
});
export type Chargeback = z.infer<typeof ChargebackSchema>;

export const chargebackListSchema = z
  .union([z.array(ChargebackSchema), z.object({ chargebacks: z.array(ChargebackSchema) })])
  .transform((v) => (Array.isArray(v) ? v : v.chargebacks));

/** The list's container only, items unchecked: for the BFF's paged reply, which checks each page with `ChargebackSchema` as it sends it. */
export const chargebackItemsSchema = z
  .union([z.array(z.unknown()), z.object({ chargebacks: z.array(z.unknown()) })])
  .transform((v) => (Array.isArray(v) ? v : v.chargebacks));

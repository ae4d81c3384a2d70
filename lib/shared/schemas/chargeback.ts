import { z } from "zod/mini";
import { upstreamCentavosSchema } from "./common";

/**
 * Chargeback fields are "not shown" by the spec. The fields below are the ones the
 * sandbox sends and the dashboard formats (see docs/api-decisions.md); all are
 * optional and every other field is kept, so the page can show it as it came.
 */
export const KNOWN_CHARGEBACK_KINDS = ["card_chargeback", "pix_med"] as const;
export const KNOWN_CHARGEBACK_STATUSES = [
  "needs_response",
  "under_review",
  "won",
  "lost",
  "accepted",
  "refunded",
] as const;

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
  kind: z.nullish(z.string()),
  status: z.nullish(z.string()),
  amount_centavos: z.nullish(upstreamCentavosSchema),
  reason: z.nullish(z.string()),
  reason_code: z.nullish(z.string()),
  created_at: z.nullish(z.string()),
  respond_by: z.nullish(z.string()),
  payout_id: z.nullish(z.string()),
  end_to_end_id: z.nullish(z.string()),
  customer_name: z.nullish(z.string()),
  card_brand: z.nullish(z.string()),
  card_last4: z.nullish(z.string()),
});
export type Chargeback = z.infer<typeof ChargebackSchema>;

export const chargebackListSchema = z.pipe(
  z.union([z.array(ChargebackSchema), z.object({ chargebacks: z.array(ChargebackSchema) })]),
  z.transform((v: Chargeback[] | { chargebacks: Chargeback[] }) => (Array.isArray(v) ? v : v.chargebacks)),
);

/** The list's container only, items unchecked: for the BFF's paged reply, which checks each page with `ChargebackSchema` as it sends it. */
export const chargebackItemsSchema = z.pipe(
  z.union([z.array(z.unknown()), z.object({ chargebacks: z.array(z.unknown()) })]),
  z.transform((v: unknown[] | { chargebacks: unknown[] }) => (Array.isArray(v) ? v : v.chargebacks)),
);

import { z } from "zod/mini";
import { feeEstimateSchema } from "./fee-estimate";

/**
 * POST /api/payouts/preview: what the review step of a single payout shows before anything is sent, read from the
 * register only (no upstream call, no idempotency key). The request body is the form's values (payoutInputSchema).
 *
 * - `fee_estimate`: the batch review's estimate (lib/shared/batch/fee-estimate.ts) for this one amount, with how it
 *   was made (`basis`, `sample_size`); null when the register knows no fee yet.
 * - `estimated_net_centavos`: the amount minus that fee; null without an estimate.
 * - `last_paid_to`: the newest payout of this workspace the API reported paid to exactly this key (key type and key),
 *   with the holder name the API gave for it (null when it was never read) and when it was paid (`paid_at`: null
 *   when the API did not state it — the review then says so, and shows no other date); null when none.
 *   The API has no key look-up: who the key belongs to now is known only once the payout is sent.
 */
export const payoutPreviewSchema = z.object({
  amount_centavos: z.number().check(z.int()),
  /** Of a basis this page does not know: shown as not known, never blocking the review. */
  fee_estimate: z.catch(z.nullable(feeEstimateSchema), null),
  estimated_net_centavos: z.nullable(z.number().check(z.int())),
  last_paid_to: z.catch(
    z.nullable(z.object({ holder_name: z.nullable(z.string()), paid_at: z.nullable(z.string()) })),
    null,
  ),
});
export type PayoutPreview = z.infer<typeof payoutPreviewSchema>;

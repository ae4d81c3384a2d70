import { z } from "zod/mini";

const int = () => z.number().check(z.int());

const feeEstimateCommon = { total_centavos: int(), sample_size: int() };
/**
 * Fees of payouts (a batch's, or one in its review) estimated from the business's recent payouts with a known
 * fee (lib/shared/batch/fee-estimate.ts has the model); null when there is none.
 */
export const feeEstimateSchema = z.discriminatedUnion("basis", [
  z.object({ ...feeEstimateCommon, basis: z.literal("flat"), fee_centavos: int() }),
  z.object({
    ...feeEstimateCommon,
    basis: z.literal("proportional"),
    minimum_fee_centavos: int(),
    ratio_fee_centavos: int(),
    ratio_amount_centavos: int(),
  }),
]);
export type FeeEstimate = z.infer<typeof feeEstimateSchema>;

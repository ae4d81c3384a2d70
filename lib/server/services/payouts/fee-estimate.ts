import "server-only";
import { recentPayoutFees, type Ledger } from "@/lib/server/ledger";
import { estimateFees, fitFeeModel } from "@/lib/shared/batch/fee-estimate";
import type { FeeEstimate } from "@/lib/shared/schemas/fee-estimate";

/**
 * The fees of payouts of these amounts, estimated from the business's latest payouts with a known fee (the model is
 * lib/shared/batch/fee-estimate.ts), or null without any. One rule for the batch preview and a single payout's review.
 */
export async function estimatePayoutFees(
  ledger: Ledger,
  businessId: string,
  amountsCentavos: readonly number[],
): Promise<FeeEstimate | null> {
  const fitted = fitFeeModel(await recentPayoutFees(ledger, businessId));
  if (!fitted) return null;
  const total = estimateFees(fitted.model, amountsCentavos);
  return total === null ? null : { ...fitted.model, total_centavos: total, sample_size: fitted.sampleSize };
}

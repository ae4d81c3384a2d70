import "server-only";
import { lastPaidToKey } from "@/lib/server/ledger";
import type { Answer, LedgerScope } from "@/lib/server/services/context";
import { estimatePayoutFees } from "@/lib/server/services/payouts/fee-estimate";
import { pixKeyFingerprints } from "@/lib/server/services/payouts/key-fingerprint";
import type { PayoutInput } from "@/lib/shared/schemas/payout";
import type { PayoutPreview } from "@/lib/shared/schemas/payout-preview";

/**
 * What a single payout's review shows before it is sent: the fee and net estimated from the register (the rule of
 * the batch review) and the newest payout of this business paid to exactly this key, with its holder name and its
 * paid time (null when the API did not state it; never another time in its place). Reads the ledger only: nothing
 * is written, nothing is sent upstream, no idempotency key is used.
 */
export async function previewPayout(
  { ledger, businessId }: LedgerScope,
  input: PayoutInput,
): Promise<Answer<PayoutPreview>> {
  const [fees, lastPaid] = await Promise.all([
    estimatePayoutFees(ledger, businessId, [input.amount_centavos]),
    lastPaidToKey(ledger, businessId, pixKeyFingerprints(businessId, input.pix_key_type, input.pix_key)),
  ]);
  const data: PayoutPreview = {
    amount_centavos: input.amount_centavos,
    fee_estimate: fees,
    // An estimated fee as large as the amount leaves nothing to show as net (the API would refuse such a payout).
    estimated_net_centavos:
      fees && fees.total_centavos < input.amount_centavos ? input.amount_centavos - fees.total_centavos : null,
    last_paid_to: lastPaid
      ? { holder_name: lastPaid.holderName, paid_at: lastPaid.paidAt?.toISOString() ?? null }
      : null,
  };
  return { data };
}

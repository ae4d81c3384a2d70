/**
 * The fee and net a person is shown for a payout. A failed payout moved no money, so it shows neither, whatever
 * amounts the API still reports for it (the amounts it would have had): a receipt or a register row must not read
 * "net R$ 247,50" for money that never left.
 */
export function shownFeeAndNet(payout: {
  status?: string | null;
  fee_centavos?: number | null;
  net_centavos?: number | null;
}): { fee: number | null; net: number | null } {
  if (payout.status === "failed") return { fee: null, net: null };
  return { fee: payout.fee_centavos ?? null, net: payout.net_centavos ?? null };
}

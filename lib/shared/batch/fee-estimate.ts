/**
 * An estimate of a batch's fees from the business's own recent payouts. The
 * API reports each payout's fee only once it is made and publishes no fee
 * table, so nothing here knows a provider's rule: it fits what the register
 * saw. Integer arithmetic only (BigInt for the ratio's products): no floating
 * point ever touches money.
 *
 * - Every sampled fee the same → **flat**: that fee per payout.
 * - Otherwise → **proportional**: fee ≈ max(smallest fee seen, round(amount ×
 *   median(fee / amount))), where the median is the lower middle of the ratios
 *   in order (an actual sample's fee / amount, so the ratio stays an exact
 *   pair of integers), and round is half up.
 *
 * Used by the server (the preview's total) and by the review page (the total
 * again as rows are left out), so both say the same.
 */

/** One earlier payout whose fee the API reported. */
export interface FeeSample {
  amountCentavos: number;
  feeCentavos: number;
}

export type FeeModel =
  | { basis: "flat"; fee_centavos: number }
  | {
      basis: "proportional";
      minimum_fee_centavos: number;
      /** The median ratio fee / amount, as the fee and amount of the payout that has it. */
      ratio_fee_centavos: number;
      ratio_amount_centavos: number;
    };

const usable = (sample: FeeSample) =>
  Number.isSafeInteger(sample.amountCentavos) &&
  sample.amountCentavos > 0 &&
  Number.isSafeInteger(sample.feeCentavos) &&
  sample.feeCentavos >= 0;

/** a.fee / a.amount compared with b.fee / b.amount, exactly (cross-multiplied). */
function compareRatios(a: FeeSample, b: FeeSample): number {
  const left = BigInt(a.feeCentavos) * BigInt(b.amountCentavos);
  const right = BigInt(b.feeCentavos) * BigInt(a.amountCentavos);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The model fitted on `samples` and how many it used; null when none is usable (no earlier fee known). */
export function fitFeeModel(samples: readonly FeeSample[]): { model: FeeModel; sampleSize: number } | null {
  const known = samples.filter(usable);
  const first = known[0];
  if (!first) return null;
  if (known.every((sample) => sample.feeCentavos === first.feeCentavos)) {
    return { model: { basis: "flat", fee_centavos: first.feeCentavos }, sampleSize: known.length };
  }
  const ordered = [...known].sort(compareRatios);
  const median = ordered[Math.floor((ordered.length - 1) / 2)] ?? first;
  const minimum = known.reduce((least, sample) => Math.min(least, sample.feeCentavos), first.feeCentavos);
  return {
    model: {
      basis: "proportional",
      minimum_fee_centavos: minimum,
      ratio_fee_centavos: median.feeCentavos,
      ratio_amount_centavos: median.amountCentavos,
    },
    sampleSize: known.length,
  };
}

/** The estimated fee of one payout of `amountCentavos`. */
export function estimateFee(model: FeeModel, amountCentavos: number): bigint {
  if (model.basis === "flat") return BigInt(model.fee_centavos);
  const denominator = BigInt(model.ratio_amount_centavos);
  if (denominator <= 0n) return BigInt(model.minimum_fee_centavos);
  // round(amount × fee / amount') half up = floor((2 × amount × fee + amount') / (2 × amount')).
  const proportional =
    (2n * BigInt(amountCentavos) * BigInt(model.ratio_fee_centavos) + denominator) / (2n * denominator);
  const minimum = BigInt(model.minimum_fee_centavos);
  return proportional > minimum ? proportional : minimum;
}

/** The estimated fees of payouts of these amounts, in centavos; null past 2^53 (not shown rather than rounded). */
export function estimateFees(model: FeeModel, amountsCentavos: Iterable<number>): number | null {
  let total = 0n;
  for (const amount of amountsCentavos) total += estimateFee(model, amount);
  return total <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(total) : null;
}

/**
 * The fee estimate of a new batch (lib/shared/batch/fee-estimate.ts): fitted on
 * the business's own earlier fees, integers only.
 */
import { describe, expect, it } from "vitest";
import { estimateFee, estimateFees, fitFeeModel, type FeeSample } from "@/lib/shared/batch/fee-estimate";

const sample = (amountCentavos: number, feeCentavos: number): FeeSample => ({ amountCentavos, feeCentavos });

describe("fitting the fee model", () => {
  it("has nothing to say without an earlier fee (no sample, or none usable)", () => {
    expect(fitFeeModel([])).toBeNull();
    expect(
      fitFeeModel([sample(0, 50), sample(-100, 50), sample(1000, -1), sample(1000, 0.5), sample(Number.NaN, 50)]),
    ).toBeNull();
  });

  it("every sampled fee the same → a flat fee per payout, whatever the amount", () => {
    const fitted = fitFeeModel([sample(1_000, 75), sample(250_000, 75), sample(90, 75)]);
    expect(fitted).toEqual({ model: { basis: "flat", fee_centavos: 75 }, sampleSize: 3 });
    if (!fitted) return;
    expect(estimateFee(fitted.model, 1)).toBe(75n);
    expect(estimateFees(fitted.model, [1_000, 5_000_000, 33])).toBe(225);
  });

  it("fees that differ → proportional: the median fee/amount ratio, never below the smallest fee seen", () => {
    // Ratios in order 0.008, 0.01, 0.012, 0.05: the lower middle one is 0.01 (the 100,000 sample).
    const fitted = fitFeeModel([
      sample(1_000, 50),
      sample(100_000, 1_000),
      sample(250_000, 3_000),
      sample(500_000, 4_000),
    ]);
    expect(fitted?.model).toEqual({
      basis: "proportional",
      minimum_fee_centavos: 50,
      ratio_fee_centavos: 1_000,
      ratio_amount_centavos: 100_000,
    });
    expect(fitted?.sampleSize).toBe(4);
    if (!fitted) return;
    expect(estimateFee(fitted.model, 1_234_500)).toBe(12_345n);
    // 1% of R$ 10,00 is R$ 0,10: the smallest fee seen (R$ 0,50) wins.
    expect(estimateFee(fitted.model, 1_000)).toBe(50n);
    expect(estimateFees(fitted.model, [1_234_500, 1_000, 300_000])).toBe(12_345 + 50 + 3_000);
  });

  it("the median is of the ratios, not of the fees, and odd samples take the middle one", () => {
    // Ratios: 0.002 (R$ 0,20 of R$ 100), 0.02 (R$ 2 of R$ 100), 0.5 (R$ 1 of R$ 2): the middle is 0.02.
    const fitted = fitFeeModel([sample(200, 100), sample(10_000, 20), sample(10_000, 200)]);
    expect(fitted?.model).toEqual({
      basis: "proportional",
      minimum_fee_centavos: 20,
      ratio_fee_centavos: 200,
      ratio_amount_centavos: 10_000,
    });
  });

  it("rounds half up in integers, exact where floating point is not", () => {
    const model = {
      basis: "proportional",
      minimum_fee_centavos: 0,
      ratio_fee_centavos: 1,
      ratio_amount_centavos: 3,
    } as const;
    expect(estimateFee(model, 1)).toBe(0n); // 0.333…
    expect(estimateFee(model, 2)).toBe(1n); // 0.666…
    const half = {
      basis: "proportional",
      minimum_fee_centavos: 0,
      ratio_fee_centavos: 1,
      ratio_amount_centavos: 2,
    } as const;
    expect(estimateFee(half, 1)).toBe(1n); // 0.5 → 1
    expect(estimateFee(half, 3)).toBe(2n); // 1.5 → 2
    // 0.06% of R$ 25,00 is exactly 1.5 centavos → 2; Math.round(2500 * (6 / 10000)) gives 1 (1.4999999999999998).
    const pct = {
      basis: "proportional",
      minimum_fee_centavos: 0,
      ratio_fee_centavos: 6,
      ratio_amount_centavos: 10_000,
    } as const;
    expect(estimateFee(pct, 2_500)).toBe(2n);
    expect(
      estimateFees(
        { basis: "proportional", minimum_fee_centavos: 0, ratio_fee_centavos: 9, ratio_amount_centavos: 1_000 },
        [1_500],
      ),
    ).toBe(14); // 13.5
    // Past 2^53 in the products: still exact.
    const big = {
      basis: "proportional",
      minimum_fee_centavos: 0,
      ratio_fee_centavos: 9_007_199_254_740_991,
      ratio_amount_centavos: 9_007_199_254_740_991,
    } as const;
    expect(estimateFee(big, 9_007_199_254_740_991)).toBe(9_007_199_254_740_991n);
  });

  it("compares ratios exactly, so samples whose ratios are one float are still ordered right", () => {
    // 1/9_007_199_254_740_991 < 1/9_007_199_254_740_990, though the two divisions give the same float.
    const fitted = fitFeeModel([sample(9_007_199_254_740_990, 1), sample(9_007_199_254_740_991, 1), sample(1, 2)]);
    expect(fitted?.model).toMatchObject({
      basis: "proportional",
      ratio_fee_centavos: 1,
      ratio_amount_centavos: 9_007_199_254_740_990,
    });
  });

  it("a total past 2^53 centavos is not given rather than rounded", () => {
    expect(estimateFees({ basis: "flat", fee_centavos: Number.MAX_SAFE_INTEGER }, [1, 1])).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { CLOCK_SKEW_MS, payoutMismatches, type AttachTarget } from "@/lib/server/services/payouts/match";

const SENT_AT = new Date("2026-11-20T12:00:00.000Z");
const target: AttachTarget = {
  amountCentavos: 5_000,
  pixKeyType: "email",
  pixKey: "ana@example.com",
  sendStartedAt: SENT_AT,
};
const at = (ms: number) => new Date(SENT_AT.getTime() + ms).toISOString();
const payout = (overrides: Record<string, unknown> = {}) => ({
  amount_centavos: 5_000,
  created_at: at(1_000),
  bank_account: { holder_name: "Ana", pix_key_masked: "a***@example.com", pix_key_type: "email" },
  ...overrides,
});

describe("payoutMismatches", () => {
  it("nothing differs for this row's payout", () => {
    expect(payoutMismatches(target, payout())).toEqual([]);
  });

  it("names each part that differs, in order", () => {
    expect(
      payoutMismatches(
        target,
        payout({
          amount_centavos: 5_001,
          created_at: at(-CLOCK_SKEW_MS - 1),
          bank_account: { pix_key_masked: "b***@example.com", pix_key_type: "cpf" },
        }),
      ),
    ).toEqual(["amount", "key_type", "key", "created_before_send"]);
  });

  it("allows the API's clock to be behind ours by the skew, not more", () => {
    expect(payoutMismatches(target, payout({ created_at: at(-CLOCK_SKEW_MS) }))).toEqual([]);
    expect(payoutMismatches(target, payout({ created_at: at(-CLOCK_SKEW_MS - 1) }))).toEqual(["created_before_send"]);
  });

  it("compares key types without case; without a key type from the API the mask still decides", () => {
    expect(
      payoutMismatches(
        target,
        payout({ bank_account: { pix_key_masked: "a***@example.com", pix_key_type: " EMAIL " } }),
      ),
    ).toEqual([]);
    expect(payoutMismatches(target, payout({ bank_account: { pix_key_masked: "a***@example.com" } }))).toEqual([]);
    expect(
      payoutMismatches(target, payout({ bank_account: { pix_key_masked: "z***@example.com", pix_key_type: null } })),
    ).toEqual(["key"]);
  });

  it("cannot confirm without a mask, without the row's own key, or without a creation time: refused", () => {
    expect(payoutMismatches(target, payout({ bank_account: null }))).toEqual(["key_unverifiable"]);
    expect(
      payoutMismatches(target, payout({ bank_account: { pix_key_masked: "***", pix_key_type: "email" } })),
    ).toEqual(["key_unverifiable"]);
    expect(payoutMismatches({ ...target, pixKey: null }, payout())).toEqual(["key_unverifiable"]);
    expect(payoutMismatches(target, payout({ created_at: undefined }))).toEqual(["created_unknown"]);
    expect(payoutMismatches(target, payout({ created_at: "yesterday-ish" }))).toEqual(["created_unknown"]);
  });
});

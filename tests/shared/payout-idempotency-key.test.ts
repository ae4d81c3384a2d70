import { z } from "zod/mini";
import { describe, expect, it } from "vitest";
import { newIdempotencyKey } from "@/lib/browser/hooks/use-idempotency-key";
import { batchRowKey, isBatchRowKey, payoutIdempotencyKeySchema } from "@/lib/shared/schemas/payout";

describe("the single payout's idempotency key (shared by the browser and the server)", () => {
  it("refuses the batch rows' keys, in any case, with validation.idempotencyKeyReserved", () => {
    for (const key of [
      batchRowKey("0b7c3a52-8a4e-4f7e-9a51-6f0f3c1d2e4a", 2),
      "batch-anything-1",
      "BATCH-x-12345",
      "Batch-12345678",
    ]) {
      expect(isBatchRowKey(key)).toBe(true);
      const parsed = z.safeParse(payoutIdempotencyKeySchema, key);
      expect(parsed.success, key).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("validation.idempotencyKeyReserved");
    }
    expect(z.safeParse(payoutIdempotencyKeySchema, "my-batch-1-key").success).toBe(true);
  });

  it("accepts every key the browser generates (it never makes one of the batch form)", () => {
    for (let i = 0; i < 500; i++) {
      const key = newIdempotencyKey();
      expect(z.safeParse(payoutIdempotencyKeySchema, key).success, key).toBe(true);
    }
  });
});

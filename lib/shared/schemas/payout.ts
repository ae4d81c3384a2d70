import { z } from "zod/mini";
import { normalizePixKey, pixKeyProblem, PIX_KEY_TYPES, type PixKeyType } from "@/lib/shared/validation/pix";
import {
  idempotencyKeySchema,
  positiveCentavosSchema,
  statusSchema,
  storableText,
  upstreamCentavosSchema,
} from "./common";

export const KNOWN_PAYOUT_STATUSES = ["pending", "paid", "failed"] as const;

export const pixKeyTypeSchema = z.enum(PIX_KEY_TYPES, { error: "validation.pixKeyType" });

/**
 * What an operator submits to send a payout: the form, the BFF route and the
 * upstream body all use this. The key is normalised (masks removed, e-mail
 * lower-cased) and checked against its type before anything is sent.
 */
export const payoutInputSchema = z
  .pipe(
    z.object({
      amount_centavos: positiveCentavosSchema,
      pix_key_type: pixKeyTypeSchema,
      pix_key: storableText({ error: "validation.required" }).check(
        z.trim(),
        z.minLength(1, { error: "validation.required" }),
        z.maxLength(140, { error: "validation.tooLong" }),
      ),
    }),
    z.transform((v: { amount_centavos: number; pix_key_type: PixKeyType; pix_key: string }) => ({
      ...v,
      pix_key: normalizePixKey(v.pix_key_type, v.pix_key),
    })),
  )
  .check(
    z.superRefine((v, ctx) => {
      const problem = pixKeyProblem(v.pix_key_type, v.pix_key);
      if (problem) ctx.addIssue({ code: "custom", path: ["pix_key"], message: problem });
    }),
  );
export type PayoutInput = z.output<typeof payoutInputSchema>;
export type PayoutFormValues = z.input<typeof payoutInputSchema>;

/**
 * The idempotency keys of the batch rows' payouts, `batch-<batch id>-<row number>`, are the batch worker's alone:
 * a single payout sent with one would take a row's key, and the row could then read as its payout (issue: a batch
 * row reported paid while its payee got nothing). Any key starting with `batch-`, in any case, is refused from a
 * client; the browser's keys are UUIDs and never start so.
 */
export const BATCH_ROW_KEY_PREFIX = "batch-";

export function batchRowKey(batchId: string, rowNumber: number): string {
  return `${BATCH_ROW_KEY_PREFIX}${batchId}-${rowNumber}`;
}

export function isBatchRowKey(key: string): boolean {
  return key.slice(0, BATCH_ROW_KEY_PREFIX.length).toLowerCase() === BATCH_ROW_KEY_PREFIX;
}

/** The idempotency key a client may send a single payout with: any valid key but the batch rows' (422 `validation.idempotencyKeyReserved`). */
export const payoutIdempotencyKeySchema = idempotencyKeySchema.check(
  z.refine((key: string) => !isBatchRowKey(key), { error: "validation.idempotencyKeyReserved" }),
);

/** Body of POST /v1/payouts: the operator's input plus the operation's idempotency key. */
export const createPayoutBodySchema = z.object({
  amount_centavos: positiveCentavosSchema,
  pix_key: storableText().check(z.minLength(1)),
  pix_key_type: storableText().check(z.minLength(1)),
  idempotency_key: idempotencyKeySchema,
});
export type CreatePayoutBody = z.infer<typeof createPayoutBodySchema>;

/** Fields both payout shapes share (create sends money as numeric strings, retrieve as integers). */
const payoutCommonFields = {
  id: z.string(),
  public_id: z.optional(z.string()),
  status: statusSchema,
  amount_centavos: upstreamCentavosSchema,
  fee_centavos: z.optional(upstreamCentavosSchema),
  net_centavos: z.optional(upstreamCentavosSchema),
  end_to_end_id: z.nullish(z.string()),
  failure_reason: z.nullish(z.string()),
};

/** Payout as returned by create. */
export const PayoutCreatedSchema = z.object({
  ...payoutCommonFields,
  pix_key: z.optional(z.string()),
  pix_key_type: z.optional(z.string()),
});
export type PayoutCreated = z.infer<typeof PayoutCreatedSchema>;

/** Payout as returned by retrieve (masked destination). */
export const PayoutSchema = z.object({
  ...payoutCommonFields,
  created_at: z.optional(z.string()),
  paid_at: z.nullish(z.string()),
  bank_account: z.nullish(
    z.object({
      holder_name: z.nullish(z.string()),
      pix_key_masked: z.nullish(z.string()),
      pix_key_type: z.nullish(z.string()),
    }),
  ),
});
export type Payout = z.infer<typeof PayoutSchema>;

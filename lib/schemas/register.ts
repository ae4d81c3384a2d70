import { z } from "zod";

/** States of the dashboard's write-ahead payout intent (see docs/ledger.md). */
export const INTENT_STATES = ["intent", "submitted", "rejected", "uncertain"] as const;

/** A payout in the dashboard's register, as GET /api/payouts returns it. */
export const registerPayoutSchema = z.object({
  id: z.string().nullable(),
  idempotency_key: z.string(),
  state: z.string(),
  status: z.string().nullable(),
  amount_centavos: z.number().int(),
  fee_centavos: z.number().int().nullable(),
  net_centavos: z.number().int().nullable(),
  pix_key_masked: z.string(),
  pix_key_type: z.string(),
  end_to_end_id: z.string().nullable(),
  failure_reason: z.string().nullable(),
  created_by: z.object({ name: z.string(), role: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
  last_request_id: z.string().nullable(),
  last_error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type RegisterPayout = z.infer<typeof registerPayoutSchema>;

export const registerPageSchema = z.object({
  items: z.array(registerPayoutSchema),
  next_cursor: z.string().nullable(),
});
export type RegisterPage = z.infer<typeof registerPageSchema>;

export const registerQuerySchema = z.object({
  status: z.string().max(40).optional(),
  search: z.string().max(140).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  cursor: z.string().max(200).optional(),
});

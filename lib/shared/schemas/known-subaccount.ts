import { z } from "zod/mini";

/** A subaccount as last returned by the API through this dashboard (GET /api/subaccounts). */
export const knownSubaccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  document: z.string(),
  external_reference: z.nullable(z.string()),
  daily_limit_centavos: z.nullable(z.number().check(z.int())),
  monthly_limit_centavos: z.nullable(z.number().check(z.int())),
  is_blocked: z.boolean(),
  updated_at: z.string(),
  updated_by: z.string(),
});
export type KnownSubaccount = z.infer<typeof knownSubaccountSchema>;

/**
 * What a change (PATCH /api/subaccounts/{id}, PUT …/blocked) answers: the known
 * state after it, and `replayed_older_change`: the API replayed the answer of
 * an earlier change made with this key, older than the known state, which was
 * kept (the subaccount is as shown, not as that earlier change left it).
 */
export const subaccountChangeResultSchema = z.extend(knownSubaccountSchema, {
  replayed_older_change: z.optional(z.boolean()),
});
export type SubaccountChangeResult = z.infer<typeof subaccountChangeResultSchema>;

import { z } from "zod";
import { isValidDocument, unmaskDocument } from "@/lib/shared/validation/documents";
import { positiveCentavosSchema, storableText, upstreamCentavosSchema } from "./common";

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Updating a subaccount: only the fields given are changed. Shared by the edit
 * form, the BFF and the client.
 */
export const updateSubaccountBodySchema = z
  .object({
    name: storableText().trim().min(1, { error: "validation.required" }).max(120, { error: "validation.tooLong" }).optional(),
    email: storableText().trim().toLowerCase().max(254, { error: "validation.tooLong" }).regex(EMAIL_RE, { error: "validation.email" }).optional(),
    document: storableText()
      .transform(unmaskDocument)
      .refine(isValidDocument, { error: "validation.document" })
      .optional(),
    daily_limit_centavos: positiveCentavosSchema.optional(),
    monthly_limit_centavos: positiveCentavosSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (Object.values(v).every((x) => x === undefined)) {
      ctx.addIssue({ code: "custom", path: [], message: "validation.nothingToUpdate" });
    }
    if (v.daily_limit_centavos !== undefined && v.monthly_limit_centavos !== undefined && v.monthly_limit_centavos < v.daily_limit_centavos) {
      ctx.addIssue({ code: "custom", path: ["monthly_limit_centavos"], message: "validation.monthlyBelowDaily" });
    }
  });
export type UpdateSubaccountBody = z.output<typeof updateSubaccountBodySchema>;
export type UpdateSubaccountInput = z.input<typeof updateSubaccountBodySchema>;

export const setBlockedBodySchema = z.object({
  is_blocked: z.boolean({ error: "validation.required" }),
});
export type SetBlockedBody = z.infer<typeof setBlockedBodySchema>;

export const SubaccountSchema = z.object({
  id: z.string(),
  public_id: z.string().optional(),
  name: z.string().nullish().transform((v) => v ?? ""),
  email: z.string().nullish().transform((v) => v ?? ""),
  document: z.string().nullish().transform((v) => v ?? ""),
  external_reference: z.string().nullish().transform((v) => v ?? null),
  daily_limit_centavos: upstreamCentavosSchema.nullish().transform((v) => v ?? null),
  monthly_limit_centavos: upstreamCentavosSchema.nullish().transform((v) => v ?? null),
  is_blocked: z.boolean(),
});
export type Subaccount = z.infer<typeof SubaccountSchema>;

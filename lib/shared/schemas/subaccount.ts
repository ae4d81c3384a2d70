import { z } from "zod/mini";
import { isValidDocument, unmaskDocument } from "@/lib/shared/validation/documents";
import { orElse, positiveCentavosSchema, storableText, upstreamCentavosSchema } from "./common";

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Updating a subaccount: only the fields given are changed. Shared by the edit
 * form, the BFF and the client.
 */
export const updateSubaccountBodySchema = z
  .object({
    name: z.optional(
      storableText().check(
        z.trim(),
        z.minLength(1, { error: "validation.required" }),
        z.maxLength(120, { error: "validation.tooLong" }),
      ),
    ),
    email: z.optional(
      storableText().check(
        z.trim(),
        z.toLowerCase(),
        z.maxLength(254, { error: "validation.tooLong" }),
        z.regex(EMAIL_RE, { error: "validation.email" }),
      ),
    ),
    document: z.optional(
      z
        .pipe(storableText(), z.transform(unmaskDocument))
        .check(z.refine(isValidDocument, { error: "validation.document" })),
    ),
    daily_limit_centavos: z.optional(positiveCentavosSchema),
    monthly_limit_centavos: z.optional(positiveCentavosSchema),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (Object.values(v).every((x) => x === undefined)) {
        ctx.addIssue({ code: "custom", path: [], message: "validation.nothingToUpdate" });
      }
      if (
        v.daily_limit_centavos !== undefined &&
        v.monthly_limit_centavos !== undefined &&
        v.monthly_limit_centavos < v.daily_limit_centavos
      ) {
        ctx.addIssue({ code: "custom", path: ["monthly_limit_centavos"], message: "validation.monthlyBelowDaily" });
      }
    }),
  );
export type UpdateSubaccountBody = z.output<typeof updateSubaccountBodySchema>;
export type UpdateSubaccountInput = z.input<typeof updateSubaccountBodySchema>;

export const setBlockedBodySchema = z.object({
  is_blocked: z.boolean({ error: "validation.required" }),
});
export type SetBlockedBody = z.infer<typeof setBlockedBodySchema>;

export const SubaccountSchema = z.object({
  id: z.string(),
  public_id: z.optional(z.string()),
  name: orElse(z.string(), ""),
  email: orElse(z.string(), ""),
  document: orElse(z.string(), ""),
  external_reference: orElse(z.string(), null),
  daily_limit_centavos: orElse(upstreamCentavosSchema, null),
  monthly_limit_centavos: orElse(upstreamCentavosSchema, null),
  is_blocked: z.boolean(),
});
export type Subaccount = z.infer<typeof SubaccountSchema>;

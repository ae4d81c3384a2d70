import { z } from "zod";
import { isoUtcSchema, positiveCentavosSchema, statusSchema, storableText, upstreamCentavosSchema, upstreamCountSchema } from "./common";

export const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Creating a payment link: shared by the form, the BFF and the client. A link has
 * either a fixed amount or a minimum amount ("any amount ≥ min"), not both.
 */
export const createPaymentLinkBodySchema = z
  .object({
    name: storableText({ error: "validation.required" }).trim().min(1, { error: "validation.required" }).max(120, { error: "validation.tooLong" }),
    slug: storableText({ error: "validation.required" })
      .trim()
      .min(3, { error: "validation.slug" })
      .max(64, { error: "validation.slug" })
      .regex(SLUG_RE, { error: "validation.slug" }),
    description: storableText().trim().max(500, { error: "validation.tooLong" }).optional(),
    amount_centavos: positiveCentavosSchema.optional(),
    min_amount_centavos: positiveCentavosSchema.optional(),
    max_sales: z.number().int({ error: "validation.integer" }).positive({ error: "validation.positive" }).max(1_000_000, { error: "validation.maxSales" }).optional(),
    expires_at: isoUtcSchema.optional(),
    collect_customer_data: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.amount_centavos === undefined && v.min_amount_centavos === undefined) {
      ctx.addIssue({ code: "custom", path: ["amount_centavos"], message: "validation.linkAmountRequired" });
    }
    if (v.amount_centavos !== undefined && v.min_amount_centavos !== undefined && v.min_amount_centavos > v.amount_centavos) {
      ctx.addIssue({ code: "custom", path: ["min_amount_centavos"], message: "validation.minAboveAmount" });
    }
    if (v.expires_at !== undefined && Date.parse(v.expires_at) <= Date.now()) {
      ctx.addIssue({ code: "custom", path: ["expires_at"], message: "validation.expiresInPast" });
    }
  });
export type CreatePaymentLinkBody = z.output<typeof createPaymentLinkBodySchema>;
export type CreatePaymentLinkInput = z.input<typeof createPaymentLinkBodySchema>;

export const KNOWN_PAYMENT_LINK_STATUSES = ["pending", "active", "expired", "sold_out", "disabled"] as const;

const optionalCentavos = upstreamCentavosSchema.nullish().transform((v) => v ?? null);
const optionalCount = upstreamCountSchema.nullish().transform((v) => v ?? null);

export const PaymentLinkSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullish().transform((v) => v ?? ""),
  slug: z.string(),
  amount_centavos: optionalCentavos,
  min_amount_centavos: optionalCentavos,
  collect_customer_data: z.boolean().nullish().transform((v) => v ?? false),
  max_sales: optionalCount,
  expires_at: z.string().nullish().transform((v) => v ?? null),
  starts_at: z.string().nullish().transform((v) => v ?? null),
  status: statusSchema,
  checkouts_started: optionalCount.transform((v) => v ?? 0),
  sales_count: optionalCount.transform((v) => v ?? 0),
  visits: optionalCount.transform((v) => v ?? 0),
  revenue_centavos: optionalCentavos.transform((v) => v ?? 0),
  created_at: z.string().nullish().transform((v) => v ?? null),
});
export type PaymentLink = z.infer<typeof PaymentLinkSchema>;

/**
 * The list's data is `{ links: [...] }`; the inner shape is "not shown", so a bare
 * array is accepted too.
 */
export const paymentLinkListSchema = z
  .union([z.object({ links: z.array(PaymentLinkSchema) }), z.array(PaymentLinkSchema)])
  .transform((v) => (Array.isArray(v) ? v : v.links));

/** The list's container only, items unchecked: for the BFF's paged reply, which checks each page with `PaymentLinkSchema` as it sends it. */
export const paymentLinkItemsSchema = z
  .union([z.object({ links: z.array(z.unknown()) }), z.array(z.unknown())])
  .transform((v) => (Array.isArray(v) ? v : v.links));

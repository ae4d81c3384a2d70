import { z } from "zod/mini";
import { systemClock, type Clock } from "@/lib/shared/clock";
import {
  orElse,
  positiveCentavosSchema,
  statusSchema,
  storableText,
  upstreamCentavosSchema,
  upstreamCountSchema,
} from "./common";
import { expiryDateSchema } from "./dates";

export const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug the API takes: 3 to 64 lowercase letters, digits and single inner hyphens. */
export function isValidSlug(slug: string): boolean {
  return slug.length >= 3 && slug.length <= 64 && SLUG_RE.test(slug);
}

/**
 * Creating a payment link: shared by the form, the BFF and the client. A link has
 * either a fixed amount or a minimum amount ("any amount ≥ min"), not both. The
 * expiry is checked against `clock` (the BFF passes its injected clock).
 */
export function createPaymentLinkBodySchemaAt(clock: Pick<Clock, "now">) {
  return z
    .object({
      name: storableText({ error: "validation.required" }).check(
        z.trim(),
        z.minLength(1, { error: "validation.required" }),
        z.maxLength(120, { error: "validation.tooLong" }),
      ),
      // Empty says "required", like every required field; the length and character rule only for a
      // slug that was typed and is wrong (one message, not three for the same value).
      slug: storableText({ error: "validation.required" }).check(
        z.trim(),
        z.minLength(1, { error: "validation.required" }),
        z.refine((slug) => slug === "" || isValidSlug(slug), { error: "validation.slug" }),
      ),
      description: z.optional(storableText().check(z.trim(), z.maxLength(500, { error: "validation.tooLong" }))),
      amount_centavos: z.optional(positiveCentavosSchema),
      min_amount_centavos: z.optional(positiveCentavosSchema),
      max_sales: z.optional(
        z
          .number()
          .check(
            z.int({ error: "validation.integer" }),
            z.positive({ error: "validation.positive" }),
            z.maximum(1_000_000, { error: "validation.maxSales" }),
          ),
      ),
      expires_at: z.optional(expiryDateSchema(clock)),
      collect_customer_data: z._default(z.boolean(), false),
    })
    .check(
      z.superRefine((v, ctx) => {
        if (v.amount_centavos === undefined && v.min_amount_centavos === undefined) {
          ctx.addIssue({ code: "custom", path: ["amount_centavos"], message: "validation.linkAmountRequired" });
        }
        if (
          v.amount_centavos !== undefined &&
          v.min_amount_centavos !== undefined &&
          v.min_amount_centavos > v.amount_centavos
        ) {
          ctx.addIssue({ code: "custom", path: ["min_amount_centavos"], message: "validation.minAboveAmount" });
        }
      }),
    );
}

/** The schema on the system clock: the browser's form. */
export const createPaymentLinkBodySchema = createPaymentLinkBodySchemaAt(systemClock);
export type CreatePaymentLinkBody = z.output<typeof createPaymentLinkBodySchema>;
export type CreatePaymentLinkInput = z.input<typeof createPaymentLinkBodySchema>;

export const KNOWN_PAYMENT_LINK_STATUSES = ["pending", "active", "expired", "sold_out", "disabled"] as const;
export type KnownPaymentLinkStatus = (typeof KNOWN_PAYMENT_LINK_STATUSES)[number];

const optionalCentavos = orElse(upstreamCentavosSchema, null);
const optionalCount = orElse(upstreamCountSchema, null);

export const PaymentLinkSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: orElse(z.string(), ""),
  slug: z.string(),
  amount_centavos: optionalCentavos,
  min_amount_centavos: optionalCentavos,
  collect_customer_data: orElse(z.boolean(), false),
  max_sales: optionalCount,
  expires_at: orElse(z.string(), null),
  starts_at: orElse(z.string(), null),
  status: statusSchema,
  checkouts_started: orElse(upstreamCountSchema, 0),
  sales_count: orElse(upstreamCountSchema, 0),
  visits: orElse(upstreamCountSchema, 0),
  revenue_centavos: orElse(upstreamCentavosSchema, 0),
  created_at: orElse(z.string(), null),
});
export type PaymentLink = z.infer<typeof PaymentLinkSchema>;

/** The four counters of a link, each present and readable (`PaymentLinkSchema` shows a missing one as 0). */
const linkCountersSchema = z.object({
  visits: upstreamCountSchema,
  checkouts_started: upstreamCountSchema,
  sales_count: upstreamCountSchema,
  revenue_centavos: upstreamCentavosSchema,
});

/**
 * Whether a list item gave all four counters. The 0 `PaymentLinkSchema` puts in for a missing one is for display
 * only: a snapshot of it would make the next correct read book the link's whole revenue so far in one window, so
 * the insights write no snapshot of a link without them.
 */
export function hasLinkCounters(item: unknown): boolean {
  return linkCountersSchema.safeParse(item).success;
}

/**
 * The list's data is `{ links: [...] }`; the inner shape is "not shown", so a bare
 * array is accepted too.
 */
export const paymentLinkListSchema = z.pipe(
  z.union([z.object({ links: z.array(PaymentLinkSchema) }), z.array(PaymentLinkSchema)]),
  z.transform((v: { links: PaymentLink[] } | PaymentLink[]) => (Array.isArray(v) ? v : v.links)),
);

/** The list's container only, items unchecked: for the BFF's paged reply, which checks each page with `PaymentLinkSchema` as it sends it. */
export const paymentLinkItemsSchema = z.pipe(
  z.union([z.object({ links: z.array(z.unknown()) }), z.array(z.unknown())]),
  z.transform((v: { links: unknown[] } | unknown[]) => (Array.isArray(v) ? v : v.links)),
);

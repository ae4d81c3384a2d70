import { withSession } from "@/lib/server/http/handler";
import { createPaymentLink, createPaymentLinkBody, listPaymentLinks } from "@/lib/server/services/payment-links";
import { READ_PERMISSIONS } from "@/lib/server/services/read-permissions";
import { PaymentLinkSchema } from "@/lib/shared/schemas/payment-link";

// GET /api/payment-links – the business's payment links (in pages when asked: lib/shared/schemas/paged-list.ts)
export const GET = withSession(
  { permission: READ_PERMISSIONS.paymentLinks, list: PaymentLinkSchema },
  listPaymentLinks,
);

// POST /api/payment-links – create a payment link (idempotent by Idempotency-Key); the expiry is checked on the server's clock
export const POST = withSession(
  { permission: "payment_links.create", body: createPaymentLinkBody, idempotencyKey: "required" },
  (ctx) => createPaymentLink(ctx, { link: ctx.body, idempotencyKey: ctx.idempotencyKey ?? "" }),
);

import { withSession } from "@/lib/server/http/handler";
import { createPaymentLink, createPaymentLinkBody } from "@/lib/server/services/payment-links";
import { listPaymentLinks } from "@/lib/server/services/paged-lists";
import { READ_PERMISSIONS } from "@/lib/server/services/read-permissions";

// GET /api/payment-links – the business's payment links (in pages when asked: lib/shared/schemas/paged-list.ts)
export const GET = withSession({ permission: READ_PERMISSIONS.paymentLinks }, (ctx) => listPaymentLinks(ctx));

// POST /api/payment-links – create a payment link (idempotent by Idempotency-Key); the expiry is checked on the server's clock
export const POST = withSession(
  { permission: "payment_links.create", body: createPaymentLinkBody, idempotencyKey: "required" },
  (ctx) => createPaymentLink(ctx),
);

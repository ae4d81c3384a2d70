import { withSession } from "@/lib/server/http/handler";
import { createPaymentLink } from "@/lib/server/services/payment-links";
import { listPaymentLinks } from "@/lib/server/services/paged-lists";
import { createPaymentLinkBodySchema } from "@/lib/shared/schemas/payment-link";
import { READ_PERMISSIONS } from "@/lib/server/services/read-permissions";

// GET /api/payment-links – the business's payment links (in pages when asked: lib/shared/schemas/paged-list.ts)
export const GET = withSession({ permission: READ_PERMISSIONS.paymentLinks }, (ctx) => listPaymentLinks(ctx));

// POST /api/payment-links – create a payment link (idempotent by Idempotency-Key)
export const POST = withSession(
  { permission: "payment_links.create", body: createPaymentLinkBodySchema, idempotencyKey: "required" },
  (ctx) => createPaymentLink(ctx),
);

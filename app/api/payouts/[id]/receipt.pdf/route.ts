import { withSession } from "@/lib/server/http/handler";
import { idParamsSchema } from "@/lib/server/http/params";
import { requestLocale } from "@/lib/server/http/request-context";
import { payoutReceiptPdf } from "@/lib/server/services/payouts/receipt";
import { READ_PERMISSIONS } from "@/lib/server/services/read-permissions";
import { receiptQuerySchema } from "@/lib/shared/payouts/receipt";

// GET /api/payouts/{id}/receipt.pdf – the payout's receipt as a PDF (?lang=pt-BR|en, else the locale cookie)
export const GET = withSession(
  { permission: READ_PERMISSIONS.payoutLookup, params: idParamsSchema, query: receiptQuerySchema },
  (ctx) => payoutReceiptPdf(ctx, ctx.params.id, ctx.query.lang ?? requestLocale(ctx.request)),
);

import { withSession } from "@/lib/server/http/handler";
import { requestTimeZone } from "@/lib/server/http/request-context";
import { paymentLinkInsights } from "@/lib/server/services/insights/payment-links";
import { insightWindowQuerySchema } from "@/lib/shared/schemas/insights";

// GET /api/insights/payment-links?window=… – the links' funnel, best and worst links, and the revenue seen arriving in the window
export const GET = withSession({ permission: "insights.payment_links", query: insightWindowQuerySchema }, (ctx) =>
  paymentLinkInsights(ctx, { query: ctx.query, zone: requestTimeZone(ctx.request) }),
);

import { withSession } from "@/lib/server/http/handler";
import { requestTimeZone } from "@/lib/server/http/request-context";
import { disputeInsights } from "@/lib/server/services/insights/disputes";

// GET /api/insights/disputes – open chargebacks and MED cases now: by days left to answer (in the person's zone), kind and status
export const GET = withSession({ permission: "insights.disputes" }, (ctx) =>
  disputeInsights(ctx, { zone: requestTimeZone(ctx.request) }),
);

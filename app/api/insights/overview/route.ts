import { withSession } from "@/lib/server/http/handler";
import { requestTimeZone } from "@/lib/server/http/request-context";
import { overviewInsights } from "@/lib/server/services/insights/overview";

// GET /api/insights/overview – the start page's figures; each is null when the role may not read it
export const GET = withSession({ permission: "insights.overview" }, (ctx) =>
  overviewInsights(ctx, { zone: requestTimeZone(ctx.request) }),
);

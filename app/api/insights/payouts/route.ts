import { withSession } from "@/lib/server/http/handler";
import { requestExport, requestTimeZone } from "@/lib/server/http/request-context";
import { exportPayoutInsights, payoutInsights } from "@/lib/server/services/insights/payouts";
import { READ_PERMISSIONS } from "@/lib/server/services/read-permissions";
import { payoutInsightsQuerySchema } from "@/lib/shared/insights/payouts-export";

// GET /api/insights/payouts – the register's payouts of a window by bucket and outcome in the person's zone, its totals, the window before and the reasons of failures (?format=csv|xlsx: the points as a file)
export const GET = withSession(
  { permission: READ_PERMISSIONS.payoutInsights, query: payoutInsightsQuerySchema },
  (ctx) =>
    ctx.query.format
      ? exportPayoutInsights(
          { ...ctx, zone: requestTimeZone(ctx.request) },
          ctx.query,
          requestExport(ctx.request, ctx.query.format),
        )
      : payoutInsights({ ...ctx, zone: requestTimeZone(ctx.request) }, ctx.query),
);

import { withSession } from "@/lib/server/http/handler";
import { exportQuerySchema } from "@/lib/server/http/params";
import { requestExport } from "@/lib/server/http/request-context";
import { exportOwnSecurityEvents } from "@/lib/server/services/account/security-history";

// GET /api/account/security-events/export?format=csv|xlsx – the person's own security history (newest first), in their language and zone
export const GET = withSession({ permission: "any", query: exportQuerySchema }, (ctx) =>
  exportOwnSecurityEvents(ctx, requestExport(ctx.request, ctx.query.format)),
);

import { withSession } from "@/lib/server/http/handler";
import { exportQuerySchema, idParamsSchema } from "@/lib/server/http/params";
import { requestExport } from "@/lib/server/http/request-context";
import { exportMemberSecurityHistory } from "@/lib/server/services/account/security-history";

// GET /api/members/{id}/security-events/export?format=csv|xlsx – a member's security history in the reader's language and zone (owners and admins; 404 for anyone else's)
export const GET = withSession(
  { permission: "members.list", params: idParamsSchema, query: exportQuerySchema },
  (ctx) => exportMemberSecurityHistory(ctx, ctx.params.id, requestExport(ctx.request, ctx.query.format)),
);

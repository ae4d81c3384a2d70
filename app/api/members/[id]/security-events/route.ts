import { withSession } from "@/lib/server/http/handler";
import { idParamsSchema } from "@/lib/server/http/params";
import { listMemberSecurityHistory } from "@/lib/server/services/account/security-history";
import { securityEventsQuerySchema } from "@/lib/shared/schemas/account";

// GET /api/members/{id}/security-events – a member's security history, for the workspace's owners and admins (404 for anyone else's)
export const GET = withSession(
  { permission: "members.list", params: idParamsSchema, query: securityEventsQuerySchema },
  (ctx) => listMemberSecurityHistory(ctx, ctx.params.id, ctx.query),
);

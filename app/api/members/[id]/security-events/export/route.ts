import { withSession } from "@/lib/server/http/handler";
import { idParamsSchema } from "@/lib/server/http/params";
import { exportMemberSecurityHistory } from "@/lib/server/services/account/security-history";

// GET /api/members/{id}/security-events/export – a member's security history as CSV (owners and admins; 404 for anyone else's)
export const GET = withSession({ permission: "members.list", params: idParamsSchema }, (ctx) =>
  exportMemberSecurityHistory(ctx, ctx.params.id),
);

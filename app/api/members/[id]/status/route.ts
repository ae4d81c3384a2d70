import { withSession } from "@/lib/server/http/handler";
import { idParamsSchema } from "@/lib/server/http/params";
import { setMemberStatus } from "@/lib/server/services/members/members";
import { memberStatusBodySchema } from "@/lib/shared/schemas/members";

// PUT /api/members/{id}/status – deactivate or reactivate a member (their sessions end at once)
export const PUT = withSession(
  { permission: "members.manage", params: idParamsSchema, body: memberStatusBodySchema },
  (ctx) => setMemberStatus(ctx, { memberId: ctx.params.id, status: ctx.body.status }),
);

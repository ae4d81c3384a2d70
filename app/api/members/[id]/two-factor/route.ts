import { withSession } from "@/lib/server/http/handler";
import { idParamsSchema } from "@/lib/server/http/params";
import { resetMemberTwoFactor } from "@/lib/server/services/members/members";

// DELETE /api/members/{id}/two-factor – reset a member's 2FA (lost authenticator): every session of theirs ends
export const DELETE = withSession({ permission: "members.manage", params: idParamsSchema }, (ctx) =>
  resetMemberTwoFactor(ctx, { memberId: ctx.params.id }),
);

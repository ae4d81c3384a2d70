import { withSession } from "@/lib/server/http/handler";
import { idParamsSchema } from "@/lib/server/http/params";
import { changeRole } from "@/lib/server/services/members/members";
import { changeRoleBodySchema } from "@/lib/shared/schemas/members";

// PATCH /api/members/{id} – change a member's role (never one's own; only an owner gives or changes "owner")
export const PATCH = withSession(
  { permission: "members.manage", params: idParamsSchema, body: changeRoleBodySchema },
  (ctx) => changeRole(ctx, { memberId: ctx.params.id, role: ctx.body.role }),
);

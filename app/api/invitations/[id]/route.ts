import { withSession } from "@/lib/server/http/handler";
import { idParamsSchema } from "@/lib/server/http/params";
import { revoke } from "@/lib/server/services/members/invitations";

// DELETE /api/invitations/{id} – revoke a pending invitation (its link stops working)
export const DELETE = withSession({ permission: "members.manage", params: idParamsSchema }, (ctx) =>
  revoke(ctx, { id: ctx.params.id }),
);

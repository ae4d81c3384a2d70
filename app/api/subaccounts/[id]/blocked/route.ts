import { withSession } from "@/lib/server/http/handler";
import { idParamsSchema } from "@/lib/server/http/params";
import { setBlocked } from "@/lib/server/services/subaccounts/subaccounts";
import { setBlockedBodySchema } from "@/lib/shared/schemas/subaccount";

// PUT /api/subaccounts/{id}/blocked – block or unblock a subaccount
export const PUT = withSession(
  { permission: "subaccounts.block", params: idParamsSchema, body: setBlockedBodySchema, idempotencyKey: "required" },
  (ctx) => setBlocked(ctx, { id: ctx.params.id, change: ctx.body, idempotencyKey: ctx.idempotencyKey ?? "" }),
);

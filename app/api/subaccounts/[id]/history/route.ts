import { withSession } from "@/lib/server/http/handler";
import { listActivity } from "@/lib/server/services/activity";
import { subaccountHistoryQuerySchema } from "@/lib/shared/schemas/activity";
import { idParamsSchema } from "@/lib/server/http/params";

// GET /api/subaccounts/{id}/history – this subaccount's entries of the audit log, for whoever may see subaccounts
export const GET = withSession(
  { permission: "subaccounts.list", params: idParamsSchema, query: subaccountHistoryQuerySchema },
  (ctx) => listActivity(ctx, { ...ctx.query, target_type: "subaccount", target_id: ctx.params.id }),
);

import { withSession } from "@/lib/server/http/handler";
import { idParamsSchema } from "@/lib/server/http/params";
import { lookUpPayout } from "@/lib/server/services/payouts/lookup";
import { READ_PERMISSIONS } from "@/lib/server/services/read-permissions";

// GET /api/payouts/{id} – look up a payout by id (operators and viewers)
export const GET = withSession({ permission: READ_PERMISSIONS.payoutLookup, params: idParamsSchema }, (ctx) =>
  lookUpPayout(ctx, ctx.params.id),
);

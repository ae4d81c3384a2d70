import { withSession } from "@/lib/server/http/handler";
import { registerTotals } from "@/lib/server/services/payouts/lookup";
import { registerFilterSchema } from "@/lib/shared/schemas/register";
import { READ_PERMISSIONS } from "@/lib/server/services/read-permissions";

// GET /api/payouts/totals – count, amount, fees and net of every register row under the list's filters
export const GET = withSession({ permission: READ_PERMISSIONS.payoutRegister, query: registerFilterSchema }, (ctx) =>
  registerTotals(ctx, ctx.query),
);

import { withSession } from "@/lib/server/http/handler";
import { requestExport } from "@/lib/server/http/request-context";
import { exportRegister } from "@/lib/server/services/payouts/register-export";
import { registerExportQuerySchema } from "@/lib/shared/schemas/register";
import { READ_PERMISSIONS } from "@/lib/server/services/read-permissions";

// GET /api/payouts/export – every register row under the list's filters as a CSV or an .xlsx (at most 10,000 rows), in the person's language and zone
export const GET = withSession(
  { permission: READ_PERMISSIONS.payoutRegister, query: registerExportQuerySchema },
  (ctx) => exportRegister(ctx, ctx.query, requestExport(ctx.request, ctx.query.format)),
);

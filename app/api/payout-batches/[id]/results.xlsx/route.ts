import { withSession } from "@/lib/server/http/handler";
import { idParamsSchema } from "@/lib/server/http/params";
import { payoutBatchResultsXlsx } from "@/lib/server/services/batches/results";

// GET /api/payout-batches/{id}/results.xlsx – the same results as a workbook (every cell text, nothing evaluated)
export const GET = withSession({ permission: "payouts.register", params: idParamsSchema }, (ctx) =>
  payoutBatchResultsXlsx(ctx, ctx.params.id),
);

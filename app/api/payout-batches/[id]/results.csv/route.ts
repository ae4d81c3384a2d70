import { withSession } from "@/lib/server/http/handler";
import { idParamsSchema } from "@/lib/server/http/params";
import { payoutBatchResults } from "@/lib/server/services/batches/results";

// GET /api/payout-batches/{id}/results.csv – the file's own columns plus each row's outcome, as a CSV download
export const GET = withSession({ permission: "payouts.register", params: idParamsSchema }, (ctx) =>
  payoutBatchResults(ctx, ctx.params.id),
);

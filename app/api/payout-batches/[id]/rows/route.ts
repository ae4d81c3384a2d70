import { withSession } from "@/lib/server/http/handler";
import { idParamsSchema } from "@/lib/server/http/params";
import { listPayoutBatchRows } from "@/lib/server/services/batches/batches";

// GET /api/payout-batches/{id}/rows – every row of a batch with its outcome
export const GET = withSession({ permission: "payouts.register", params: idParamsSchema }, (ctx) =>
  listPayoutBatchRows(ctx, ctx.params.id),
);

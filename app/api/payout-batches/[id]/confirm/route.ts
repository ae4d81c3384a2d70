import { withSession } from "@/lib/server/http/handler";
import { idParamsSchema } from "@/lib/server/http/params";
import { confirmPayoutBatch } from "@/lib/server/services/batches/actions";
import { confirmBatchBodySchema } from "@/lib/shared/schemas/payout-batches";

// POST /api/payout-batches/{id}/confirm – start sending (above the threshold, with the total typed)
export const POST = withSession(
  { permission: "payouts.create", params: idParamsSchema, body: confirmBatchBodySchema },
  (ctx) => confirmPayoutBatch(ctx, ctx.params.id, ctx.body),
);

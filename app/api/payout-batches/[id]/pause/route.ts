import { withSession } from "@/lib/server/http/handler";
import { idParamsSchema } from "@/lib/server/http/params";
import { pausePayoutBatch } from "@/lib/server/services/batches/actions";

// POST /api/payout-batches/{id}/pause – send nothing new (rows already sent carry on)
export const POST = withSession({ permission: "payouts.create", params: idParamsSchema }, (ctx) =>
  pausePayoutBatch(ctx, ctx.params.id),
);

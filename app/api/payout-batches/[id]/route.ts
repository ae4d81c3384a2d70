import { withSession } from "@/lib/server/http/handler";
import { idParamsSchema } from "@/lib/server/http/params";
import { getPayoutBatch } from "@/lib/server/services/batches/batches";

// GET /api/payout-batches/{id} – one batch with its counts, rate and time left
export const GET = withSession({ permission: "payouts.register", params: idParamsSchema }, (ctx) =>
  getPayoutBatch(ctx, ctx.params.id),
);

import { withSession } from "@/lib/server/http/handler";
import { idParamsSchema } from "@/lib/server/http/params";
import { cancelPayoutBatch } from "@/lib/server/services/batches/actions";

// POST /api/payout-batches/{id}/cancel – rows not sent yet become cancelled (rows already sent carry on)
export const POST = withSession({ permission: "payouts.create", params: idParamsSchema }, (ctx) =>
  cancelPayoutBatch(ctx, ctx.params.id),
);

import { withSession } from "@/lib/server/http/handler";
import { idParamsSchema } from "@/lib/server/http/params";
import { resumePayoutBatch } from "@/lib/server/services/batches/actions";

// POST /api/payout-batches/{id}/resume – send again, with the resuming operator's credential
export const POST = withSession({ permission: "payouts.create", params: idParamsSchema }, (ctx) =>
  resumePayoutBatch(ctx, ctx.params.id),
);

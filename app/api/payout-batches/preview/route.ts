import { withSession } from "@/lib/server/http/handler";
import { previewBatch } from "@/lib/server/services/batches/preview";
import { BATCH_BODY_MAX_BYTES } from "@/lib/server/services/batches/batches";
import { previewBatchBodySchema } from "@/lib/shared/schemas/payout-batches";

// POST /api/payout-batches/preview – rows repeating a payout of the register or a row of another batch from the last 7 days, and the fees estimated (writes nothing)
export const POST = withSession(
  { permission: "payouts.create", body: previewBatchBodySchema, maxBodyBytes: BATCH_BODY_MAX_BYTES },
  (ctx) => previewBatch(ctx, ctx.body),
);

import { withSession } from "@/lib/server/http/handler";
import { BATCH_BODY_MAX_BYTES, createPayoutBatch, listPayoutBatches } from "@/lib/server/services/batches/batches";
import { createBatchBodySchema } from "@/lib/shared/schemas/payout-batches";

// GET /api/payout-batches – this business's payout batches, newest first, with their progress
export const GET = withSession({ permission: "payouts.register" }, listPayoutBatches);

// POST /api/payout-batches – write a batch and every row (nothing is sent until it is confirmed), one batch per Idempotency-Key
export const POST = withSession(
  {
    permission: "payouts.create",
    body: createBatchBodySchema,
    idempotencyKey: "required",
    maxBodyBytes: BATCH_BODY_MAX_BYTES,
  },
  (ctx) => createPayoutBatch(ctx, { batch: ctx.body, idempotencyKey: ctx.idempotencyKey ?? "" }),
);

import { withSession } from "@/lib/server/http/handler";
import { BATCH_BODY_MAX_BYTES, previewBatch } from "@/lib/server/services/payout-batches";
import { previewBatchBodySchema } from "@/lib/shared/schemas/payout-batches";

// POST /api/payout-batches/preview – rows repeating a payout the register holds from the last 7 days (writes nothing)
export const POST = withSession({ permission: "payouts.create", body: previewBatchBodySchema, maxBodyBytes: BATCH_BODY_MAX_BYTES }, previewBatch);

import { withSession } from "@/lib/server/http/handler";
import { reviewPayout } from "@/lib/server/services/payouts/review";
import { payoutReviewSchema } from "@/lib/shared/schemas/register";

// POST /api/payouts/review – a person resolves a payout whose outcome is unknown: check again with its key, or mark it handled
export const POST = withSession({ permission: "payouts.create", body: payoutReviewSchema }, (ctx) =>
  reviewPayout(ctx, ctx.body),
);

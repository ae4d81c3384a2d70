import { withSession } from "@/lib/server/http/handler";
import { previewPayout } from "@/lib/server/services/payouts/preview";
import { payoutInputSchema } from "@/lib/shared/schemas/payout";

// POST /api/payouts/preview – a payout's estimated fee and net and the last payout paid to its key, from the register (writes and sends nothing; the key travels in the body, not the URL)
export const POST = withSession({ permission: "payouts.create", body: payoutInputSchema }, (ctx) =>
  previewPayout(ctx, ctx.body),
);

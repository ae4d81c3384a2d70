import { withSession } from "@/lib/server/http/handler";
import { listRegister } from "@/lib/server/services/payouts/lookup";
import { issuePayout } from "@/lib/server/services/payouts/issue";
import { payoutInputSchema } from "@/lib/shared/schemas/payout";
import { registerQuerySchema } from "@/lib/shared/schemas/register";
import { READ_PERMISSIONS } from "@/lib/server/services/read-permissions";

// GET /api/payouts – the register of payouts issued from the dashboard, with live status
export const GET = withSession({ permission: READ_PERMISSIONS.payoutRegister, query: registerQuerySchema }, (ctx) =>
  listRegister(ctx, ctx.query),
);

// POST /api/payouts – send a Pix payout: write-ahead intent, then the API, one payout per Idempotency-Key
export const POST = withSession(
  { permission: "payouts.create", body: payoutInputSchema, idempotencyKey: "required" },
  (ctx) => issuePayout(ctx, { payout: ctx.body, idempotencyKey: ctx.idempotencyKey ?? "" }),
);

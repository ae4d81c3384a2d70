import { withSession } from "@/lib/bff/handler";
import { listRegister } from "@/lib/bff/payout-lookup";
import { issuePayout } from "@/lib/bff/payouts";
import { payoutInputSchema } from "@/lib/payments/schemas/payout";
import { registerQuerySchema } from "@/lib/schemas/register";

// GET /api/payouts – the register of payouts issued from the dashboard, with live status
export const GET = withSession({ permission: "payouts.register", query: registerQuerySchema }, listRegister);

// POST /api/payouts – send a Pix payout: write-ahead intent, then the API, one payout per Idempotency-Key
export const POST = withSession({ permission: "payouts.create", body: payoutInputSchema, idempotencyKey: "required" }, issuePayout);

import { withSession } from "@/lib/bff/handler";
import { payoutAttention } from "@/lib/bff/payout-review";

// GET /api/payouts/attention – how many payouts wait for a person (the navigation badge and the overview)
export const GET = withSession({ permission: "payouts.register" }, payoutAttention);

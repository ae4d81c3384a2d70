import { withSession } from "@/lib/server/http/handler";
import { payoutAttention } from "@/lib/server/services/payouts/review";

// GET /api/payouts/attention – how many payouts wait for a person (the navigation badge and the overview)
export const GET = withSession({ permission: "payouts.register" }, payoutAttention);

import { withSession } from "@/lib/bff/handler";
import { idParamsSchema } from "@/lib/bff/params";
import { lookUpPayout } from "@/lib/bff/payout-lookup";

// GET /api/payouts/{id} – look up a payout by id (operators and viewers)
export const GET = withSession({ permission: "payouts.lookup", params: idParamsSchema }, lookUpPayout);

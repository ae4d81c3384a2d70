import { withSession } from "@/lib/server/http/handler";
import { idParamsSchema } from "@/lib/server/http/params";
import { lookUpPayout } from "@/lib/server/services/payout-lookup";

// GET /api/payouts/{id} – look up a payout by id (operators and viewers)
export const GET = withSession({ permission: "payouts.lookup", params: idParamsSchema }, lookUpPayout);

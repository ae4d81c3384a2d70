import { withSession } from "@/lib/server/http/handler";
import { listKnown } from "@/lib/server/services/subaccounts/subaccounts";

// GET /api/subaccounts – subaccounts known to the dashboard (the API cannot list or read them)
export const GET = withSession({ permission: "subaccounts.list" }, listKnown);

import { withSession } from "@/lib/server/http/handler";
import { toKnownSubaccount } from "@/lib/server/services/subaccounts";
import { listKnownSubaccounts } from "@/lib/server/ledger";

// GET /api/subaccounts – subaccounts known to the dashboard (the API cannot list or read them)
export const GET = withSession({ permission: "subaccounts.list" }, async ({ ledger, businessId }) => ({
  data: (await listKnownSubaccounts(ledger, businessId)).map(toKnownSubaccount),
}));

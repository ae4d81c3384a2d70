import { withSession } from "@/lib/bff/handler";
import { toKnownSubaccount } from "@/lib/bff/subaccounts";
import { listKnownSubaccounts } from "@/lib/ledger";

// GET /api/subaccounts – subaccounts known to the dashboard (the API cannot list or read them)
export const GET = withSession({ permission: "subaccounts.list" }, async ({ ledger, businessId }) => ({
  data: (await listKnownSubaccounts(ledger, businessId)).map(toKnownSubaccount),
}));

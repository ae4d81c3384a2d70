import { withSession } from "@/lib/bff/handler";
import { idParamsSchema } from "@/lib/bff/params";
import { getKnown, updateSubaccount } from "@/lib/bff/subaccounts";
import { updateSubaccountBodySchema } from "@/lib/payments/schemas/subaccount";

// GET /api/subaccounts/{id} – the last known state of one subaccount
export const GET = withSession({ permission: "subaccounts.list", params: idParamsSchema }, getKnown);

// PATCH /api/subaccounts/{id} – update name, e-mail, document or limits (only the fields given)
export const PATCH = withSession(
  { permission: "subaccounts.update", params: idParamsSchema, body: updateSubaccountBodySchema, idempotencyKey: "required" },
  updateSubaccount,
);

import { withSession } from "@/lib/bff/handler";
import { idParamsSchema } from "@/lib/bff/params";
import { setBlocked } from "@/lib/bff/subaccounts";
import { setBlockedBodySchema } from "@/lib/payments/schemas/subaccount";

// PUT /api/subaccounts/{id}/blocked – block or unblock a subaccount
export const PUT = withSession(
  { permission: "subaccounts.block", params: idParamsSchema, body: setBlockedBodySchema, idempotencyKey: "required" },
  setBlocked,
);

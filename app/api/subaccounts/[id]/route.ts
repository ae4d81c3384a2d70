import { withSession } from "@/lib/server/http/handler";
import { idParamsSchema } from "@/lib/server/http/params";
import { READ_PERMISSIONS } from "@/lib/server/services/read-permissions";
import { getKnown, updateSubaccount } from "@/lib/server/services/subaccounts/subaccounts";
import { updateSubaccountBodySchema } from "@/lib/shared/schemas/subaccount";

// GET /api/subaccounts/{id} – the last known state of one subaccount
export const GET = withSession({ permission: READ_PERMISSIONS.knownSubaccount, params: idParamsSchema }, (ctx) =>
  getKnown(ctx, ctx.params.id),
);

// PATCH /api/subaccounts/{id} – update name, e-mail, document or limits (only the fields given)
export const PATCH = withSession(
  {
    permission: "subaccounts.update",
    params: idParamsSchema,
    body: updateSubaccountBodySchema,
    idempotencyKey: "required",
  },
  (ctx) => updateSubaccount(ctx, { id: ctx.params.id, changes: ctx.body, idempotencyKey: ctx.idempotencyKey ?? "" }),
);

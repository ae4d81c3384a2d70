import { accountDeps } from "@/lib/server/http/account-deps";
import { withSession } from "@/lib/server/http/handler";
import { regenerateRecoveryCodes } from "@/lib/server/services/account/two-factor";
import { totpCodeBodySchema } from "@/lib/shared/schemas/account";

// POST /api/account/two-factor/recovery-codes – new recovery codes for a current code (the old ones stop working), shown once
export const POST = withSession({ permission: "any", body: totpCodeBodySchema }, async (ctx) => ({
  data: await regenerateRecoveryCodes(accountDeps(ctx), ctx.body),
}));

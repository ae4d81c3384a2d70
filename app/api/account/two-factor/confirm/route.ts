import { accountDeps } from "@/lib/server/http/account-deps";
import { withSession } from "@/lib/server/http/handler";
import { confirmTwoFactor } from "@/lib/server/services/account/two-factor";
import { totpCodeBodySchema } from "@/lib/shared/schemas/account";

// POST /api/account/two-factor/confirm – a code of the new secret turns 2FA on; the recovery codes, shown once (this session stays)
export const POST = withSession({ permission: "any", body: totpCodeBodySchema }, async (ctx) => ({
  data: await confirmTwoFactor(accountDeps(ctx), ctx.body),
}));

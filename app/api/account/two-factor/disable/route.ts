import { accountDeps } from "@/lib/server/http/account-deps";
import { withSession } from "@/lib/server/http/handler";
import { signedInReply } from "@/lib/server/http/session-reply";
import { turnOffTwoFactor } from "@/lib/server/services/account/two-factor";
import { turnOffTwoFactorSchema } from "@/lib/shared/schemas/account";

// POST /api/account/two-factor/disable – 2FA off for the password and a code; other sessions end, this one is re-issued
export const POST = withSession({ permission: "any", body: turnOffTwoFactorSchema }, async (ctx) =>
  signedInReply(await turnOffTwoFactor(accountDeps(ctx), ctx.body), ctx.secure),
);

import { accountDeps } from "@/lib/server/http/account-deps";
import { withSession } from "@/lib/server/http/handler";
import { signedInReply } from "@/lib/server/http/session-reply";
import { changePassword } from "@/lib/server/services/account/password";
import { changePasswordSchema } from "@/lib/shared/schemas/account";

// POST /api/account/password – a new password for the current one; other sessions end, this one is re-issued
export const POST = withSession({ permission: "any", body: changePasswordSchema }, async (ctx) =>
  signedInReply(await changePassword(accountDeps(ctx), ctx.body), ctx.secure),
);

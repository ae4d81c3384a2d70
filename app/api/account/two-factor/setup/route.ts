import { accountDeps } from "@/lib/server/http/account-deps";
import { withSession } from "@/lib/server/http/handler";
import { startTwoFactorSetup } from "@/lib/server/services/account/two-factor";

// POST /api/account/two-factor/setup – a new TOTP secret, kept encrypted on the server until confirmed: its QR code and key, once
export const POST = withSession({ permission: "any" }, async (ctx) => ({
  data: await startTwoFactorSetup(accountDeps(ctx)),
}));

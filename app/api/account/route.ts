import { withSession } from "@/lib/server/http/handler";
import { accountProfile } from "@/lib/server/services/account/profile";

// GET /api/account – the person's own account: name, e-mail, where their 2FA stands (every role; also while 2FA is pending)
export const GET = withSession({ permission: "any" }, (ctx) => accountProfile(ctx));

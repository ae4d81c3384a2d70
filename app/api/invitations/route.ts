import { withSession } from "@/lib/server/http/handler";
import { requestLocale, requestOrigin } from "@/lib/server/http/request-context";
import { invite } from "@/lib/server/services/members/invitations";
import { inviteBodySchema } from "@/lib/shared/schemas/members";

// POST /api/invitations – invite an e-mail with a role; the answer holds the link, this once, and says whether it
// was e-mailed (in the inviter's language, the link starting with APP_ORIGIN or the origin this request came to)
export const POST = withSession({ permission: "members.manage", body: inviteBodySchema }, (ctx) =>
  invite(ctx, { ...ctx.body, origin: requestOrigin(ctx.request), locale: requestLocale(ctx.request) }),
);

import { withSession } from "@/lib/server/http/handler";
import { invite } from "@/lib/server/services/members/invitations";
import { inviteBodySchema } from "@/lib/shared/schemas/members";

// POST /api/invitations – invite an e-mail with a role; the answer holds the link, this once
export const POST = withSession({ permission: "members.manage", body: inviteBodySchema }, (ctx) =>
  invite(ctx, ctx.body),
);

import { withSession } from "@/lib/server/http/handler";
import { listMembersAndInvitations } from "@/lib/server/services/members/members";

// GET /api/members – the workspace's members (any status) and its pending invitations
export const GET = withSession({ permission: "members.list" }, (ctx) => listMembersAndInvitations(ctx));

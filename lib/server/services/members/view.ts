import "server-only";
import type { Invitation, WorkspaceMember } from "@/lib/server/ledger";
import type { InvitationView, MemberView } from "@/lib/shared/schemas/members";

export function toMemberView(member: WorkspaceMember): MemberView {
  return {
    member_id: member.memberId,
    name: member.name,
    email: member.email,
    role: member.role,
    status: member.status,
    two_factor: member.totpEnabled,
    joined_at: member.joinedAt.toISOString(),
  };
}

export function toInvitationView(invitation: Invitation): InvitationView {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    created_at: invitation.createdAt.toISOString(),
    expires_at: invitation.expiresAt.toISOString(),
  };
}

import "server-only";
import {
  appendAudit,
  changeMemberRole,
  getMemberAccess,
  listMembers,
  listPendingInvitations,
  resetTwoFactor,
  setMembershipStatus,
  type MemberAccess,
  type MembershipChangeResult,
} from "@/lib/server/ledger";
import { serverClock } from "@/lib/server/clock";
import { BffError } from "@/lib/server/errors/bff-error";
import type { Answer, ServiceDeps } from "@/lib/server/services/context";
import { forgetPersonAccess, forgetWorkspaceAccess } from "@/lib/server/session/resolve";
import { assignableRoles } from "@/lib/shared/auth/roles";
import type { MemberRole, MembershipStatus } from "@/lib/shared/auth/member-roles";
import type { MemberView, MembersList } from "@/lib/shared/schemas/members";
import { toInvitationView, toMemberView } from "./view";

/**
 * The workspace's people (docs/accounts.md, "Members and invitations"). Every change is scoped to the acting
 * session's workspace (another workspace's member is a 404), refused for oneself and, for an admin, on an owner;
 * the ledger keeps an active owner (last_owner). After a write this instance forgets the person's cached access, so
 * their open sessions are refused at once here (other instances within ACCESS_TRUST_MS).
 */
type Deps = Pick<ServiceDeps, "ledger" | "businessId" | "actor">;

/** Members (any status) and pending invitations. */
export async function listMembersAndInvitations({ ledger, businessId }: Deps): Promise<Answer<MembersList>> {
  const [members, invitations] = await Promise.all([
    listMembers(ledger, businessId),
    listPendingInvitations(ledger, businessId, new Date(serverClock().now())),
  ]);
  return { data: { members: members.map(toMemberView), invitations: invitations.map(toInvitationView) } };
}

/** The target membership, when the actor may change it at all. */
async function changeableMember(deps: Deps, memberId: string): Promise<MemberAccess> {
  const target = await getMemberAccess(deps.ledger, { businessId: deps.businessId, memberId });
  if (!target) throw new BffError("member_not_found", "No member with this id in this workspace.");
  if (target.memberId === deps.actor.memberId)
    throw new BffError("member_self_change", "You cannot change your own membership here.");
  if (target.role === "owner" && deps.actor.role !== "owner")
    throw new BffError("member_owner_protected", "Only an owner can change another owner.");
  return target;
}

function changed(result: MembershipChangeResult) {
  if (result.outcome === "not_found")
    throw new BffError("member_not_found", "No member with this id in this workspace.");
  if (result.outcome === "last_owner")
    throw new BffError("last_owner", "The workspace must keep at least one active owner.");
  return result;
}

async function memberView(deps: Deps, memberId: string): Promise<MemberView> {
  const member = (await listMembers(deps.ledger, deps.businessId)).find((m) => m.memberId === memberId);
  if (!member) throw new BffError("member_not_found", "No member with this id in this workspace.");
  return toMemberView(member);
}

export async function changeRole(
  deps: Deps,
  input: { memberId: string; role: MemberRole },
): Promise<Answer<MemberView>> {
  const target = await changeableMember(deps, input.memberId);
  const allowed = assignableRoles(deps.actor.role);
  if (!allowed.includes(input.role))
    throw new BffError("role_not_assignable", "Your role cannot give this role.", {
      fields: { role: "fieldErrors.roleNotAssignable" },
    });
  const ref = { businessId: deps.businessId, memberId: target.memberId };
  const result = changed(await changeMemberRole(deps.ledger, ref, input.role));
  forgetWorkspaceAccess(deps.businessId, target.memberId);
  if (result.outcome === "changed")
    await appendAudit(deps.ledger, {
      businessId: deps.businessId,
      actor: deps.actor,
      action: "member.role_changed",
      outcome: "success",
      targetType: "member",
      targetId: target.memberId,
      before: { email: target.email, role: target.role },
      after: { email: target.email, role: result.membership.role },
    });
  return { data: await memberView(deps, target.memberId) };
}

export async function setMemberStatus(
  deps: Deps,
  input: { memberId: string; status: MembershipStatus },
): Promise<Answer<MemberView>> {
  const target = await changeableMember(deps, input.memberId);
  const ref = { businessId: deps.businessId, memberId: target.memberId };
  const result = changed(await setMembershipStatus(deps.ledger, ref, input.status));
  forgetWorkspaceAccess(deps.businessId, target.memberId);
  if (result.outcome === "changed")
    await appendAudit(deps.ledger, {
      businessId: deps.businessId,
      actor: deps.actor,
      action: input.status === "active" ? "member.reactivated" : "member.deactivated",
      outcome: "success",
      targetType: "member",
      targetId: target.memberId,
      before: { email: target.email, status: target.status },
      after: { email: target.email, status: result.membership.status },
    });
  return { data: await memberView(deps, target.memberId) };
}

/** Turns the member's 2FA off (lost authenticator): every session of theirs ends, in every workspace. */
export async function resetMemberTwoFactor(deps: Deps, input: { memberId: string }): Promise<Answer<MemberView>> {
  const target = await changeableMember(deps, input.memberId);
  const epoch = await resetTwoFactor(deps.ledger, target.memberId);
  if (epoch === null) throw new BffError("member_not_found", "No member with this id in this workspace.");
  forgetWorkspaceAccess(deps.businessId, target.memberId);
  // The person's auth epoch is theirs in every workspace: this instance reads all of them again.
  forgetPersonAccess();
  await appendAudit(deps.ledger, {
    businessId: deps.businessId,
    actor: deps.actor,
    action: "member.two_factor_reset",
    outcome: "success",
    targetType: "member",
    targetId: target.memberId,
    before: { email: target.email, two_factor: target.totpEnabled },
    after: { email: target.email, two_factor: false },
  });
  return { data: await memberView(deps, target.memberId) };
}

/**
 * Who belongs to which workspace, in what role. Every query is scoped by the business id. A role or status change
 * bumps the membership's `epoch`, so the person's sessions signed in before it end. Invariant: a workspace with an
 * active owner keeps at least one (see changeMembership).
 */
import { and, asc, eq, isNotNull, ne, sql } from "drizzle-orm";
import { isUuid } from "./query";
import { members, memberships, workspaces, type MemberRole, type MembershipRow, type MembershipStatus } from "./schema";
import type { Ledger } from "./types";

export type Membership = MembershipRow;

export interface NewMembership {
  businessId: string;
  memberId: string;
  role: MemberRole;
}

export type AddMembershipResult = { outcome: "added"; membership: Membership } | { outcome: "already_member" };

/** Adds the person to the workspace; a person already in it (active or not) is left as they are. */
export async function addMembership(ledger: Ledger, input: NewMembership): Promise<AddMembershipResult> {
  const [membership] = await ledger.db
    .insert(memberships)
    .values({ businessId: input.businessId, memberId: input.memberId, role: input.role })
    .onConflictDoNothing({ target: [memberships.businessId, memberships.memberId] })
    .returning();
  return membership ? { outcome: "added", membership } : { outcome: "already_member" };
}

export type MembershipChangeResult =
  | { outcome: "changed"; membership: Membership }
  | { outcome: "unchanged"; membership: Membership }
  | { outcome: "not_found" }
  /** The change would leave the workspace without an active owner: nothing was written. */
  | { outcome: "last_owner" };

export interface MembershipRef {
  businessId: string;
  memberId: string;
}

export function changeMemberRole(
  ledger: Ledger,
  ref: MembershipRef,
  role: MemberRole,
): Promise<MembershipChangeResult> {
  return changeMembership(ledger, ref, { role });
}

/** Deactivates (`deactivated`) or reactivates (`active`) a membership. */
export function setMembershipStatus(
  ledger: Ledger,
  ref: MembershipRef,
  status: MembershipStatus,
): Promise<MembershipChangeResult> {
  return changeMembership(ledger, ref, { status });
}

/**
 * One transaction that first locks the workspace's row: every change of one workspace's memberships runs in turn,
 * so two owners demoting (or deactivating) each other at once cannot both succeed. FOR NO KEY UPDATE: it
 * serialises these changes without blocking the key-share locks of inserts that merely reference the workspace.
 */
async function changeMembership(
  ledger: Ledger,
  ref: MembershipRef,
  change: { role?: MemberRole; status?: MembershipStatus },
): Promise<MembershipChangeResult> {
  if (!isUuid(ref.memberId)) return { outcome: "not_found" };
  return ledger.db.transaction(async (tx) => {
    const [workspace] = await tx
      .select({ businessId: workspaces.businessId })
      .from(workspaces)
      .where(eq(workspaces.businessId, ref.businessId))
      .for("no key update");
    if (!workspace) return { outcome: "not_found" };
    const here = and(eq(memberships.businessId, ref.businessId), eq(memberships.memberId, ref.memberId));
    const [current] = await tx.select().from(memberships).where(here);
    if (!current) return { outcome: "not_found" };
    const role = change.role ?? current.role;
    const status = change.status ?? current.status;
    if (role === current.role && status === current.status) return { outcome: "unchanged", membership: current };
    const wasActiveOwner = current.role === "owner" && current.status === "active";
    if (wasActiveOwner && !(role === "owner" && status === "active")) {
      const [otherOwner] = await tx
        .select({ memberId: memberships.memberId })
        .from(memberships)
        .where(
          and(
            eq(memberships.businessId, ref.businessId),
            eq(memberships.role, "owner"),
            eq(memberships.status, "active"),
            ne(memberships.memberId, ref.memberId),
          ),
        )
        .limit(1);
      if (!otherOwner) return { outcome: "last_owner" };
    }
    const [membership] = await tx
      .update(memberships)
      .set({ role, status, epoch: sql`${memberships.epoch} + 1`, updatedAt: sql`now()` })
      .where(here)
      .returning();
    if (!membership) throw new Error("ledger: a locked membership could not be updated");
    return { outcome: "changed", membership };
  });
}

/** What every request checks: the membership and the person's auth epoch, in one query. */
export interface MemberAccess {
  businessId: string;
  memberId: string;
  role: MemberRole;
  status: MembershipStatus;
  epoch: number;
  authEpoch: number;
  email: string;
  name: string;
  totpEnabled: boolean;
  require2fa: boolean;
  workspaceName: string;
}

/** The person's access to the workspace, or null when they have no membership there (any status is returned). */
export async function getMemberAccess(ledger: Ledger, ref: MembershipRef): Promise<MemberAccess | null> {
  if (!isUuid(ref.memberId)) return null;
  const [row] = await ledger.db
    .select({
      businessId: memberships.businessId,
      memberId: memberships.memberId,
      role: memberships.role,
      status: memberships.status,
      epoch: memberships.epoch,
      authEpoch: members.authEpoch,
      email: members.email,
      name: members.name,
      totpEnabled: isNotNull(members.totpSecretEnc).mapWith(Boolean),
      require2fa: workspaces.require2fa,
      workspaceName: workspaces.name,
    })
    .from(memberships)
    .innerJoin(members, eq(members.id, memberships.memberId))
    .innerJoin(workspaces, eq(workspaces.businessId, memberships.businessId))
    .where(and(eq(memberships.businessId, ref.businessId), eq(memberships.memberId, ref.memberId)));
  return row ?? null;
}

/** A person as the workspace's member list shows them (no password hash, no secret). */
export interface WorkspaceMember {
  memberId: string;
  email: string;
  name: string;
  role: MemberRole;
  status: MembershipStatus;
  epoch: number;
  totpEnabled: boolean;
  joinedAt: Date;
  updatedAt: Date;
}

export async function listMembers(ledger: Ledger, businessId: string): Promise<WorkspaceMember[]> {
  return ledger.db
    .select({
      memberId: memberships.memberId,
      email: members.email,
      name: members.name,
      role: memberships.role,
      status: memberships.status,
      epoch: memberships.epoch,
      totpEnabled: isNotNull(members.totpSecretEnc).mapWith(Boolean),
      joinedAt: memberships.createdAt,
      updatedAt: memberships.updatedAt,
    })
    .from(memberships)
    .innerJoin(members, eq(members.id, memberships.memberId))
    .where(eq(memberships.businessId, businessId))
    .orderBy(asc(sql`lower(${members.name})`), asc(members.email));
}

/** The workspaces the person is an active member of (sign-in, workspace switch), by name. */
export async function listActiveWorkspacesOf(
  ledger: Ledger,
  memberId: string,
): Promise<{ businessId: string; name: string; role: MemberRole }[]> {
  if (!isUuid(memberId)) return [];
  return ledger.db
    .select({ businessId: workspaces.businessId, name: workspaces.name, role: memberships.role })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.businessId, memberships.businessId))
    .where(and(eq(memberships.memberId, memberId), eq(memberships.status, "active")))
    .orderBy(asc(workspaces.name), asc(workspaces.businessId));
}

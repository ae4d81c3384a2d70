/**
 * Invitations to a workspace. Only the SHA-256 of the link's token is stored. Accepting is a conditional update
 * (still pending, not expired, this workspace's, this person's e-mail), so a token works once; every expected
 * refusal is a typed outcome, not an exception.
 */
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { normaliseEmail } from "@/lib/shared/auth/email";
import { isUuid } from "./query";
import { invitations, members, memberships, workspaces, type InvitationRow, type MemberRole } from "./schema";
import type { Membership } from "./memberships";
import type { Ledger } from "./types";

/** An invitation as it may be shown: everything but the token's hash. */
export type Invitation = Omit<InvitationRow, "tokenHash">;

const shown = {
  id: invitations.id,
  businessId: invitations.businessId,
  email: invitations.email,
  role: invitations.role,
  invitedBy: invitations.invitedBy,
  createdAt: invitations.createdAt,
  expiresAt: invitations.expiresAt,
  acceptedAt: invitations.acceptedAt,
  revokedAt: invitations.revokedAt,
};

export interface NewInvitation {
  businessId: string;
  /** Normalised here (trim, NFKC, lower case). */
  email: string;
  role: MemberRole;
  /** SHA-256 of the token sent in the link (never the token). */
  tokenHash: string;
  invitedBy: string;
  expiresAt: Date;
}

export async function createInvitation(ledger: Ledger, input: NewInvitation): Promise<Invitation> {
  const [row] = await ledger.db
    .insert(invitations)
    .values({ ...input, email: normaliseEmail(input.email) })
    .returning(shown);
  if (!row) throw new Error("ledger: the invitation was not written");
  return row;
}

/** Invitations of the workspace not accepted, revoked or expired at `now`, newest first. */
export async function listPendingInvitations(ledger: Ledger, businessId: string, now: Date): Promise<Invitation[]> {
  return ledger.db
    .select(shown)
    .from(invitations)
    .where(
      and(
        eq(invitations.businessId, businessId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
}

/** Revokes a pending invitation of the workspace. False when there is none (accepted, revoked, another's). */
export async function revokeInvitation(ledger: Ledger, businessId: string, id: string, now: Date): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await ledger.db
    .update(invitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(invitations.businessId, businessId),
        eq(invitations.id, id),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    )
    .returning({ id: invitations.id });
  return rows.length === 1;
}

/** A pending invitation found by its token's hash (the link is the capability), with its workspace's name. */
export async function findPendingInvitation(
  ledger: Ledger,
  tokenHash: string,
  now: Date,
): Promise<(Invitation & { workspaceName: string }) | null> {
  const [row] = await ledger.db
    .select({ ...shown, workspaceName: workspaces.name })
    .from(invitations)
    .innerJoin(workspaces, eq(workspaces.businessId, invitations.businessId))
    .where(
      and(
        eq(invitations.tokenHash, tokenHash),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, now),
      ),
    );
  return row ?? null;
}

/**
 * The invitation with this token's hash whatever its state (accepted, revoked, expired), with its workspace's name:
 * the invitation page says why a link no longer works.
 */
export async function findInvitationByToken(
  ledger: Ledger,
  tokenHash: string,
): Promise<(Invitation & { workspaceName: string }) | null> {
  const [row] = await ledger.db
    .select({ ...shown, workspaceName: workspaces.name })
    .from(invitations)
    .innerJoin(workspaces, eq(workspaces.businessId, invitations.businessId))
    .where(eq(invitations.tokenHash, tokenHash));
  return row ?? null;
}

export type AcceptInvitationResult =
  | { outcome: "accepted"; invitation: Invitation; membership: Membership }
  | { outcome: "not_found" }
  | { outcome: "other_workspace" }
  | { outcome: "revoked" }
  | { outcome: "already_accepted" }
  | { outcome: "expired" }
  /** The invitation names another e-mail than the person's. */
  | { outcome: "other_email" }
  /** The person is already an active member: the invitation stays pending. */
  | { outcome: "already_member" };

export interface InvitationAcceptance {
  businessId: string;
  tokenHash: string;
  memberId: string;
  now: Date;
}

class AlreadyMember extends Error {}

/**
 * Accepts the invitation for the person, in one transaction: marks it accepted (only if still pending, unexpired,
 * of this workspace and for this person's e-mail, so of two concurrent accepts one wins) and gives them its role.
 * A person whose membership was deactivated is reactivated with that role (its epoch bumped).
 */
export async function acceptInvitation(ledger: Ledger, input: InvitationAcceptance): Promise<AcceptInvitationResult> {
  if (!isUuid(input.memberId)) return { outcome: "not_found" };
  try {
    return await ledger.db.transaction(async (tx): Promise<AcceptInvitationResult> => {
      const [member] = await tx.select({ email: members.email }).from(members).where(eq(members.id, input.memberId));
      if (!member) throw new Error("ledger: an invitation cannot be accepted for a person who does not exist");
      const [invitation] = await tx
        .update(invitations)
        .set({ acceptedAt: input.now })
        .where(
          and(
            eq(invitations.tokenHash, input.tokenHash),
            eq(invitations.businessId, input.businessId),
            eq(invitations.email, member.email),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
            gt(invitations.expiresAt, input.now),
          ),
        )
        .returning(shown);
      if (!invitation)
        return refusal(
          await tx.select().from(invitations).where(eq(invitations.tokenHash, input.tokenHash)),
          input,
          member.email,
        );
      const [membership] = await tx
        .insert(memberships)
        .values({ businessId: invitation.businessId, memberId: input.memberId, role: invitation.role })
        .onConflictDoUpdate({
          target: [memberships.businessId, memberships.memberId],
          set: {
            role: invitation.role,
            status: "active",
            epoch: sql`${memberships.epoch} + 1`,
            updatedAt: sql`now()`,
          },
          setWhere: eq(memberships.status, "deactivated"),
        })
        .returning();
      if (!membership) throw new AlreadyMember();
      return { outcome: "accepted", invitation, membership };
    });
  } catch (error) {
    if (error instanceof AlreadyMember) return { outcome: "already_member" };
    throw error;
  }
}

/** Why the invitation with this token could not be accepted (first reason that applies). */
function refusal(rows: InvitationRow[], input: InvitationAcceptance, email: string): AcceptInvitationResult {
  const [row] = rows;
  if (!row) return { outcome: "not_found" };
  if (row.businessId !== input.businessId) return { outcome: "other_workspace" };
  if (row.revokedAt) return { outcome: "revoked" };
  if (row.acceptedAt) return { outcome: "already_accepted" };
  if (row.expiresAt.getTime() <= input.now.getTime()) return { outcome: "expired" };
  if (row.email !== email) return { outcome: "other_email" };
  throw new Error("ledger: an invitation was refused for no known reason");
}

import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { appendAudit, createInvitation, listMembers, revokeInvitation } from "@/lib/server/ledger";
import { serverClock } from "@/lib/server/clock";
import { BffError } from "@/lib/server/errors/bff-error";
import type { Answer, ServiceDeps } from "@/lib/server/services/context";
import { normaliseEmail } from "@/lib/shared/auth/email";
import { assignableRoles } from "@/lib/shared/auth/roles";
import type { Locale } from "@/lib/shared/i18n/config";
import { INVITATION_LIFETIME_HOURS, type InvitationCreated, type InviteBody } from "@/lib/shared/schemas/members";
import { emailInvitation } from "./invitation-email";
import { toInvitationView } from "./view";

type Deps = Pick<ServiceDeps, "ledger" | "businessId" | "actor">;

/** Who to invite, and where the e-mailed link points and in which language (the inviter's request's). */
export interface InviteInput extends InviteBody {
  /** APP_ORIGIN, else the origin the inviter's request came to; null when neither is known. */
  origin: string | null;
  locale: Locale;
}

const INVITATION_LIFETIME_MS = INVITATION_LIFETIME_HOURS * 60 * 60 * 1000;

/** SHA-256 (hex) of a link's token: the only form of it the ledger keeps. */
export const invitationTokenHash = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/**
 * Invites an e-mail with a role the actor may give. The link (`/invite/<token>`, 32 random bytes) works once, for
 * 72 hours. The invitation is written first; then, with an SMTP server configured, it is e-mailed in the inviter's
 * language (a failure only says so in `emailed`). The link is in this answer in every case, and never again.
 */
export async function invite(
  deps: Deps & Pick<ServiceDeps, "mailer">,
  input: InviteInput,
): Promise<Answer<InvitationCreated>> {
  const { ledger, businessId, actor } = deps;
  if (!actor.memberId || !actor.email) throw new Error("members: only a person can invite");
  if (!assignableRoles(actor.role).includes(input.role))
    throw new BffError("role_not_assignable", "Your role cannot give this role.", {
      fields: { role: "fieldErrors.roleNotAssignable" },
    });
  const email = normaliseEmail(input.email);
  const existing = (await listMembers(ledger, businessId)).find((m) => m.email === email);
  if (existing?.status === "active")
    throw new BffError("already_member", "This person is already an active member of this workspace.", {
      fields: { email: "fieldErrors.alreadyMember" },
    });
  const token = randomBytes(32).toString("base64url");
  const now = serverClock().now();
  const invitation = await createInvitation(ledger, {
    businessId,
    email,
    role: input.role,
    tokenHash: invitationTokenHash(token),
    invitedBy: actor.memberId,
    expiresAt: new Date(now + INVITATION_LIFETIME_MS),
  });
  await appendAudit(ledger, {
    businessId,
    actor,
    action: "member.invited",
    outcome: "success",
    targetType: "invitation",
    targetId: invitation.id,
    after: { email, role: input.role, expires_at: invitation.expiresAt.toISOString() },
  });
  const link = `/invite/${token}`;
  const emailed = await emailInvitation(deps, {
    invitation,
    inviter: { name: actor.name, email: actor.email },
    path: link,
    origin: input.origin,
    locale: input.locale,
  });
  return { data: { invitation: toInvitationView(invitation), link, emailed }, created: true };
}

/** Revokes a pending invitation of the workspace; another workspace's, or one no longer pending, is a 404. */
export async function revoke(deps: Deps, input: { id: string }): Promise<Answer<{ revoked: true }>> {
  const { ledger, businessId, actor } = deps;
  const revoked = await revokeInvitation(ledger, businessId, input.id, new Date(serverClock().now()));
  if (!revoked) throw new BffError("invitation_not_found", "No pending invitation with this id in this workspace.");
  await appendAudit(ledger, {
    businessId,
    actor,
    action: "member.invitation_revoked",
    outcome: "success",
    targetType: "invitation",
    targetId: input.id,
    before: { status: "pending" },
    after: { status: "revoked" },
  });
  return { data: { revoked: true } };
}

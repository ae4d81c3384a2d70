import "server-only";
import { hashPassword, verifyPassword, verifyUnknownAccount } from "@/lib/server/accounts/password";
import {
  acceptInvitation,
  appendAudit,
  createMember,
  findInvitationByToken,
  findMemberByEmail,
  getWorkspace,
  type AcceptInvitationResult,
  type Invitation,
  type Ledger,
  type Member,
} from "@/lib/server/ledger";
import { serverClock } from "@/lib/server/clock";
import { BffError } from "@/lib/server/errors/bff-error";
import type { Answer } from "@/lib/server/services/context";
import { signedInPerson } from "@/lib/server/services/session/person-sign-in";
import { emailFingerprint, recordPersonSignInEvent } from "@/lib/server/services/session/person-sign-in-events";
import { openPersonSession, type ClientAddress, type SignedIn } from "@/lib/server/services/session/sessions";
import { beginSignIn, throttledError } from "@/lib/server/services/session/sign-in-throttle";
import { forgetWorkspaceAccess } from "@/lib/server/session/resolve";
import { newPasswordSchema } from "@/lib/shared/auth/password-policy";
import type { AcceptInvitationBody, InvitationPreview } from "@/lib/shared/schemas/members";
import { invitationTokenHash } from "./invitations";

/**
 * Accepting an invitation (the link is the capability): with a new account (name and a new password) or with the
 * invited e-mail's existing account (its password, throttled like sign-in). Every refusal the ledger names is a
 * clear 4xx. Accepted: the person is signed in to the workspace, unless they have 2FA (then they sign in as usual,
 * with their second factor).
 */

/** Why a link does not work, as the page and the API say it. */
function refused(outcome: Exclude<AcceptInvitationResult["outcome"], "accepted">): BffError {
  switch (outcome) {
    case "not_found":
    case "other_workspace":
      return new BffError("invitation_not_found", "Invitation not found. Check the link or ask for a new one.");
    case "revoked":
      return new BffError("invitation_revoked", "This invitation was revoked. Ask for a new one.");
    case "already_accepted":
      return new BffError("invitation_used", "This invitation was already used. Sign in with your account.");
    case "expired":
      return new BffError("invitation_expired", "This invitation has expired. Ask for a new one.");
    case "other_email":
      return new BffError("invitation_email_mismatch", "This invitation is for another e-mail.");
    case "already_member":
      return new BffError("already_member", "You are already an active member of this workspace.");
  }
}

type Found = Invitation & { workspaceName: string };

/** The invitation of this link, if it can still be accepted (else the reason, as an error). */
async function usableInvitation(ledger: Ledger, token: string, now: number): Promise<Found> {
  const invitation = await findInvitationByToken(ledger, invitationTokenHash(token));
  if (!invitation) throw refused("not_found");
  if (invitation.revokedAt) throw refused("revoked");
  if (invitation.acceptedAt) throw refused("already_accepted");
  if (invitation.expiresAt.getTime() <= now) throw refused("expired");
  return invitation;
}

/** What the invitation page shows: the workspace, the role, the invited e-mail, and which form to offer. */
export async function previewInvitation(ledger: Ledger, token: string): Promise<Answer<InvitationPreview>> {
  const invitation = await usableInvitation(ledger, token, serverClock().now());
  return {
    data: {
      workspace_name: invitation.workspaceName,
      email: invitation.email,
      role: invitation.role,
      expires_at: invitation.expiresAt.toISOString(),
      account_exists: (await findMemberByEmail(ledger, invitation.email)) !== null,
    },
  };
}

export type InvitationAcceptance = { next: "done"; signed: SignedIn } | { next: "sign_in"; email: string };

/** One point from each sign-in budget before any password is hashed or checked (sign-in-throttle.ts). */
async function throttled(ledger: Ledger, email: string, from: ClientAddress, now: number) {
  const fingerprint = emailFingerprint(email);
  const begun = await beginSignIn(ledger, { address: from.address, credential: fingerprint.slice(0, 32) });
  if (!begun.ok) {
    if (begun.throttled.firstRefusal)
      await recordPersonSignInEvent(ledger, {
        kind: "sign_in_throttled",
        reason: `${begun.throttled.budget}_budget`,
        from,
        fingerprint,
        credentialKind: "password",
        memberId: null,
        at: now,
      });
    throw throttledError(begun.throttled, now);
  }
  const failed = async (memberId: string | null) => {
    await recordPersonSignInEvent(ledger, {
      kind: "sign_in_failed",
      reason: "invalid_login",
      from,
      fingerprint,
      credentialKind: "password",
      memberId,
      at: now,
    });
    return new BffError("invalid_login", "E-mail or password is wrong.");
  };
  return { attempt: begun.attempt, failed };
}

/** The person who accepts: a new account, or the existing one whose password was given. */
async function acceptingPerson(
  ledger: Ledger,
  invitation: Found,
  body: AcceptInvitationBody,
  from: ClientAddress,
  now: number,
): Promise<Member> {
  const email = body.account === "existing" ? body.email : invitation.email;
  const { attempt, failed } = await throttled(ledger, email, from, now);
  if (body.account === "existing") {
    const member = await findMemberByEmail(ledger, body.email);
    const check = member
      ? await verifyPassword(member.passwordHash, body.password)
      : await verifyUnknownAccount(body.password);
    if (!member || !check.ok) throw await failed(member?.id ?? null);
    await attempt.succeeded();
    return member;
  }
  const password = newPasswordSchema(invitation.email).safeParse(body.password);
  if (!password.success)
    throw new BffError("validation_error", "The password does not meet the policy.", {
      fields: { password: password.error.issues[0]?.message ?? "validation.required" },
    });
  if (await findMemberByEmail(ledger, invitation.email)) throw accountExists();
  const created = await createMember(ledger, {
    email: invitation.email,
    name: body.name,
    passwordHash: await hashPassword(password.data),
  });
  if (created.outcome === "email_taken") throw accountExists();
  await attempt.succeeded();
  return created.member;
}

function accountExists(): BffError {
  return new BffError("account_exists", "An account with this e-mail exists: enter its password to accept.");
}

/** Accepts the invitation and signs the person in to its workspace (or asks a person with 2FA to sign in). */
export async function acceptInvitationWith(
  ledger: Ledger,
  body: AcceptInvitationBody,
  from: ClientAddress,
): Promise<InvitationAcceptance> {
  const now = serverClock().now();
  const invitation = await usableInvitation(ledger, body.token, now);
  const member = await acceptingPerson(ledger, invitation, body, from, now);
  const result = await acceptInvitation(ledger, {
    businessId: invitation.businessId,
    tokenHash: invitationTokenHash(body.token),
    memberId: member.id,
    now: new Date(now),
  });
  if (result.outcome !== "accepted") throw refused(result.outcome);
  forgetWorkspaceAccess(invitation.businessId, member.id);
  const person = signedInPerson(member);
  await appendAudit(ledger, {
    businessId: invitation.businessId,
    actor: { name: member.name, role: result.membership.role, memberId: member.id, email: member.email },
    action: "member.joined",
    outcome: "success",
    targetType: "member",
    targetId: member.id,
    after: { email: member.email, role: result.membership.role, invitation_id: invitation.id },
  });
  if (person.mfa === "totp") return { next: "sign_in", email: member.email };
  const workspace = await getWorkspace(ledger, invitation.businessId);
  const signed = await openPersonSession(
    ledger,
    person,
    {
      businessId: invitation.businessId,
      name: invitation.workspaceName,
      role: result.membership.role,
      require2fa: workspace?.require2fa ?? false,
    },
    // Session lifetimes run on the wall clock, as sign-in's do (lib/server/session/authenticate.ts).
    Date.now(),
  );
  return { next: "done", signed };
}

import { z } from "zod/mini";
import { MEMBER_ROLES, MEMBERSHIP_STATUSES } from "@/lib/shared/auth/member-roles";
import { storableText } from "@/lib/shared/schemas/common";
import { sessionInfoSchema } from "@/lib/shared/schemas/session";

/** How long an invitation's link works. */
export const INVITATION_LIFETIME_HOURS = 72;

const emailField = storableText({ error: "validation.required" }).check(
  z.trim(),
  // Nothing typed is a missing field, not a wrong address.
  z.minLength(1, { error: "validation.required" }),
  z.minLength(3, { error: "validation.email" }),
  z.maxLength(254, { error: "validation.email" }),
  z.regex(/^[^\s@]+@[^\s@]+$/, { error: "validation.email" }),
);
const roleField = z.enum(MEMBER_ROLES, { error: "validation.required" });

/** A person of the workspace as the members page shows them (no password hash, no secret). */
export const memberSchema = z.object({
  member_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  status: z.enum(MEMBERSHIP_STATUSES),
  two_factor: z.boolean(),
  joined_at: z.string(),
});
export type MemberView = z.infer<typeof memberSchema>;

/** A pending invitation (never its token: the link is shown once, to the inviter). */
export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  created_at: z.string(),
  expires_at: z.string(),
});
export type InvitationView = z.infer<typeof invitationSchema>;

/** GET /api/members. */
export const membersListSchema = z.object({
  members: z.array(memberSchema),
  invitations: z.array(invitationSchema),
});
export type MembersList = z.infer<typeof membersListSchema>;

/** POST /api/invitations: who to invite, with which role. */
export const inviteBodySchema = z.object({ email: emailField, role: roleField });
export type InviteBody = z.infer<typeof inviteBodySchema>;

/**
 * What became of the invitation's e-mail: sent (the SMTP server accepted it), failed (refused, unreachable, or too
 * slow — then it may still arrive: the sending was not confirmed; the invitation stands all the same) or
 * not_configured (no SMTP_URL: nothing is sent).
 */
export const INVITATION_EMAIL_OUTCOMES = ["sent", "failed", "not_configured"] as const;
export type InvitationEmailOutcome = (typeof INVITATION_EMAIL_OUTCOMES)[number];

/** The answer to an invitation: the link (`/invite/<token>`) is in it this once and never again, e-mailed or not. */
export const invitationCreatedSchema = z.object({
  invitation: invitationSchema,
  link: z.string(),
  emailed: z.enum(INVITATION_EMAIL_OUTCOMES),
});
export type InvitationCreated = z.infer<typeof invitationCreatedSchema>;

/** PATCH /api/members/{id}. */
export const changeRoleBodySchema = z.object({ role: roleField });
export type ChangeRoleBody = z.infer<typeof changeRoleBodySchema>;

/** PUT /api/members/{id}/status: deactivate or reactivate. */
export const memberStatusBodySchema = z.object({
  status: z.enum(MEMBERSHIP_STATUSES, { error: "validation.required" }),
});
export type MemberStatusBody = z.infer<typeof memberStatusBodySchema>;

/** The link's token: 32 random bytes, base64url (43 characters). */
export const invitationTokenSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, { error: "validation.id" }));

/** GET /api/invitations/accept?token=…: what the invitation page shows before anyone types anything. */
export const invitationPreviewSchema = z.object({
  workspace_name: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  expires_at: z.string(),
  /** Whether an account with the invited e-mail exists (then its password accepts; else a new account is made). */
  account_exists: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/**
 * POST /api/invitations/accept. `new`: a name and a new password (checked with `newPasswordSchema(email)` by the
 * form and the server); `existing`: the password of the invited e-mail's account.
 */
export const acceptInvitationBodySchema = z.discriminatedUnion("account", [
  z.object({
    account: z.literal("new"),
    token: invitationTokenSchema,
    name: storableText({ error: "validation.required" }).check(
      z.trim(),
      z.minLength(1, { error: "validation.required" }),
      z.maxLength(80, { error: "validation.tooLong" }),
    ),
    password: z.string({ error: "validation.required" }).check(z.maxLength(1024, { error: "validation.tooLong" })),
  }),
  z.object({
    account: z.literal("existing"),
    token: invitationTokenSchema,
    email: emailField,
    password: z
      .string({ error: "validation.required" })
      .check(z.minLength(1, { error: "validation.required" }), z.maxLength(1024, { error: "validation.tooLong" })),
  }),
]);
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBodySchema>;

/** Accepted: signed in (the cookie is set), or, for a person with 2FA, to sign in as usual (no session yet). */
export const invitationAcceptedSchema = z.union([
  z.object({ next: z.literal("done"), session: sessionInfoSchema }),
  z.object({ next: z.literal("sign_in"), email: z.string() }),
]);
export type InvitationAccepted = z.infer<typeof invitationAcceptedSchema>;

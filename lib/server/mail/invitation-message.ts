import "server-only";
import type { MemberRole } from "@/lib/shared/auth/member-roles";
import { DEFAULT_TIME_ZONE, type Locale } from "@/lib/shared/i18n/config";
import { createI18n } from "@/lib/shared/i18n/translate";
import { zoneLabelWithShortName } from "@/lib/shared/i18n/zone-label";
import type { MailMessage } from "./mailer";

export interface InvitationMessageInput {
  to: string;
  /** The inviter's language. */
  locale: Locale;
  inviter: { name: string; email: string };
  workspace: string;
  role: MemberRole;
  /** The link, absolute. */
  link: string;
  expiresAt: Date;
}

/** The business's zone: the dashboard's Brazilian default, named in the message so no one guesses. */
const BUSINESS_TIME_ZONE = DEFAULT_TIME_ZONE;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** The invitation e-mail in the inviter's language: who invites, to which workspace and role, the link, its expiry. */
export function invitationMessage(input: InvitationMessageInput): MailMessage {
  const { t, formatDateTime, timeZoneName } = createI18n(input.locale, BUSINESS_TIME_ZONE);
  const role = t(`members.role.${input.role}`);
  const expires = t("invite.email.expires", {
    date: formatDateTime(input.expiresAt, { dateStyle: "long", timeStyle: "short" }),
    zone: zoneLabelWithShortName(BUSINESS_TIME_ZONE, t, timeZoneName(input.expiresAt)),
  });
  const greeting = t("invite.email.greeting");
  const invited = t("invite.email.invited", {
    inviter: input.inviter.name,
    inviterEmail: input.inviter.email,
    workspace: input.workspace,
    role,
  });
  const action = t("invite.email.action");
  const ignore = t("invite.email.ignore");
  const text = [greeting, "", invited, "", action, input.link, "", expires, "", ignore, ""].join("\n");
  const link = escapeHtml(input.link);
  const paragraph = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = [
    `<!doctype html><html lang="${input.locale}"><body style="font-family: sans-serif; line-height: 1.5">`,
    paragraph(greeting),
    paragraph(invited),
    paragraph(action),
    `<p><a href="${link}">${escapeHtml(t("invite.email.button"))}</a><br>${link}</p>`,
    paragraph(expires),
    `<p style="color: #666">${escapeHtml(ignore)}</p>`,
    "</body></html>",
  ].join("\n");
  return {
    to: input.to,
    subject: t("invite.email.subject", { inviter: input.inviter.name, workspace: input.workspace }),
    text,
    html,
  };
}

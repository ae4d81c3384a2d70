import "server-only";
import { getWorkspace, type Invitation } from "@/lib/server/ledger";
import { log } from "@/lib/server/log";
import { invitationMessage } from "@/lib/server/mail/invitation-message";
import type { ServiceDeps } from "@/lib/server/services/context";
import type { Locale } from "@/lib/shared/i18n/config";
import type { InvitationEmailOutcome } from "@/lib/shared/schemas/members";

type Deps = Pick<ServiceDeps, "ledger" | "businessId" | "mailer">;

export interface InvitationEmail {
  invitation: Invitation;
  inviter: { name: string; email: string };
  /** The link's path (`/invite/<token>`). */
  path: string;
  /** The dashboard's origin the link starts with (APP_ORIGIN, else the inviter's request's); null: none known. */
  origin: string | null;
  locale: Locale;
}

/**
 * E-mails an invitation already written, when a mailer is configured. A failure is logged (without the address:
 * the logger masks it) and answered as "failed", never thrown: the invitation stands and the inviter copies the link.
 */
export async function emailInvitation(deps: Deps, email: InvitationEmail): Promise<InvitationEmailOutcome> {
  const { mailer } = deps;
  if (!mailer) return "not_configured";
  const { invitation } = email;
  try {
    if (!email.origin) throw new Error("no origin is known for the link: set APP_ORIGIN");
    const workspace = (await getWorkspace(deps.ledger, deps.businessId))?.name ?? deps.businessId;
    await mailer.send(
      invitationMessage({
        to: invitation.email,
        locale: email.locale,
        inviter: email.inviter,
        workspace,
        role: invitation.role,
        link: `${email.origin}${email.path}`,
        expiresAt: invitation.expiresAt,
      }),
    );
    return "sent";
  } catch (error) {
    log.warn("members.invitation_email_failed", { invitationId: invitation.id, to: invitation.email, error });
    return "failed";
  }
}

"use client";

import { useState, type RefObject } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useInvite } from "@/lib/browser/query/members";
import { useI18n } from "@/lib/browser/i18n";
import type { MemberRole } from "@/lib/shared/auth/member-roles";
import type { InvitationCreated, InvitationEmailOutcome } from "@/lib/shared/schemas/members";

/** What the dialog says of the e-mail, once the invitation exists. */
const EMAILED_MESSAGE: Readonly<Record<InvitationEmailOutcome, string>> = {
  sent: "members.inviteEmailSent",
  failed: "members.inviteEmailFailed",
  not_configured: "members.inviteLinkBody",
};

/**
 * Invite by e-mail with a role the inviter may give. On success the dialog says whether the invitation was e-mailed
 * (sent, could not be sent, or no e-mail configured) and shows the link once in every case (the server never gives
 * it again) with a copy button; closing the dialog forgets it.
 */
export function InviteDialog({
  open,
  onOpenChange,
  roles,
  opener,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  roles: readonly MemberRole[];
  /** The button that opened it: the dialog loads on demand and has no Trigger of its own. */
  opener?: RefObject<HTMLElement | null>;
}) {
  const { t } = useI18n();
  const invite = useInvite();
  const [email, setEmail] = useState("");
  const defaultRole: MemberRole = roles.includes("operator") ? "operator" : (roles[0] ?? "support");
  const [role, setRole] = useState<MemberRole>(defaultRole);
  const [created, setCreated] = useState<InvitationCreated | null>(null);
  // Closed (cancelled or done): the next invitation starts blank, not with the last one's address or role.
  const close = (next: boolean) => {
    if (!next) {
      setCreated(null);
      setEmail("");
      setRole(defaultRole);
      invite.reset();
    }
    onOpenChange(next);
  };
  if (created) {
    const link = `${typeof window === "undefined" ? "" : window.location.origin}${created.link}`;
    return (
      <ConfirmDialog
        open={open}
        onOpenChange={close}
        opener={opener}
        title={t("members.inviteLinkTitle")}
        description={t(EMAILED_MESSAGE[created.emailed], { email: created.invitation.email })}
        cancelLabel={t("members.cancel")}
        confirmLabel={t("members.done")}
        pending={false}
        onConfirm={() => close(false)}
      >
        <div className="flex items-center gap-2">
          <Input readOnly value={link} aria-label={t("members.inviteLinkLabel")} data-testid="invite-link" />
          <CopyButton value={link} label={t("members.inviteLinkLabel")} showText />
        </div>
      </ConfirmDialog>
    );
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={close}
      opener={opener}
      title={t("members.inviteTitle")}
      description={t("members.inviteBody")}
      cancelLabel={t("members.cancel")}
      confirmLabel={t("members.inviteSend")}
      pending={invite.isPending}
      error={invite.error}
      onConfirm={() => invite.mutate({ email, role }, { onSuccess: setCreated })}
    >
      <div className="grid gap-3">
        <div className="grid gap-1">
          <Label htmlFor="invite-email">{t("members.column.email")}</Label>
          <Input id="invite-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="invite-role">{t("members.column.role")}</Label>
          <select
            id="invite-role"
            className="h-9 rounded-md border bg-background px-2"
            value={role}
            onChange={(e) => setRole(e.target.value as MemberRole)}
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {t(`members.role.${r}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
    </ConfirmDialog>
  );
}

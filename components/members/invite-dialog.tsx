"use client";

import { useState, type RefObject } from "react";
import { FormField } from "@/components/forms/form-field";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { applyServerErrors } from "@/lib/browser/bff-client/form-errors";
import { useZodForm } from "@/lib/browser/hooks/use-zod-form";
import { useInvite } from "@/lib/browser/query/members";
import { useI18n } from "@/lib/browser/i18n";
import type { MemberRole } from "@/lib/shared/auth/member-roles";
import { inviteBodySchema, type InvitationCreated, type InvitationEmailOutcome } from "@/lib/shared/schemas/members";

const FIELDS = ["email", "role"] as const;

/** What the dialog says of the e-mail, once the invitation exists. */
const EMAILED_MESSAGE: Readonly<Record<InvitationEmailOutcome, string>> = {
  sent: "members.inviteEmailSent",
  failed: "members.inviteEmailFailed",
  not_configured: "members.inviteLinkBody",
};

/**
 * Invite by e-mail with a role the inviter may give, checked with the BFF's own schema before anything is sent; the
 * server's field messages (already a member, a role this person cannot give) land next to their fields. On success
 * the dialog says whether the invitation was e-mailed (sent, could not be sent, or no e-mail configured) and shows
 * the link once in every case (the server never gives it again) with a copy button; closing the dialog forgets it.
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
  const defaultRole: MemberRole = roles.includes("operator") ? "operator" : (roles[0] ?? "support");
  const form = useZodForm(inviteBodySchema, { defaultValues: { email: "", role: defaultRole } });
  const [created, setCreated] = useState<InvitationCreated | null>(null);
  const [panelError, setPanelError] = useState<{ error: unknown; unmatched?: Record<string, string> } | null>(null);
  // Closed (cancelled or done): the next invitation starts blank, not with the last one's address or role.
  const close = (next: boolean) => {
    if (!next) {
      setCreated(null);
      setPanelError(null);
      form.reset({ email: "", role: defaultRole });
      invite.reset();
    }
    onOpenChange(next);
  };
  const send = form.handleSubmit((values) => {
    setPanelError(null);
    invite.mutate(values, {
      onSuccess: setCreated,
      onError: (error) => {
        const { applied, unmatched } = applyServerErrors(error, form.setError, { knownFields: FIELDS });
        if (applied.length === 0 || Object.keys(unmatched).length > 0)
          setPanelError({ error, unmatched: applied.length > 0 ? unmatched : undefined });
      },
    });
  });
  if (created) {
    const link = `${typeof window === "undefined" ? "" : window.location.origin}${created.link}`;
    return (
      // The same dialog, its next step (formStep): focus moves into the new step and the dialog stays one dialog.
      <ConfirmDialog
        open={open}
        onOpenChange={close}
        opener={opener}
        formStep="created"
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
      formStep="edit"
      title={t("members.inviteTitle")}
      description={t("members.inviteBody")}
      cancelLabel={t("members.cancel")}
      confirmLabel={t("members.inviteSend")}
      pending={invite.isPending}
      error={panelError?.error}
      errorFields={panelError?.unmatched}
      onConfirm={() => void send()}
    >
      <div className="grid gap-3">
        <FormField label={t("members.column.email")} error={form.formState.errors.email?.message}>
          <Input type="email" autoComplete="off" spellCheck={false} maxLength={254} {...form.register("email")} />
        </FormField>
        <FormField label={t("members.column.role")} error={form.formState.errors.role?.message}>
          <NativeSelect {...form.register("role")}>
            {roles.map((r) => (
              <option key={r} value={r}>
                {t(`members.role.${r}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
    </ConfirmDialog>
  );
}

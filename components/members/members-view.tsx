"use client";

import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { DateTime } from "@/components/ui/date-time";
import { EmailText } from "@/components/ui/email-text";
import { lazyOnDemand, useDialogOpener, useOpenedOnce } from "@/components/ui/lazy-on-demand";
import { PageHeader } from "@/components/ui/page-header";
import { useI18n } from "@/lib/browser/i18n";
import {
  membersQuery,
  useChangeRole,
  useResetTwoFactor,
  useRevokeInvitation,
  useSetMemberStatus,
} from "@/lib/browser/query/members";
import type { MemberRole } from "@/lib/shared/auth/member-roles";
import { assignableRoles } from "@/lib/shared/auth/roles";
import type { InvitationView, MemberView } from "@/lib/shared/schemas/members";
import { useMemberColumns, type MemberAction } from "./member-columns";

/** Loads with its first open, not with the page. */
const memberSecuritySheet = lazyOnDemand(() => import("./member-security-sheet").then((m) => m.MemberSecuritySheet), {
  controls: ({ member, onClose }) => ({ open: Boolean(member), close: onClose }),
});
// The invitation and the confirmation of a row's action load on first use (with the dialog code under them), not
// with the page: pointing at or focusing the invite button starts the invitation's download, and pointing at or
// focusing anything on the page starts the confirmation's.
const inviteDialog = lazyOnDemand(() => import("./invite-dialog").then((m) => m.InviteDialog));
const confirmDialog = lazyOnDemand(() => import("@/components/ui/confirm-dialog").then((m) => m.ConfirmDialog));

type Pending = Exclude<MemberAction, { kind: "history" }> | { kind: "revoke"; invitation: InvitationView };

/**
 * The members page: people, their role, 2FA and status, actions per row (role, deactivate / reactivate, reset 2FA,
 * security history), as the shared list (phone cards, column chooser, sort) and pending invitations.
 */
export function MembersView({ actor }: { actor: { id: string; role: MemberRole } }) {
  const { t } = useI18n();
  const list = useQuery(membersQuery());
  const invite = useDialogOpener(inviteDialog);
  const [pending, setPending] = useState<Pending | null>(null);
  const confirmMounted = useOpenedOnce(pending !== null);
  const [historyOf, setHistoryOf] = useState<MemberView | null>(null);
  const historyMounted = useOpenedOnce(historyOf !== null);
  const changeRole = useChangeRole();
  const setStatus = useSetMemberStatus();
  const resetTwoFactor = useResetTwoFactor();
  const revoke = useRevokeInvitation();
  const roles = useMemo(() => assignableRoles(actor.role), [actor.role]);
  const mutation =
    pending?.kind === "role"
      ? changeRole
      : pending?.kind === "status"
        ? setStatus
        : pending?.kind === "twoFactor"
          ? resetTwoFactor
          : revoke;
  const done = { onSuccess: () => setPending(null) };
  const confirm = () => {
    if (!pending) return;
    if (pending.kind === "role") changeRole.mutate({ id: pending.member.member_id, role: pending.role }, done);
    if (pending.kind === "status") {
      const status = pending.member.status === "active" ? "deactivated" : "active";
      setStatus.mutate({ id: pending.member.member_id, status }, done);
    }
    if (pending.kind === "twoFactor") resetTwoFactor.mutate(pending.member.member_id, done);
    if (pending.kind === "revoke") revoke.mutate(pending.invitation.id, done);
  };
  const text = dialogText(pending, t);
  const mayChange = useCallback(
    (m: MemberView) => m.member_id !== actor.id && (m.role !== "owner" || actor.role === "owner"),
    [actor.id, actor.role],
  );
  const onAction = useCallback((action: MemberAction) => {
    if (action.kind === "history") setHistoryOf(action.member);
    else setPending(action);
  }, []);
  const columns = useMemberColumns({ actorId: actor.id, roles, mayChange, onAction });

  return (
    <div className="grid gap-6" onPointerEnter={confirmDialog.preload} onFocus={confirmDialog.preload}>
      <PageHeader
        title={t("members.title")}
        description={t("members.description")}
        actions={<Button {...invite.triggerProps}>{t("members.invite")}</Button>}
      />
      <DataTable
        label={t("members.title")}
        data={list.data?.members}
        columns={columns}
        columnsKey="members"
        getRowId={(m) => m.member_id}
        rowData={(m) => ({ "data-member": m.email })}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        estimateRowHeight={52}
      />
      <section className="grid gap-2">
        <h2 className="font-medium">{t("members.pending")}</h2>
        {list.data && list.data.invitations.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("members.pendingEmpty")}</p>
        ) : null}
        <ul className="grid gap-2 text-sm">
          {(list.data?.invitations ?? []).map((i) => (
            <li key={i.id} className="flex items-center gap-3">
              <EmailText value={i.email} />
              <span className="text-muted-foreground">{t(`members.role.${i.role}`)}</span>
              <span className="text-muted-foreground">
                {t("members.expiresAt")} <DateTime value={i.expires_at} />
              </span>
              <Button size="sm" variant="outline" onClick={() => setPending({ kind: "revoke", invitation: i })}>
                {t("members.revoke")}
              </Button>
            </li>
          ))}
        </ul>
      </section>
      {invite.mounted ? (
        <inviteDialog.Component open={invite.open} onOpenChange={invite.setOpen} roles={roles} opener={invite.opener} />
      ) : null}
      {historyMounted ? (
        <memberSecuritySheet.Component
          member={historyOf && { id: historyOf.member_id, name: historyOf.name }}
          onClose={() => setHistoryOf(null)}
        />
      ) : null}
      {confirmMounted ? (
        <confirmDialog.Component
          open={pending !== null}
          onOpenChange={(open) => {
            if (!open) setPending(null);
          }}
          title={text.title}
          description={text.body}
          cancelLabel={t("members.cancel")}
          confirmLabel={text.confirm}
          destructive={pending?.kind !== "role"}
          pending={mutation.isPending}
          error={mutation.error}
          onReset={() => mutation.reset()}
          onConfirm={confirm}
        />
      ) : null}
    </div>
  );
}

function dialogText(pending: Pending | null, t: (key: string, values?: Record<string, string>) => string) {
  if (!pending) return { title: "", body: "", confirm: "" };
  if (pending.kind === "revoke") {
    const email = pending.invitation.email;
    return { title: t("members.revokeTitle", { email }), body: t("members.revokeBody"), confirm: t("members.revoke") };
  }
  const name = pending.member.name;
  if (pending.kind === "role")
    return {
      title: t("members.changeRoleTitle", { name }),
      body: t("members.changeRoleBody", { name }),
      confirm: t("members.changeRole"),
    };
  if (pending.kind === "twoFactor")
    return {
      title: t("members.resetTwoFactorTitle", { name }),
      body: t("members.resetTwoFactorBody"),
      confirm: t("members.resetTwoFactor"),
    };
  const verb = pending.member.status === "active" ? "deactivate" : "reactivate";
  return {
    title: t(`members.${verb}Title`, { name }),
    body: t(`members.${verb}Body`, { name }),
    confirm: t(`members.${verb}`),
  };
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { CARD_CELL, CARD_CELL_BASE, CARD_LABEL, CARD_ROW, CARD_VALUE } from "@/components/ui/data-table/card-layout";
import type { CardRole } from "@/components/ui/data-table/types";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DateTime } from "@/components/ui/date-time";
import { PageHeader } from "@/components/ui/page-header";
import { QueryErrorPanel } from "@/components/ui/query-error-panel";
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
import { InviteDialog } from "./invite-dialog";

const COLUMNS = ["name", "email", "role", "twoFactor", "status", "joined", "actions"] as const;

/** A member's cell; on phones a place on the member's card (a labelled line unless `role` says otherwise). */
function Cell({ role = "field", label, children }: { role?: CardRole; label?: string; children: ReactNode }) {
  return (
    <td className={cn("p-2", CARD_CELL_BASE, CARD_CELL[role])}>
      {role === "field" ? (
        <>
          {label ? (
            <span aria-hidden="true" className={CARD_LABEL}>
              {label}
            </span>
          ) : null}
          <div className={CARD_VALUE}>{children}</div>
        </>
      ) : (
        children
      )}
    </td>
  );
}

type Pending =
  | { kind: "role"; member: MemberView; role: MemberRole }
  | { kind: "status"; member: MemberView }
  | { kind: "twoFactor"; member: MemberView }
  | { kind: "revoke"; invitation: InvitationView };

/** The members page: people, their role, 2FA and status, actions per row, and pending invitations. */
export function MembersView({ actor }: { actor: { id: string; role: MemberRole } }) {
  const { t } = useI18n();
  const list = useQuery(membersQuery());
  const [inviting, setInviting] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const changeRole = useChangeRole();
  const setStatus = useSetMemberStatus();
  const resetTwoFactor = useResetTwoFactor();
  const revoke = useRevokeInvitation();
  const roles = assignableRoles(actor.role);
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
  const mayChange = (m: MemberView) => m.member_id !== actor.id && (m.role !== "owner" || actor.role === "owner");

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t("members.title")}
        description={t("members.description")}
        actions={<Button onClick={() => setInviting(true)}>{t("members.invite")}</Button>}
      />
      {list.error ? <QueryErrorPanel query={list} /> : null}
      <table className="w-full text-sm max-sm:block">
        <thead className="max-sm:hidden">
          <tr className="text-left">
            {COLUMNS.map((c) => (
              <th key={c} className="p-2 font-medium">
                {t(`members.column.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {(list.data?.members ?? []).map((m) => (
            <tr key={m.member_id} className={cn("border-t", CARD_ROW)} data-member={m.email} data-card-row="">
              <Cell role="title">
                {m.name} {m.member_id === actor.id ? `(${t("members.you")})` : null}
              </Cell>
              <Cell role="subtitle">{m.email}</Cell>
              <Cell label={t("members.column.role")}>
                {mayChange(m) && m.status === "active" ? (
                  <select
                    aria-label={t("members.changeRole")}
                    className="h-8 rounded-md border bg-background px-2"
                    value={m.role}
                    onChange={(e) => setPending({ kind: "role", member: m, role: e.target.value as MemberRole })}
                  >
                    {[...new Set([m.role, ...roles])].map((r) => (
                      <option key={r} value={r} disabled={!roles.includes(r)}>
                        {t(`members.role.${r}`)}
                      </option>
                    ))}
                  </select>
                ) : (
                  t(`members.role.${m.role}`)
                )}
              </Cell>
              <Cell label={t("members.column.twoFactor")}>
                {t(m.two_factor ? "members.twoFactor.on" : "members.twoFactor.off")}
              </Cell>
              <Cell role="status">{t(`members.status.${m.status}`)}</Cell>
              <Cell label={t("members.column.joined")}>
                <DateTime value={m.joined_at} />
              </Cell>
              <Cell>
                {mayChange(m) ? (
                  <span className="flex flex-wrap gap-2">
                    <Button size="sm" variant="outline" onClick={() => setPending({ kind: "status", member: m })}>
                      {t(m.status === "active" ? "members.deactivate" : "members.reactivate")}
                    </Button>
                    {m.two_factor ? (
                      <Button size="sm" variant="outline" onClick={() => setPending({ kind: "twoFactor", member: m })}>
                        {t("members.resetTwoFactor")}
                      </Button>
                    ) : null}
                  </span>
                ) : null}
              </Cell>
            </tr>
          ))}
        </tbody>
      </table>
      <section className="grid gap-2">
        <h2 className="font-medium">{t("members.pending")}</h2>
        {list.data && list.data.invitations.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("members.pendingEmpty")}</p>
        ) : null}
        <ul className="grid gap-2 text-sm">
          {(list.data?.invitations ?? []).map((i) => (
            <li key={i.id} className="flex items-center gap-3">
              <span>{i.email}</span>
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
      <InviteDialog open={inviting} onOpenChange={setInviting} roles={roles} />
      <ConfirmDialog
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

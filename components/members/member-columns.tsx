"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import { Button } from "@/components/ui/button";
import { columnMeta, type DataTableColumn } from "@/components/ui/data-table";
import { DateTime } from "@/components/ui/date-time";
import { EmailText } from "@/components/ui/email-text";
import { NativeSelect } from "@/components/ui/native-select";
import { useI18n } from "@/lib/browser/i18n";
import type { MemberRole } from "@/lib/shared/auth/member-roles";
import type { MemberView } from "@/lib/shared/schemas/members";

/** What a member's row asks the page to do (each confirmed in a dialog, the history in a side panel). */
export type MemberAction =
  | { kind: "role"; member: MemberView; role: MemberRole }
  | { kind: "status"; member: MemberView }
  | { kind: "twoFactor"; member: MemberView }
  | { kind: "history"; member: MemberView };

export interface MemberColumnsOptions {
  actorId: string;
  /** The roles the signed-in person may give. */
  roles: readonly MemberRole[];
  /** Whether the signed-in person may change this member (not themselves, an owner only by an owner). */
  mayChange: (member: MemberView) => boolean;
  onAction: (action: MemberAction) => void;
}

const h = createColumnHelper<MemberView>();

/**
 * The members list's columns: name (the card's title), e-mail (its subtitle), role (a select when it may be
 * changed), two-step verification, status, joined, and the row's actions, all on the phone card as well.
 */
export function useMemberColumns({ actorId, roles, mayChange, onAction }: MemberColumnsOptions) {
  const { t } = useI18n();
  return useMemo((): DataTableColumn<MemberView>[] => {
    return [
      h.accessor("name", {
        header: () => t("members.column.name"),
        size: 175,
        meta: columnMeta({ card: "title", priority: "essential" }),
        cell: ({ row }) => (
          <>
            {row.original.name} {row.original.member_id === actorId ? `(${t("members.you")})` : null}
          </>
        ),
      }) as DataTableColumn<MemberView>,
      h.accessor("email", {
        header: () => t("members.column.email"),
        size: 240,
        meta: columnMeta({ card: "subtitle" }),
        cell: ({ getValue }) => <EmailText value={getValue()} />,
      }) as DataTableColumn<MemberView>,
      h.accessor("role", {
        header: () => t("members.column.role"),
        // The select shows its longest role whole ("Administrador").
        size: 195,
        sortingFn: (a, b) => t(`members.role.${a.original.role}`).localeCompare(t(`members.role.${b.original.role}`)),
        cell: ({ row }) => {
          const m = row.original;
          if (!mayChange(m) || m.status !== "active") return t(`members.role.${m.role}`);
          return (
            <NativeSelect
              size="sm"
              aria-label={t("members.changeRole")}
              value={m.role}
              onChange={(e) => onAction({ kind: "role", member: m, role: e.target.value as MemberRole })}
              className="w-full"
            >
              {[...new Set([m.role, ...roles])].map((r) => (
                <option key={r} value={r} disabled={!roles.includes(r)}>
                  {t(`members.role.${r}`)}
                </option>
              ))}
            </NativeSelect>
          );
        },
      }) as DataTableColumn<MemberView>,
      h.accessor("two_factor", {
        header: () => t("members.column.twoFactor"),
        size: 140,
        cell: ({ getValue }) => t(getValue() ? "members.twoFactor.on" : "members.twoFactor.off"),
      }) as DataTableColumn<MemberView>,
      h.accessor("status", {
        header: () => t("members.column.status"),
        size: 125,
        meta: columnMeta({ card: "status" }),
        cell: ({ getValue }) => t(`members.status.${getValue()}`),
      }) as DataTableColumn<MemberView>,
      h.accessor("joined_at", {
        header: () => t("members.column.joined"),
        size: 160,
        // Hidden unless chosen: with the row's actions, seven columns do not fit at 1280 px with every header whole.
        meta: columnMeta({ priority: "low" }),
        cell: ({ getValue }) => <DateTime value={getValue()} />,
      }) as DataTableColumn<MemberView>,
      h.display({
        id: "actions",
        header: () => t("members.column.actions"),
        // Room for the widest button ("Histórico de segurança"); the others wrap under it rather than the column taking
        // the width of a row of three.
        size: 215,
        meta: columnMeta({ priority: "essential", srOnlyHeader: true }),
        cell: ({ row }) => {
          const m = row.original;
          return (
            <span className="flex flex-wrap gap-2 max-sm:justify-end">
              <Button size="sm" variant="outline" onClick={() => onAction({ kind: "history", member: m })}>
                {t("members.securityHistory")}
              </Button>
              {mayChange(m) ? (
                <Button size="sm" variant="outline" onClick={() => onAction({ kind: "status", member: m })}>
                  {t(m.status === "active" ? "members.deactivate" : "members.reactivate")}
                </Button>
              ) : null}
              {mayChange(m) && m.two_factor ? (
                <Button size="sm" variant="outline" onClick={() => onAction({ kind: "twoFactor", member: m })}>
                  {t("members.resetTwoFactor")}
                </Button>
              ) : null}
            </span>
          );
        },
      }) as DataTableColumn<MemberView>,
    ];
  }, [actorId, mayChange, onAction, roles, t]);
}

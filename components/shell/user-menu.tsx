"use client";

import { ChevronDown, LogOut, MonitorX } from "lucide-react";
import { useState } from "react";
import { lazyOnDemand } from "@/components/ui/lazy-on-demand";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Menu, MenuItem, MenuSeparator } from "@/components/ui/menu";
import { can } from "@/lib/shared/auth/roles";
import { useI18n } from "@/lib/browser/i18n";
import { useSignOut } from "@/lib/browser/query/session";
import { businessLabel } from "./business-label";
import { RoleBadge } from "./role-badge";
import { useWorkspaceSwitch, WorkspaceSwitchItems } from "./workspace-switch-items";
import type { SessionInfo } from "@/lib/shared/schemas/session";

const signOutEverywhereDialog = lazyOnDemand(() =>
  import("./sign-out-everywhere-dialog").then((m) => m.SignOutEverywhereDialog),
);

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.charAt(0) ?? "";
  const last = parts.length > 1 ? (parts[parts.length - 1]?.charAt(0) ?? "") : "";
  return (first + last).toUpperCase() || "?";
}

/**
 * Who is signed in (name, e-mail, role in this workspace, the workspace), when
 * the session ends, switching to another of the person's workspaces, sign-out.
 */
export function UserMenu({ session }: { session: SessionInfo }) {
  const { t, formatRelative } = useI18n();
  const signOut = useSignOut();
  const workspaceSwitch = useWorkspaceSwitch(session);
  const roleLabel = t(`role.${session.role}`);
  const canRevokeAll = can(session.role, "sessions.revoke_all");
  const [everywhereOpen, setEverywhereOpen] = useState(false);
  /** The confirmation's code (the dialog stack) loads on first use, not with every page. */
  const [everywhereMounted, setEverywhereMounted] = useState(false);

  const handleSignOut = () => {
    signOut.mutate(undefined, {
      onError: () => toast.error(t("shell.signOutFailed")),
      onSettled: () => {
        // A full load drops every piece of in-memory state from this session.
        window.location.replace("/login");
      },
    });
  };

  return (
    <>
      <Menu
        label={t("shell.account")}
        className="w-64"
        description={
          <span className="block space-y-1.5 py-0.5">
            <span className="block text-xs font-normal text-muted-foreground">{t("shell.signedInAs")}</span>
            <span className="block truncate text-sm font-semibold text-foreground">{session.person.name}</span>
            <span className="block truncate text-xs font-normal text-muted-foreground">{session.person.email}</span>
            <span className="flex items-center gap-2">
              <RoleBadge role={session.role} />
              <span className="truncate text-xs font-normal text-muted-foreground">
                <span className="sr-only">{t("shell.workspace")}: </span>
                {businessLabel(session.business, t)}
              </span>
            </span>
            <span className="block text-xs font-normal text-muted-foreground">
              {t("shell.sessionEnds", { relative: formatRelative(session.expiresAt) })}
            </span>
          </span>
        }
        trigger={(props) => (
          <Button
            {...props}
            onPointerEnter={canRevokeAll ? signOutEverywhereDialog.preload : undefined}
            aria-busy={workspaceSwitch.pending || undefined}
            variant="ghost"
            size="sm"
            className="h-9 gap-2 pr-1.5 pl-1"
            aria-label={`${t("shell.account")}: ${session.person.name} (${roleLabel})`}
          >
            <span
              aria-hidden="true"
              className="flex size-7 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
            >
              {initials(session.person.name)}
            </span>
            <span className="hidden max-w-[10rem] truncate text-sm md:inline" aria-hidden="true">
              {session.person.name}
            </span>
            <RoleBadge role={session.role} className="hidden md:inline-flex" aria-hidden="true" />
            <ChevronDown className="size-3.5 text-muted-foreground" aria-hidden="true" />
          </Button>
        )}
      >
        <WorkspaceSwitchItems current={session.business.id} onSwitch={workspaceSwitch.open} />
        <MenuSeparator />
        {/* Stays open while signing out, so the item can say so; the page then reloads. */}
        <MenuItem keepOpen onSelect={handleSignOut} disabled={signOut.isPending}>
          <LogOut aria-hidden="true" />
          {signOut.isPending ? t("shell.signingOut") : t("shell.signOut")}
        </MenuItem>
        {canRevokeAll ? (
          <MenuItem
            onSelect={() => {
              setEverywhereMounted(true);
              setEverywhereOpen(true);
            }}
          >
            <MonitorX aria-hidden="true" />
            {t("shell.signOutEverywhere")}
          </MenuItem>
        ) : null}
      </Menu>
      {everywhereMounted ? (
        <signOutEverywhereDialog.Component
          business={businessLabel(session.business, t)}
          open={everywhereOpen}
          onOpenChange={setEverywhereOpen}
        />
      ) : null}
    </>
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { MenuRadioItem, MenuSeparator } from "@/components/ui/menu";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/lib/browser/i18n";
import { myWorkspacesQuery, useSwitchWorkspace, type MyWorkspace } from "@/lib/browser/query/session";
import type { SessionInfo } from "@/lib/shared/schemas/session";
import { businessLabel } from "./business-label";
import { homePathFor } from "./nav-items";

/**
 * Switching to another of the person's workspaces: PUT /api/session/workspace,
 * then the pages are read again in the new one (the cache was cleared by
 * useSwitchWorkspace), from the new role's home. Lives with the user menu's
 * button, not its items: the menu closes (and its items unmount) on choosing.
 */
export function useWorkspaceSwitch(session: SessionInfo) {
  const { t } = useI18n();
  const router = useRouter();
  const mutation = useSwitchWorkspace();
  const open = (workspace: MyWorkspace) => {
    if (workspace.businessId === session.business.id || mutation.isPending) return;
    mutation.mutate(
      { businessId: workspace.businessId },
      {
        onSuccess: (step) => {
          router.replace(homePathFor(step.next === "done" ? step.session.role : workspace.role));
          router.refresh();
        },
        onError: () => toast.error(t("shell.switchWorkspaceFailed", { workspace: businessLabel(session.business, t) })),
      },
    );
  };
  return { open, pending: mutation.isPending };
}

/**
 * The user menu's "switch workspace" choices, for a person in more than one
 * (nothing otherwise, nor while the list loads or when it cannot be read: the
 * menu works without it). Mounted when the menu opens, so the list is asked
 * for then, not on every page.
 */
export function WorkspaceSwitchItems({
  current,
  onSwitch,
}: {
  current: string;
  onSwitch: (workspace: MyWorkspace) => void;
}) {
  const { t } = useI18n();
  const workspaces = useQuery(myWorkspacesQuery());
  const list = workspaces.data ?? [];
  if (list.length < 2) return null;

  return (
    <>
      <MenuSeparator />
      <div role="presentation" className="px-2 pt-1.5 pb-1 text-xs font-medium text-muted-foreground">
        {t("shell.switchWorkspace")}
      </div>
      {list.map((workspace) => (
        <MenuRadioItem
          key={workspace.businessId}
          checked={workspace.businessId === current}
          onSelect={() => onSwitch(workspace)}
        >
          <span className="min-w-0 flex-1 truncate">{workspace.name}</span>
          <span className="text-xs text-muted-foreground">{t(`role.${workspace.role}`)}</span>
        </MenuRadioItem>
      ))}
    </>
  );
}

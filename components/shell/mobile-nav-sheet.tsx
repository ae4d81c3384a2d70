"use client";

import type { RefObject } from "react";
import { focusOnClose } from "@/components/ui/lazy-on-demand";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { useI18n } from "@/lib/browser/i18n";
import { READ_ONLY_ROLES, type Role } from "@/lib/shared/auth/roles";
import { Brand } from "./brand";
import { SidebarNav } from "./sidebar-nav";

export interface MobileNavSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  role: Role;
  businessLabel: string;
  /** The menu button: focus goes back there when the sheet closes. */
  opener: RefObject<HTMLButtonElement | null>;
}

/** The navigation in a sheet from the left, for screens without the sidebar; loaded when first opened. */
export function MobileNavSheet({ open, onOpenChange, role, businessLabel, opener }: MobileNavSheetProps) {
  const { t } = useI18n();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" onCloseAutoFocus={focusOnClose(opener)}>
        <div className="flex h-14 items-center border-b px-4">
          <SheetTitle asChild>
            <span>
              <Brand name={t("app.name")} />
            </span>
          </SheetTitle>
        </div>
        <SheetDescription className="sr-only">{businessLabel}</SheetDescription>
        <div className="flex-1 overflow-y-auto p-3">
          <SidebarNav role={role} onNavigate={() => onOpenChange(false)} />
        </div>
        {READ_ONLY_ROLES.includes(role) ? (
          <p className="border-t p-4 text-xs text-muted-foreground">{t("shell.readOnlyHint")}</p>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}

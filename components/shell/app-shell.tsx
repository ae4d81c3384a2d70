"use client";

import { businessLabel as labelOfBusiness } from "@/components/shell/business-label";
import { Menu } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { lazyOnDemand, useDialogOpener } from "@/components/ui/lazy-on-demand";
import { useSession } from "@/components/providers/session-provider";
import { useI18n } from "@/lib/browser/i18n";
import { READ_ONLY_ROLES } from "@/lib/shared/auth/roles";
import { Brand } from "./brand";
import { SandboxBadge } from "./sandbox-badge";
import { SessionBanners } from "./session-banners";
import { LocaleSwitch } from "./locale-switch";
import { homePathFor } from "./nav-items";
import { SidebarNav } from "./sidebar-nav";
import { SkipLink } from "./skip-link";
import { ThemeSwitch } from "./theme-switch";
import { TimeZoneSwitch } from "./time-zone-switch";
import { UserMenu } from "./user-menu";

export const MAIN_CONTENT_ID = "main-content";

const mobileNav = lazyOnDemand(() => import("./mobile-nav-sheet").then((m) => m.MobileNavSheet));

/**
 * The signed-in frame: sidebar (desktop) / menu sheet (phones), header with the
 * business, Sandbox badge, time zone, language, theme and account menu, and the
 * <main> landmark the skip link targets.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const session = useSession();
  const { t } = useI18n();
  const {
    open: menuOpen,
    setOpen: setMenuOpen,
    mounted: menuMounted,
    opener: menuButton,
    triggerProps: menuTriggerProps,
  } = useDialogOpener(mobileNav);
  const pathname = usePathname();
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    // Close the phone menu after navigating.
    setMenuPath(pathname);
    setMenuOpen(false);
  }
  const businessLabel = labelOfBusiness(session.business, t);
  const home = homePathFor(session.role);

  return (
    <>
      <SkipLink targetId={MAIN_CONTENT_ID} />
      <div className="min-h-dvh lg:grid lg:grid-cols-[15rem_minmax(0,1fr)]">
        <aside aria-label={t("app.name")} className="sticky top-0 hidden h-dvh flex-col border-r bg-sidebar lg:flex">
          <div className="flex h-14 items-center border-b px-4">
            <Link href={home} className="rounded-md focus-visible:outline-2 focus-visible:outline-ring">
              <Brand name={t("app.name")} />
            </Link>
          </div>
          <div className="flex-1 overflow-y-auto p-3">
            <SidebarNav role={session.role} />
          </div>
          {READ_ONLY_ROLES.includes(session.role) ? (
            <p className="border-t p-4 text-xs text-muted-foreground">{t("shell.readOnlyHint")}</p>
          ) : null}
        </aside>

        <div className="flex min-w-0 flex-col">
          <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-card/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-card/85 sm:px-4 lg:px-6">
            <Button
              {...menuTriggerProps}
              variant="ghost"
              size="icon-sm"
              className="lg:hidden"
              aria-label={t("nav.openMenu")}
            >
              <Menu aria-hidden="true" />
            </Button>
            {menuMounted ? (
              <mobileNav.Component
                open={menuOpen}
                onOpenChange={setMenuOpen}
                role={session.role}
                businessLabel={businessLabel}
                opener={menuButton}
              />
            ) : null}

            <div className="flex min-w-0 flex-1 items-center gap-2">
              <p className="min-w-0 truncate text-sm font-semibold" title={businessLabel}>
                <span className="sr-only">{t("shell.business")}: </span>
                {businessLabel}
              </p>
              {session.sandbox ? <SandboxBadge /> : null}
            </div>

            <div className="flex shrink-0 items-center gap-0.5 sm:gap-1">
              <TimeZoneSwitch />
              <LocaleSwitch />
              <ThemeSwitch />
              <UserMenu session={session} />
            </div>
          </header>

          <main
            id={MAIN_CONTENT_ID}
            tabIndex={-1}
            className="mx-auto w-full max-w-[96rem] flex-1 px-3 py-5 outline-none sm:px-6 lg:px-8 lg:py-6"
          >
            <SessionBanners session={session} />
            {children}
          </main>
        </div>
      </div>
    </>
  );
}

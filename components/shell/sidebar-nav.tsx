"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { PayoutsAttentionBadge } from "@/components/payouts/attention-badge";
import { cn } from "@/components/ui/cn";
import { LinkPending } from "@/components/ui/link-pending";
import type { Role } from "@/lib/shared/auth/roles";
import { useI18n } from "@/lib/browser/i18n";
import { isActive, navItemsFor } from "./nav-items";

/** The role's sections. Rendered in the desktop sidebar and in the phone menu sheet. */
export function SidebarNav({
  role,
  onNavigate,
  className,
}: {
  role: Role;
  onNavigate?: () => void;
  className?: string;
}) {
  const { t } = useI18n();
  const pathname = usePathname() ?? "/";
  const items = navItemsFor(role);
  return (
    <nav aria-label={t("nav.main")} className={cn("flex flex-col gap-0.5", className)}>
      <ul className="flex flex-col gap-0.5">
        {items.map((item) => {
          const active = isActive(item, pathname);
          const Icon = item.icon;
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                onClick={onNavigate}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "flex h-9 items-center gap-2.5 rounded-md px-2.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring",
                  active
                    ? "bg-sidebar-accent text-sidebar-accent-foreground"
                    : "text-sidebar-foreground hover:bg-muted hover:text-foreground",
                )}
              >
                <Icon
                  className={cn("size-4 shrink-0", active ? "text-sidebar-accent-foreground" : "text-muted-foreground")}
                  aria-hidden="true"
                />
                {t(item.labelKey)}
                <LinkPending className="ml-auto" />
                {item.badge === "payoutsAttention" ? <PayoutsAttentionBadge className="ml-1.5" /> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

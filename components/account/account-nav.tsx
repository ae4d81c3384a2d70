"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui/cn";
import { useI18n } from "@/lib/browser/i18n";

const LINKS = [
  { href: "/account", label: "account.nav.profile" },
  { href: "/account/security", label: "account.nav.security" },
] as const;

/** Profile | Security, between the two account pages. */
export function AccountNav() {
  const { t } = useI18n();
  const pathname = usePathname();
  return (
    <nav aria-label={t("account.title")} className="mb-4 flex gap-4 border-b text-sm">
      {LINKS.map((link) => (
        <Link
          key={link.href}
          href={link.href}
          aria-current={pathname === link.href ? "page" : undefined}
          className={cn(
            "-mb-px border-b-2 border-transparent px-1 pb-2 text-muted-foreground hover:text-foreground",
            pathname === link.href && "border-primary text-foreground",
          )}
        >
          {t(link.label)}
        </Link>
      ))}
    </nav>
  );
}

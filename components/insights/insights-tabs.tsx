"use client";

import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useCan } from "@/components/providers/session-provider";
import { cn } from "@/components/ui/cn";
import { LinkPending } from "@/components/ui/link-pending";
import { useI18n } from "@/lib/browser/i18n";
import type { MessageKey } from "@/lib/shared/i18n/dictionaries";
import type { Permission } from "@/lib/shared/auth/roles";

interface InsightTab {
  href: string;
  label: MessageKey;
  permission: Permission;
  /** The window travels with the link (the disputes are "now", they have none). */
  windowed: boolean;
}

const TABS: readonly InsightTab[] = [
  { href: "/insights", label: "insights.tab.payouts", permission: "insights.payouts", windowed: true },
  { href: "/insights/disputes", label: "insights.tab.disputes", permission: "insights.disputes", windowed: false },
  {
    href: "/insights/payment-links",
    label: "insights.tab.paymentLinks",
    permission: "insights.payment_links",
    windowed: true,
  },
];

/** The insights' sections the role may read, as links (the current one marked); the window goes along. */
export function InsightsTabs() {
  const { t } = useI18n();
  const pathname = usePathname();
  const search = useSearchParams();
  const allowed = {
    "insights.payouts": useCan("insights.payouts"),
    "insights.disputes": useCan("insights.disputes"),
    "insights.payment_links": useCan("insights.payment_links"),
  } as Partial<Record<Permission, boolean>>;
  const windowQuery = new URLSearchParams();
  for (const key of ["window", "from", "to", "bucket"]) {
    const value = search.get(key);
    if (value) windowQuery.set(key, value);
  }
  const qs = windowQuery.toString();
  const tabs = TABS.filter((tab) => allowed[tab.permission]);
  return (
    <nav aria-label={t("insights.tabs")} className="mb-4 border-b">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {tabs.map((tab) => {
          const current = pathname === tab.href;
          return (
            // On a phone the tabs share the width and a long name wraps, rather than the last one running off screen.
            <li key={tab.href} className="max-sm:flex-1">
              <Link
                href={tab.windowed && qs ? `${tab.href}?${qs}` : tab.href}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "inline-flex h-9 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap",
                  "max-sm:relative max-sm:h-full max-sm:min-h-9 max-sm:w-full max-sm:justify-center max-sm:px-1.5 max-sm:py-1.5 max-sm:text-center max-sm:whitespace-normal",
                  current
                    ? "border-primary text-foreground"
                    : "border-transparent text-muted-foreground hover:text-foreground",
                )}
              >
                {t(tab.label)}
                {/* On a phone the spinner sits in the tab's corner: hidden, it would still narrow the label. */}
                <LinkPending className="ml-1.5 max-sm:absolute max-sm:top-1 max-sm:right-1 max-sm:ml-0 max-sm:size-3" />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

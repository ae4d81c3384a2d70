import {
  Activity,
  ArrowLeftRight,
  ChartColumn,
  Gavel,
  Layers,
  LayoutDashboard,
  Link2,
  Settings,
  UserCog,
  Users,
  type LucideIcon,
} from "lucide-react";
import { can, type Permission, type Role } from "@/lib/shared/auth/roles";
import type { MessageKey } from "@/lib/shared/i18n/dictionaries";

export interface NavItem {
  href: string;
  labelKey: MessageKey;
  icon: LucideIcon;
  /** Shown when the role has any of these permissions. */
  anyOf: readonly Permission[];
  /** A live count shown on the entry (it checks its own permission). */
  badge?: "payoutsAttention";
}

/**
 * The dashboard's sections, in sidebar order; the first a role sees is its home.
 * The overview is there for a role it shows more than payouts to (payment
 * links, chargebacks): support's home is Payouts (lookup and the register).
 */
export const NAV_ITEMS: readonly NavItem[] = [
  {
    href: "/",
    labelKey: "nav.overview",
    icon: LayoutDashboard,
    anyOf: ["payment_links.list", "chargebacks.list"],
  },
  {
    href: "/payouts",
    labelKey: "nav.payouts",
    icon: ArrowLeftRight,
    anyOf: ["payouts.lookup"],
    badge: "payoutsAttention",
  },
  { href: "/payouts/batch", labelKey: "nav.batchPayouts", icon: Layers, anyOf: ["payouts.create"] },
  {
    href: "/insights",
    labelKey: "nav.insights",
    icon: ChartColumn,
    anyOf: ["insights.payouts", "insights.disputes", "insights.payment_links"],
  },
  { href: "/payment-links", labelKey: "nav.paymentLinks", icon: Link2, anyOf: ["payment_links.list"] },
  { href: "/subaccounts", labelKey: "nav.subaccounts", icon: Users, anyOf: ["subaccounts.list"] },
  { href: "/chargebacks", labelKey: "nav.chargebacks", icon: Gavel, anyOf: ["chargebacks.list"] },
  { href: "/activity", labelKey: "nav.activity", icon: Activity, anyOf: ["activity.list"] },
  { href: "/members", labelKey: "nav.members", icon: UserCog, anyOf: ["members.list"] },
  { href: "/settings", labelKey: "nav.settings", icon: Settings, anyOf: ["workspace.settings"] },
];

/** `pathname` is `href` or below it. */
const inSection = (href: string, pathname: string) =>
  href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);

export function navItemsFor(role: Role): NavItem[] {
  return NAV_ITEMS.filter((item) => item.anyOf.some((permission) => can(role, permission)));
}

/** Where a role lands after sign-in when there is no `next`. */
export function homePathFor(role: Role): string {
  return navItemsFor(role)[0]?.href ?? "/payouts";
}

/** True when `path` is inside a section the role can see (so `next` is worth following). */
export function isPathAllowed(role: Role, path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? "/";
  return navItemsFor(role).some((item) => inSection(item.href, pathname));
}

/** The nav item a pathname belongs to (for aria-current): the most specific one (/payouts/batch/… is Batch payouts, not Payouts). */
export function isActive(item: NavItem, pathname: string): boolean {
  if (!inSection(item.href, pathname)) return false;
  return !NAV_ITEMS.some(
    (other) =>
      other.href.length > item.href.length && other.href.startsWith(`${item.href}/`) && inSection(other.href, pathname),
  );
}

import { Activity, ArrowLeftRight, Gavel, LayoutDashboard, Link2, Users, type LucideIcon } from "lucide-react";
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

/** The dashboard's sections, in sidebar order. A viewer sees Payouts (lookup) and Chargebacks only. */
export const NAV_ITEMS: readonly NavItem[] = [
  { href: "/", labelKey: "nav.overview", icon: LayoutDashboard, anyOf: ["payment_links.list", "subaccounts.list", "activity.list"] },
  { href: "/payouts", labelKey: "nav.payouts", icon: ArrowLeftRight, anyOf: ["payouts.lookup"], badge: "payoutsAttention" },
  { href: "/payment-links", labelKey: "nav.paymentLinks", icon: Link2, anyOf: ["payment_links.list"] },
  { href: "/subaccounts", labelKey: "nav.subaccounts", icon: Users, anyOf: ["subaccounts.list"] },
  { href: "/chargebacks", labelKey: "nav.chargebacks", icon: Gavel, anyOf: ["chargebacks.list"] },
  { href: "/activity", labelKey: "nav.activity", icon: Activity, anyOf: ["activity.list"] },
];

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
  return navItemsFor(role).some((item) => (item.href === "/" ? pathname === "/" : pathname === item.href || pathname.startsWith(`${item.href}/`)));
}

/** The nav item a pathname belongs to (for aria-current). */
export function isActive(item: NavItem, pathname: string): boolean {
  return item.href === "/" ? pathname === "/" : pathname === item.href || pathname.startsWith(`${item.href}/`);
}

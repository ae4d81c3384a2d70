/**
 * Who can do what: one role per person per workspace (docs/accounts.md).
 * Shared by the BFF (enforcement: every route names one permission), the pages
 * (NotAllowed) and the navigation. Route tests are generated from this table
 * (tests/bff/roles.test.ts), so a permission cannot be added untested.
 *
 * A later "approve payouts" permission (two-person approval) is one more row:
 * roles are sets of permissions, not a ladder the code compares.
 */
import { MEMBER_ROLES, type MemberRole } from "./member-roles";

export const ROLES = MEMBER_ROLES;
export type Role = MemberRole;

const MANAGERS = ["owner", "admin"] as const;
const OPERATORS = ["owner", "admin", "operator"] as const;
const FINANCE = ["owner", "admin", "finance"] as const;
const EVERYONE = ["owner", "admin", "operator", "finance", "support"] as const;
/** Insights of payouts and links: everyone who works with money; support reads none (docs/insights.md). */
const INSIGHT_READERS = ["owner", "admin", "operator", "finance"] as const;

export const PERMISSIONS = {
  "payouts.lookup": EVERYONE,
  "payouts.register": EVERYONE,
  "payouts.create": OPERATORS,
  "payment_links.list": OPERATORS,
  "payment_links.create": OPERATORS,
  "subaccounts.list": OPERATORS,
  "subaccounts.update": OPERATORS,
  "subaccounts.block": OPERATORS,
  "chargebacks.list": FINANCE,
  "activity.list": FINANCE,
  "insights.payouts": INSIGHT_READERS,
  "insights.payment_links": INSIGHT_READERS,
  "insights.disputes": FINANCE,
  /** The overview's figures: the roles whose home is the overview (components/shell/nav-items.ts); each figure also needs its own. */
  "insights.overview": INSIGHT_READERS,
  "sessions.revoke_all": MANAGERS,
  "members.list": MANAGERS,
  "members.manage": MANAGERS,
  "workspace.settings": MANAGERS,
  "credentials.manage": ["owner"],
} as const satisfies Record<string, readonly Role[]>;
export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/**
 * Roles that only read: their upstream calls use the workspace's read-only
 * access token when it has one (least privilege), the API key otherwise.
 */
export const READ_ONLY_ROLES: readonly Role[] = ["finance", "support"];

/** Roles an inviter may give: only an owner makes owners. */
export function assignableRoles(inviter: Role): readonly Role[] {
  if (inviter === "owner") return ROLES;
  if (inviter === "admin") return ROLES.filter((role) => role !== "owner");
  return [];
}

import type { Permission } from "@/lib/shared/auth/roles";

/**
 * The permission of each read a page also makes on the server (its first
 * data, app/(dashboard)/_prefetch): the BFF route and the page's prefetch take
 * it from here, so the two cannot drift apart.
 */
export const READ_PERMISSIONS = {
  paymentLinks: "payment_links.list",
  chargebacks: "chargebacks.list",
  payoutLookup: "payouts.lookup",
  payoutRegister: "payouts.register",
  payoutInsights: "insights.payouts",
  workspaceSettings: "workspace.settings",
  workspaceCredentials: "credentials.manage",
  knownSubaccount: "subaccounts.list",
} as const satisfies Record<string, Permission>;

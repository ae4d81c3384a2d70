/** Who can do what. Shared by the BFF (enforcement) and the UI (navigation). */
export const ROLES = ["operator", "viewer"] as const;
export type Role = (typeof ROLES)[number];

/**
 * A viewer signs in with an access token, which the API accepts only for payout
 * lookup and chargeback listing, so that is all a viewer may do here.
 */
export const PERMISSIONS = {
  "payouts.lookup": ["operator", "viewer"],
  "chargebacks.list": ["operator", "viewer"],
  "payouts.create": ["operator"],
  "payouts.register": ["operator"],
  "payment_links.list": ["operator"],
  "payment_links.create": ["operator"],
  "subaccounts.list": ["operator"],
  "subaccounts.update": ["operator"],
  "subaccounts.block": ["operator"],
  "activity.list": ["operator"],
  "sessions.revoke_all": ["operator"],
} as const satisfies Record<string, readonly Role[]>;
export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

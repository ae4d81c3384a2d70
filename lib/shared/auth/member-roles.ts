/** A person's role in a workspace (docs/accounts.md); the ledger checks the same list (migration 0015). */
export const MEMBER_ROLES = ["owner", "admin", "operator", "finance", "support"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** A deactivated membership keeps its row (history, audit names) but signs nobody in. */
export const MEMBERSHIP_STATUSES = ["active", "deactivated"] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

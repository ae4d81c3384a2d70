/**
 * The outcomes of a register payout (docs/insights.md, "Outcomes"), in a module of their own so the register's
 * client code (its `outcome` URL filter) takes the list without the insights' schemas. lib/shared/schemas/insights.ts
 * re-exports them as part of the insights' contract.
 */
export const PAYOUT_OUTCOMES = ["paid", "pending", "failed", "needs_review", "not_sent", "handled"] as const;
export type PayoutOutcome = (typeof PAYOUT_OUTCOMES)[number];

/**
 * The dashboard's own ledger (server only). See docs/ledger.md.
 */
export { closeLedger, createLedger, getLedger, ledgerOptionsFromEnv, DEFAULT_LEDGER_DIR, MEMORY_DIR } from "./db";
export type { LedgerOptions } from "./db";
export type { Actor, Ledger, LedgerDatabase, LedgerDriver, Page } from "./types";
export { LEDGER_MIGRATION_LOCK_ID, loadMigrations, migrateLedger, runMigrations } from "./migrate";
export type { LedgerMigration, MigrationResult } from "./migrate";
export {
  AUDIT_ACTIONS,
  AUDIT_OUTCOMES,
  PAYOUT_STATES,
  type AuditAction,
  type AuditOutcome,
  type AuditRow,
  type PayoutRequestBody,
  type PayoutState,
  type RevokedSessionRow,
  type SubaccountRow,
} from "./schema";
export {
  claimPendingIntents,
  completePayoutIntent,
  getPayout,
  getPayoutByIdempotencyKey,
  getPayoutByUpstreamId,
  listPayouts,
  listPendingIntents,
  markPayoutUncertain,
  recordPayoutIntent,
  rejectPayoutIntent,
  reopenRejectedIntent,
  updatePayoutStatus,
} from "./payouts";
export type {
  PayoutFailure,
  PayoutIntentInput,
  PayoutListQuery,
  PayoutRecord,
  PayoutStatusUpdate,
  PayoutSubmission,
  PendingIntentQuery,
  PendingPayoutIntent,
} from "./payouts";
export { getKnownSubaccount, listKnownSubaccounts, upsertKnownSubaccount } from "./subaccounts";
export type { KnownSubaccountInput } from "./subaccounts";
export { appendAudit, hasRecordedSuccess, listAudit } from "./audit";
export type { AuditEntryInput, AuditListQuery, AuditSnapshot } from "./audit";
export { isSessionRevoked, purgeExpiredRevocations, revokeSession } from "./sessions";
export type { SessionRevocation } from "./sessions";

/**
 * The dashboard's own ledger (server only). See docs/ledger.md.
 */
export {
  closeLedger,
  createLedger,
  getLedger,
  inTransaction,
  ledgerOptionsFromEnv,
  DEFAULT_LEDGER_DIR,
  MEMORY_DIR,
} from "./db";
export type { LedgerOptions } from "./db";
export { LedgerQueryError } from "./errors";
export { LedgerFolderLockedError } from "./folder-lock";
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
  type LeftOutRowRecord,
  type PayoutRequestBody,
  type PayoutState,
  type RevokedSessionRow,
  type SecurityEventRow,
  type SubaccountChangeEndpoint,
  type SubaccountRow,
  MEMBER_ROLES,
  MEMBERSHIP_STATUSES,
  type MemberRole,
  type MembershipStatus,
} from "./schema";
export {
  countAttention,
  getPayout,
  getPayoutByIdempotencyKey,
  getPayoutByUpstreamId,
  listPayouts,
  lastPaidToKey,
  recordPayoutIntent,
  storableHolderName,
  sumPayouts,
  updatePayoutStatus,
} from "./payouts";
export type {
  LastPaid,
  PayoutFilter,
  PayoutIntentInput,
  PayoutListQuery,
  PayoutRecord,
  PayoutStatusUpdate,
  PayoutTotals,
} from "./payouts";
export {
  beginPayoutSend,
  completePayoutIntent,
  getPayoutForSend,
  isPayoutIdTaken,
  markPayoutHandled,
  markPayoutUncertain,
  movePayoutToReview,
  payoutLeaseName,
  rejectPayoutIntent,
  reopenRejectedIntent,
  startPayoutSend,
} from "./payout-lifecycle";
export {
  endFollowUp,
  expireFollowUps,
  listFollowUps,
  listResendCandidates,
  purgeExpiredSeals,
  sweepPayoutsToReview,
} from "./payout-sweeps";
export type { MoveAudit, PayoutFailure, PayoutSubmission, SendStart } from "./payout-lifecycle";
export {
  acquireLease,
  clearLeasesOfDeadOwners,
  holdLease,
  holdLeaseWaiting,
  INSTANCE_ID,
  isLeaseHeld,
  purgeExpiredLeases,
  releaseLease,
  renewLease,
} from "./leases";
export type { HeldLease, HoldOptions, LeaseHandle, LeaseOutcome, WaitOptions } from "./leases";
export {
  getKnownSubaccount,
  listKnownSubaccounts,
  recordSubaccountChange,
  subaccountLeaseName,
  upsertKnownSubaccount,
} from "./subaccounts";
export type { KnownSubaccountInput, SubaccountChange } from "./subaccounts";
export { changeOrder, numberChangeCall, unnumberChangeCall } from "./subaccount-change-order";
export type { AnswerOrder, ChangeRequestRef, NumberedCall } from "./subaccount-change-order";
export { appendAudit, hasRecordedSuccess, listAudit } from "./audit";
export type { AuditListQuery } from "./audit";
export type { AuditEntryInput, AuditSnapshot } from "./audit-entry";
export { isSessionRevoked, ledgerTimeMicros, purgeExpiredRevocations, revokeScope, revokeSession } from "./sessions";
export type { ScopeRevocation, SessionIdentity } from "./sessions";
export {
  listMemberSecurityEvents,
  listSecurityEvents,
  purgeSecurityEvents,
  recordSecurityEvent,
  SECURITY_EVENT_USER_AGENT_MAX,
} from "./security-events";
export type { SecurityEventInput, SecurityEventsPage } from "./security-events";
export type { SessionRevocation } from "./sessions";
export {
  batchProgress,
  cancelPendingRows,
  createBatch,
  findPayoutsByRequestHash,
  getBatch,
  getBatchLeftOutRows,
  listBatchRows,
  listBatches,
  moveBatch,
} from "./payout-batches";
export type { BatchProgress, BatchRecord, BatchRowOutcome, BatchRowWrite, BatchWrite } from "./payout-batches";
export { FEE_SAMPLE_SIZE, findBatchRowMatchCandidates, recentPayoutFees } from "./payout-batch-preview";
export type { BatchRowMatchCandidate, BatchRowMatchQuery } from "./payout-batch-preview";
export {
  claimBatchRow,
  claimBatchRows,
  finishBatches,
  KEY_CONFLICT_REASON,
  listBatchFollowUps,
  listFinishedPausedBatches,
  listWorkBatches,
  pauseForCredential,
  returnRefusedRow,
  returnUnsentRows,
  setBatchBackoff,
} from "./payout-batch-work";
export type { ClaimedRow, ClaimPreparation, ReturnedRow, WorkBatch } from "./payout-batch-work";
export {
  getWorkspaceCredential,
  listBusinessesWithCredential,
  listWorkspaceCredentialHistory,
  listWorkspaceCredentialsNotUnder,
  replaceWorkspaceCredentialCiphertext,
  storeWorkspaceCredential,
} from "./workspace-credentials";
export type {
  EncryptedCredential,
  StoredWorkspaceCredential,
  WorkspaceCredentialHistoryEntry,
  WorkspaceCredentialWrite,
} from "./workspace-credentials";
export { ensureWorkspace, getWorkspace, anyActiveOwner, setWorkspaceRequire2fa } from "./workspaces";
export type { NewWorkspace, Workspace } from "./workspaces";
export { listMemberSecretsNotUnder, replaceMemberSecretCiphertext, type MemberSecretRow } from "./members";
export {
  createMember,
  enableTotp,
  findMemberByEmail,
  findMemberById,
  recordTotpStep,
  rehashPassword,
  setPendingTotp,
  resetTwoFactor,
  setPasswordHash,
} from "./members";
export type { CreateMemberResult, Member, NewMember } from "./members";
export {
  addMembership,
  changeMemberRole,
  getMemberAccess,
  listActiveWorkspacesOf,
  listMembers,
  setMembershipStatus,
} from "./memberships";
export type {
  AddMembershipResult,
  MemberAccess,
  Membership,
  MembershipChangeResult,
  MembershipRef,
  NewMembership,
  WorkspaceMember,
} from "./memberships";
export {
  acceptInvitation,
  createInvitation,
  findInvitationByToken,
  findPendingInvitation,
  listPendingInvitations,
  revokeInvitation,
} from "./invitations";
export type { AcceptInvitationResult, Invitation, InvitationAcceptance, NewInvitation } from "./invitations";
export { listRecoveryCodes, replaceRecoveryCodes, markRecoveryCodeUsed } from "./recovery-codes";
export type { RecoveryCodeRecord } from "./recovery-codes";
export { consumeSetupToken, createSetupToken, lockFirstRunSetup, setupTokenState } from "./setup-tokens";
export {
  createSignInChallenge,
  findSignInChallenge,
  finishSignInChallenge,
  purgeSignInChallenges,
  takeSignInChallengeAttempt,
} from "./sign-in-challenges";
export type { NewSignInChallenge, SignInChallengeAttempt } from "./sign-in-challenges";
export type { ConsumeSetupTokenResult, SetupTokenState } from "./setup-tokens";
export {
  databaseNowMs,
  firstLinkCounterObservation,
  lastLinkListRead,
  LINK_COUNTERS_KEPT_MS,
  linkCountersAt,
  linkCountersAtQuery,
  recordLinkCounters,
  thinLinkCounters,
} from "./payment-link-counters";
export type { LinkCounters, LinkCounterSnapshot } from "./payment-link-counters";
export { claimBackgroundPass } from "./background-passes";
export { vacuumEmbeddedLedger, type VacuumSummary } from "./maintenance";
export { compactPayoutHours } from "./payout-hours";

/**
 * Drizzle table definitions of the dashboard's ledger.
 *
 * These mirror `lib/server/ledger/migrations/*.sql` exactly: the SQL files are the
 * source of truth (they create the tables), this file only gives queries their
 * types. Change both together (see docs/ledger.md, "Adding a migration").
 */
import type { AuditAction } from "@/lib/shared/schemas/activity";
import { PAYOUT_STATES } from "@/lib/shared/schemas/register";
import { sql } from "drizzle-orm";
import { centavos, timestamptz } from "./schema-columns";
import { payoutBatches, payoutBatchRows } from "./schema-batches";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

// Our write-ahead state of a payout request (not the upstream status): one list for the ledger and the UI.
export { PAYOUT_STATES, type PayoutState } from "@/lib/shared/schemas/register";

/** The exact body sent to POST /v1/payouts, kept only while the outcome is unresolved. */
export interface PayoutRequestBody {
  amount_centavos: number;
  pix_key: string;
  pix_key_type: string;
  idempotency_key: string;
}

// The batch tables (payout_batches, payout_batch_rows) live in schema-batches.ts; everything imports them from here.
export * from "./schema-batches";
// The workspace credential vault's table lives in schema-workspace.ts.
export * from "./schema-workspace";
// The personal account tables (workspaces, members, memberships, invitations, …) live in schema-accounts.ts.
export * from "./schema-accounts";

/** `replayed_older`: a retry answered with the replay of a change older than the known state, which is kept (subaccounts). */
export const AUDIT_OUTCOMES = ["success", "failure", "pending", "replayed_older"] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

// Actions the dashboard records: one list for the ledger and the UI (add new ones there).
export { AUDIT_ACTIONS, type AuditAction } from "@/lib/shared/schemas/activity";

export const payouts = pgTable(
  "payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: text("business_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    state: text("state", { enum: PAYOUT_STATES }).notNull().default("intent"),
    payoutId: text("payout_id"),
    amountCentavos: centavos("amount_centavos").notNull(),
    feeCentavos: centavos("fee_centavos"),
    netCentavos: centavos("net_centavos"),
    pixKeyType: text("pix_key_type").notNull(),
    pixKeyMasked: text("pix_key_masked").notNull(),
    requestBody: jsonb("request_body").$type<PayoutRequestBody>(),
    requestHash: text("request_hash"),
    credentialSeal: text("credential_seal"),
    status: text("status"),
    failureReason: text("failure_reason"),
    endToEndId: text("end_to_end_id"),
    /** The destination account's holder as the API names it on a read (migration 0021); null until then. */
    holderName: text("holder_name"),
    /**
     * The Pix key's keyed fingerprint (services/payouts/key-fingerprint.ts), written with the intent and kept after
     * the key is erased, for "last paid to this key" (migrations 0022, 0023); null for rows recorded before 0022.
     */
    pixKeyFingerprint: text("pix_key_fingerprint"),
    /** When the payout was paid, as a read of a paid payout states it (its paid_at); null when not stated (0023). */
    paidAt: timestamptz("paid_at"),
    lastRequestId: text("last_request_id"),
    lastErrorCode: text("last_error_code"),
    lastErrorMessage: text("last_error_message"),
    attempts: integer("attempts").notNull().default(0),
    maybeSent: boolean("maybe_sent").notNull().default(false),
    sends: integer("sends").notNull().default(0),
    reviewReason: text("review_reason"),
    reviewSince: timestamptz("review_since"),
    handledByName: text("handled_by_name"),
    handledAt: timestamptz("handled_at"),
    handledNote: text("handled_note"),
    createdByName: text("created_by_name").notNull(),
    createdByRole: text("created_by_role").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    statusCheckedAt: timestamptz("status_checked_at"),
    /** When the send now unresolved started (the re-send window counts from it); see migration 0009. */
    sendStartedAt: timestamptz("send_started_at").notNull().defaultNow(),
    /** Set on the payouts of a batch's rows (see payoutBatchRows). */
    batchId: uuid("batch_id"),
    batchRowNumber: integer("batch_row_number"),
  },
  (t) => [
    unique("payouts_business_idempotency_key_unique").on(t.businessId, t.idempotencyKey),
    // Also INCLUDE (state, status, amount_centavos, fee_centavos, net_centavos, batch_id) since migration 0024, for
    // index-only sums (insights, register totals); drizzle's index builder has no INCLUDE.
    index("payouts_business_created_idx").on(t.businessId, t.createdAt.desc(), t.id.desc()),
    // One register row at most per upstream payout (a person cannot attach one payout to two rows).
    uniqueIndex("payouts_business_payout_id_unique")
      .on(t.businessId, t.payoutId)
      .where(sql`payout_id IS NOT NULL`),
    index("payouts_unresolved_idx")
      .on(t.updatedAt)
      .where(sql`state IN ('intent', 'uncertain')`),
    index("payouts_attention_idx")
      .on(t.businessId, t.state)
      .where(sql`state IN ('intent', 'uncertain', 'needs_review')`),
    index("payouts_follow_up_idx")
      .on(t.statusCheckedAt)
      .where(sql`state = 'submitted' AND (status IS NULL OR status = 'pending')`),
    index("payouts_batch_idx")
      .on(t.batchId, t.batchRowNumber)
      .where(sql`batch_id IS NOT NULL`),
    // The failure reasons of the insights (migration 0028); also INCLUDE (state, status, amount_centavos,
    // failure_reason, last_error_code) there. Its predicate is unsuccessfulSql's (lib/server/ledger/payouts.ts).
    index("payouts_business_unsuccessful_idx")
      .on(t.businessId, t.createdAt.desc())
      .where(sql`state = 'rejected' OR (state = 'submitted' AND status = 'failed')`),
    // "Last paid to this key" (lastPaidToKey), newest first by paid time, else by creation (migration 0023).
    index("payouts_key_paid_idx")
      .on(t.businessId, t.pixKeyFingerprint, sql`(coalesce(${t.paidAt}, ${t.createdAt})) DESC`)
      .where(sql`pix_key_fingerprint IS NOT NULL`),
  ],
);

/**
 * The register's payouts counted and summed by business, UTC hour of creation, state, status and batched or not
 * (migration 0029), kept by triggers on payouts that append each statement's change; a group may have several rows
 * until housekeeping folds them (lib/server/ledger/payout-hours.ts). Sums are numeric (never overflow a write).
 */
export const payoutHours = pgTable(
  "payout_hours",
  {
    businessId: text("business_id").notNull(),
    hour: timestamptz("hour").notNull(),
    state: text("state").notNull(),
    status: text("status"),
    batched: boolean("batched").notNull(),
    payouts: bigint("payouts", { mode: "number" }).notNull(),
    amountCentavos: numeric("amount_centavos").notNull(),
    feeCentavos: numeric("fee_centavos").notNull(),
    netCentavos: numeric("net_centavos").notNull(),
    compacted: boolean("compacted").notNull().default(false),
  },
  (t) => [
    // Also INCLUDE (state, status, batched, payouts, amount_centavos, fee_centavos, net_centavos) there.
    index("payout_hours_business_hour_idx").on(t.businessId, t.hour),
    index("payout_hours_uncompacted_idx")
      .on(t.businessId, t.hour)
      .where(sql`NOT compacted`),
  ],
);

/** Snapshots of the payment links' running counters (migration 0025; lib/server/ledger/payment-link-counters.ts). */
export const paymentLinkCounters = pgTable(
  "payment_link_counters",
  {
    businessId: text("business_id").notNull(),
    linkId: text("link_id").notNull(),
    observedAt: timestamptz("observed_at").notNull(),
    visits: bigint("visits", { mode: "number" }).notNull(),
    checkoutsStarted: bigint("checkouts_started", { mode: "number" }).notNull(),
    sales: bigint("sales", { mode: "number" }).notNull(),
    revenueCentavos: centavos("revenue_centavos").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.linkId, t.observedAt] }),
    index("payment_link_counters_observed_idx").on(t.businessId, t.observedAt),
  ],
);

/** Every link with a snapshot, once (migration 0027): the links a "last snapshot at or before" read walks. */
export const paymentLinkIds = pgTable(
  "payment_link_ids",
  {
    businessId: text("business_id").notNull(),
    linkId: text("link_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.linkId] })],
);

/** The instants the whole link list was read and recorded (migration 0027; payment-link-counters.ts). */
export const paymentLinkListReads = pgTable(
  "payment_link_list_reads",
  {
    businessId: text("business_id").notNull(),
    readAt: timestamptz("read_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.readAt] })],
);

export const subaccounts = pgTable(
  "subaccounts",
  {
    businessId: text("business_id").notNull(),
    subaccountId: text("subaccount_id").notNull(),
    name: text("name"),
    email: text("email"),
    document: text("document"),
    dailyLimitCentavos: centavos("daily_limit_centavos"),
    monthlyLimitCentavos: centavos("monthly_limit_centavos"),
    isBlocked: boolean("is_blocked"),
    externalReference: text("external_reference"),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    updatedByName: text("updated_by_name"),
    /** The number (subaccount_change_seq) of the change the known state holds; null before migration 0011 or with no audited change. */
    knownChangeSeq: bigint("known_change_seq", { mode: "number" }),
  },
  (t) => [primaryKey({ name: "subaccounts_pkey", columns: [t.businessId, t.subaccountId] })],
);

/** Numbers the subaccount change calls in the order they are made (see subaccount-change-order.ts). */
export const subaccountChangeSeq = pgSequence("subaccount_change_seq");

export const SUBACCOUNT_CHANGE_ENDPOINTS = ["update", "blocked"] as const;
export type SubaccountChangeEndpoint = (typeof SUBACCOUNT_CHANGE_ENDPOINTS)[number];

/** Per change request (endpoint + idempotency key): the number of its latest call that may have made the change. */
export const subaccountChangeRequests = pgTable(
  "subaccount_change_requests",
  {
    businessId: text("business_id").notNull(),
    subaccountId: text("subaccount_id").notNull(),
    endpoint: text("endpoint", { enum: SUBACCOUNT_CHANGE_ENDPOINTS }).notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    seq: bigint("seq", { mode: "number" }).notNull(),
    firstAttemptedAt: timestamptz("first_attempted_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: "subaccount_change_requests_pkey",
      columns: [t.businessId, t.subaccountId, t.endpoint, t.idempotencyKey],
    }),
  ],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    businessId: text("business_id").notNull(),
    occurredAt: timestamptz("occurred_at").notNull().defaultNow(),
    actorName: text("actor_name").notNull(),
    actorRole: text("actor_role"),
    /** The acting person (migration 0018); null for background work and for entries written before it. */
    actorMemberId: uuid("actor_member_id"),
    /** The acting person's e-mail when the entry was written (migration 0018). */
    actorEmail: text("actor_email"),
    action: text("action").$type<AuditAction>().notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    idempotencyKey: text("idempotency_key"),
    outcome: text("outcome", { enum: AUDIT_OUTCOMES }).notNull(),
    requestId: text("request_id"),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
  },
  (t) => [
    index("audit_log_business_id_idx").on(t.businessId, t.id.desc()),
    index("audit_log_business_target_idx").on(t.businessId, t.targetType, t.targetId, t.id.desc()),
    index("audit_log_business_actor_idx").on(t.businessId, t.actorName, t.id.desc()),
    index("audit_log_business_action_idx").on(t.businessId, t.action, t.id.desc()),
    index("audit_log_business_occurred_idx").on(t.businessId, t.occurredAt.desc()),
  ],
);

export const revokedSessions = pgTable(
  "revoked_sessions",
  {
    sessionId: text("session_id").primaryKey(),
    businessId: text("business_id").notNull(),
    revokedAt: timestamptz("revoked_at").notNull().defaultNow(),
    expiresAt: timestamptz("expires_at").notNull(),
  },
  (t) => [index("revoked_sessions_expires_idx").on(t.expiresAt)],
);

export const SECURITY_EVENT_KINDS = [
  "sign_in_failed",
  "sign_in_throttled",
  "sign_in_succeeded",
  "two_factor_enabled",
  "two_factor_disabled",
  "recovery_codes_regenerated",
  "password_changed",
  "account_change_failed",
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/**
 * Sign-ins (failed, throttled and, since 0019, successful) and a person's own 2FA and password changes: not in any
 * business's audit log (see docs/security.md). `memberId` names the account when one is known.
 */
export const securityEvents = pgTable(
  "security_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamptz("at").notNull().defaultNow(),
    kind: text("kind", { enum: SECURITY_EVENT_KINDS }).notNull(),
    reason: text("reason").notNull(),
    clientAddress: text("client_address"),
    addressSource: text("address_source", { enum: ["proxy", "unverified"] }).notNull(),
    credentialFingerprint: text("credential_fingerprint"),
    credentialKind: text("credential_kind", { enum: ["api_key", "bearer", "password", "totp", "recovery_code"] }),
    requestId: text("request_id"),
    memberId: uuid("member_id"),
    /** The browser's User-Agent, at most SECURITY_EVENT_USER_AGENT_MAX characters. */
    userAgent: text("user_agent"),
    /** The workspace a sign-in opened (0020); null for an account's own events and for older rows. */
    businessId: text("business_id"),
  },
  (t) => [
    index("security_events_at_idx").on(t.at),
    index("security_events_member_idx")
      .on(t.memberId, t.id)
      .where(sql`${t.memberId} IS NOT NULL`),
  ],
);

/** "Sign out everywhere": sessions of the scope signed in at or before `revoked_before` are refused. */
export const sessionScopeRevocations = pgTable(
  "session_scope_revocations",
  {
    businessId: text("business_id").primaryKey(),
    revokedBefore: timestamptz("revoked_before").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
  },
  (t) => [index("session_scope_revocations_expires_idx").on(t.expiresAt)],
);

/** rate-limiter-flexible's Drizzle store: the column names are the library's. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    points: integer("points").notNull().default(0),
    expire: timestamptz("expire"),
  },
  (t) => [index("rate_limits_expire_idx").on(t.expire)],
);

/** One holder at a time for a named piece of work, across instances (see leases.ts). */
export const ledgerLeases = pgTable(
  "ledger_leases",
  {
    name: text("name").primaryKey(),
    owner: text("owner").notNull(),
    acquiredAt: timestamptz("acquired_at").notNull().defaultNow(),
    expiresAt: timestamptz("expires_at").notNull(),
  },
  (t) => [index("ledger_leases_expires_idx").on(t.expiresAt)],
);

/** Periodic background work claimed once per interval across instances (migration 0026, background-passes.ts). */
export const backgroundPasses = pgTable("background_passes", {
  name: text("name").primaryKey(),
  lastStartedAt: timestamptz("last_started_at").notNull(),
});

/** Bookkeeping of the migrator (see migrate.ts); not business data, so no business_id. */
export const ledgerMigrations = pgTable("ledger_migrations", {
  version: integer("version").primaryKey(),
  name: text("name").notNull(),
  checksum: text("checksum").notNull(),
  appliedAt: timestamptz("applied_at").notNull().defaultNow(),
});

export type PayoutRow = typeof payouts.$inferSelect;
export type PayoutBatchRow = typeof payoutBatches.$inferSelect;
export type PayoutBatchLine = typeof payoutBatchRows.$inferSelect;
export type SubaccountRow = typeof subaccounts.$inferSelect;
export type SubaccountChangeRequestRow = typeof subaccountChangeRequests.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
export type RevokedSessionRow = typeof revokedSessions.$inferSelect;
export type SecurityEventRow = typeof securityEvents.$inferSelect;

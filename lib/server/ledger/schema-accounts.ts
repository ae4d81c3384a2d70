/**
 * Drizzle table definitions of personal accounts (docs/accounts.md), re-exported by schema.ts. They mirror
 * `lib/server/ledger/migrations/0015_personal_accounts.sql`: the SQL file is the source of truth; change both
 * together (docs/ledger.md, "Adding a migration").
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, primaryKey, text, unique, uuid } from "drizzle-orm/pg-core";
import { MEMBER_ROLES, MEMBERSHIP_STATUSES } from "@/lib/shared/auth/member-roles";
import { timestamptz } from "./schema-columns";

export {
  MEMBER_ROLES,
  MEMBERSHIP_STATUSES,
  type MemberRole,
  type MembershipStatus,
} from "@/lib/shared/auth/member-roles";

/** A business the dashboard serves, as a workspace people belong to. `business_id` is lower case. */
export const workspaces = pgTable("workspaces", {
  businessId: text("business_id").primaryKey(),
  name: text("name").notNull(),
  require2fa: boolean("require_2fa").notNull().default(false),
  createdAt: timestamptz("created_at").notNull().defaultNow(),
});

/** A person. `authEpoch` is bumped when every session of theirs must end (password change, 2FA reset). */
export const members = pgTable(
  "members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    passwordChangedAt: timestamptz("password_changed_at").notNull().defaultNow(),
    /** The vault's ciphertext of the TOTP secret (opaque here); null while 2FA is off. */
    totpSecretEnc: text("totp_secret_enc"),
    totpEnabledAt: timestamptz("totp_enabled_at"),
    /** The last TOTP step accepted: a code of that step or an earlier one is refused. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    authEpoch: integer("auth_epoch").notNull().default(0),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    /** 2FA being set up (0019): the vault's ciphertext of the new secret, until confirmed or expired. */
    totpPendingSecretEnc: text("totp_pending_secret_enc"),
    totpPendingExpiresAt: timestamptz("totp_pending_expires_at"),
  },
  (t) => [unique("members_email_unique").on(t.email)],
);

/** A person's role in a workspace. `epoch` is bumped on every role or status change (sessions of before end). */
export const memberships = pgTable(
  "memberships",
  {
    businessId: text("business_id")
      .notNull()
      .references(() => workspaces.businessId),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    role: text("role", { enum: MEMBER_ROLES }).notNull(),
    status: text("status", { enum: MEMBERSHIP_STATUSES }).notNull().default("active"),
    epoch: integer("epoch").notNull().default(0),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "memberships_pkey", columns: [t.businessId, t.memberId] }),
    index("memberships_member_idx").on(t.memberId),
    index("memberships_active_owner_idx")
      .on(t.businessId)
      .where(sql`role = 'owner' AND status = 'active'`),
  ],
);

/** An invitation to a workspace; only the SHA-256 of its token is stored. Used once. */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: text("business_id")
      .notNull()
      .references(() => workspaces.businessId),
    email: text("email").notNull(),
    role: text("role", { enum: MEMBER_ROLES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: uuid("invited_by")
      .notNull()
      .references(() => members.id),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    expiresAt: timestamptz("expires_at").notNull(),
    acceptedAt: timestamptz("accepted_at"),
    revokedAt: timestamptz("revoked_at"),
  },
  (t) => [
    unique("invitations_token_hash_unique").on(t.tokenHash),
    index("invitations_business_idx").on(t.businessId, t.createdAt),
  ],
);

/** A person's one-time recovery codes, as SHA-256 hashes (lib/server/accounts/recovery-codes.ts). */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    hash: text("hash").notNull(),
    usedAt: timestamptz("used_at"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [unique("recovery_codes_member_hash_unique").on(t.memberId, t.hash)],
);

/** First-run setup links (their SHA-256), valid while no workspace has an active owner. */
export const setupTokens = pgTable("setup_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  createdAt: timestamptz("created_at").notNull().defaultNow(),
  expiresAt: timestamptz("expires_at").notNull(),
  usedAt: timestamptz("used_at"),
});

/** The second step of a person's sign-in (migration 0016): the SHA-256 of the challenge's token, never the token. */
export const signInChallenges = pgTable(
  "sign_in_challenges",
  {
    tokenHash: text("token_hash").primaryKey(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    authEpoch: integer("auth_epoch").notNull(),
    attemptsLeft: integer("attempts_left").notNull(),
    createdAt: timestamptz("created_at").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
  },
  (t) => [index("sign_in_challenges_expires_idx").on(t.expiresAt)],
);

export type WorkspaceRow = typeof workspaces.$inferSelect;
export type MemberRow = typeof members.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;

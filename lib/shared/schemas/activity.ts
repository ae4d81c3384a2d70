import { z } from "zod/mini";
import { storableText } from "@/lib/shared/schemas/common";
import { filterDateSchema } from "@/lib/shared/schemas/dates";

/** Actions the audit log records; shared by the ledger (server) and the activity page's filters. */
export const AUDIT_ACTIONS = [
  "session.sign_in",
  "session.sign_out",
  "session.sign_out_everywhere",
  "workspace.created",
  "workspace.credential_stored",
  "workspace.settings_changed",
  "member.joined",
  "payout.create",
  "payout.reconcile",
  "payout.status_refresh",
  "payout.review",
  "payout.check_again",
  "payout.handled",
  "payment_link.create",
  "subaccount.update",
  "subaccount.block",
  "subaccount.unblock",
  "batch.created",
  "batch.confirmed",
  "batch.paused",
  "batch.resumed",
  "batch.cancelled",
  "batch.completed",
  /** The worker found a row's key already taken by a payout that is not the row's: the row was not sent nor linked. */
  "batch.row_key_conflict",
  "member.invited",
  "member.invitation_revoked",
  "member.role_changed",
  "member.deactivated",
  "member.reactivated",
  "member.two_factor_reset",
  /** The person turned their own 2FA on or off (recorded in each of their workspaces). */
  "member.two_factor_enabled",
  "member.two_factor_disabled",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The server's own jobs, as the audit log names them (role "system"); the UI shows them in the reader's language. */
export const SYSTEM_ACTORS = { batchWorker: "batch worker", reconciler: "reconciler" } as const;

/** One audit-log entry, as GET /api/activity returns it. */
export const activityEntrySchema = z.object({
  id: z.string(),
  occurred_at: z.string(),
  /**
   * Who: `member_id` and `email` name the person (migration 0018); null for background work and for entries written
   * before personal accounts, whose name was typed at sign-in. Absent from an older server's answer.
   */
  actor: z.object({
    name: z.string(),
    role: z.string(),
    member_id: z.optional(z.nullable(z.string())),
    email: z.optional(z.nullable(z.string())),
  }),
  action: z.string(),
  target_type: z.nullable(z.string()),
  target_id: z.nullable(z.string()),
  before: z.nullable(z.unknown()),
  after: z.nullable(z.unknown()),
  idempotency_key: z.nullable(z.string()),
  outcome: z.string(),
  request_id: z.nullable(z.string()),
  error: z.nullable(z.object({ code: z.string(), message: z.string() })),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityPageSchema = z.object({
  items: z.array(activityEntrySchema),
  next_cursor: z.nullable(z.string()),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

export const activityQuerySchema = z.object({
  actor: z.optional(storableText().check(z.maxLength(80))),
  action: z.optional(z.enum(AUDIT_ACTIONS)),
  target_type: z.optional(storableText().check(z.maxLength(40))),
  target_id: z.optional(storableText().check(z.maxLength(128))),
  from: z.optional(filterDateSchema),
  to: z.optional(filterDateSchema),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1000)), 200),
  cursor: z.optional(storableText().check(z.maxLength(40))),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

/** One subaccount's history (its audit entries): pages of the log, for the people who may see subaccounts. */
export const subaccountHistoryQuerySchema = z.object({
  limit: activityQuerySchema.shape.limit,
  cursor: activityQuerySchema.shape.cursor,
});

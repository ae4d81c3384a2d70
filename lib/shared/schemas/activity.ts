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

export {
  activityEntrySchema,
  activityPageSchema,
  type ActivityEntry,
  type ActivityPage,
} from "@/lib/shared/schemas/activity-entry";

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

import { z } from "zod";
import { storableText } from "@/lib/shared/schemas/common";

/** Actions the audit log records; shared by the ledger (server) and the activity page's filters. */
export const AUDIT_ACTIONS = [
  "session.sign_in",
  "session.sign_out",
  "session.sign_out_everywhere",
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
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One audit-log entry, as GET /api/activity returns it. */
export const activityEntrySchema = z.object({
  id: z.string(),
  occurred_at: z.string(),
  actor: z.object({ name: z.string(), role: z.string() }),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  idempotency_key: z.string().nullable(),
  outcome: z.string(),
  request_id: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityPageSchema = z.object({
  items: z.array(activityEntrySchema),
  next_cursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

export const activityQuerySchema = z.object({
  actor: storableText().max(80).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  target_type: storableText().max(40).optional(),
  target_id: storableText().max(128).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
  cursor: storableText().max(40).optional(),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

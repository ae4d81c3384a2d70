import { z } from "zod/mini";

/*
 * The audit log's entries and pages as the BFF returns them, in a module of their own: a page that only
 * reads entries (a subaccount's history) does not load the activity filters' schemas and the date
 * parsing under them (lib/shared/schemas/activity.ts, which re-exports these).
 */

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

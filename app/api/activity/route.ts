import { withSession } from "@/lib/server/http/handler";
import { toActivityEntry } from "@/lib/server/services/activity";
import { listAudit } from "@/lib/server/ledger";
import { activityQuerySchema } from "@/lib/shared/schemas/activity";

// GET /api/activity – the audit log, newest first, filtered by person, action, target and dates
export const GET = withSession({ permission: "activity.list", query: activityQuerySchema }, async ({ ledger, businessId, query }) => {
  const page = await listAudit(ledger, businessId, {
    actor: query.actor,
    action: query.action,
    targetType: query.target_type,
    targetId: query.target_id,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    limit: query.limit,
    cursor: query.cursor,
  });
  return { data: { items: page.items.map(toActivityEntry), next_cursor: page.nextCursor } };
});

import "server-only";
import { listAudit } from "@/lib/server/ledger";
import type { AuditRow } from "@/lib/server/ledger/schema";
import type { ActivityEntry, ActivityPage, ActivityQuery } from "@/lib/shared/schemas/activity";
import type { Answer, LedgerScope } from "@/lib/server/services/context";

export function toActivityEntry(row: AuditRow): ActivityEntry {
  return {
    id: String(row.id),
    occurred_at: row.occurredAt.toISOString(),
    actor: { name: row.actorName, role: row.actorRole ?? "", member_id: row.actorMemberId, email: row.actorEmail },
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    before: row.before ?? null,
    after: row.after ?? null,
    idempotency_key: row.idempotencyKey,
    outcome: row.outcome,
    request_id: row.requestId,
    error: row.errorCode ? { code: row.errorCode, message: row.errorMessage ?? "" } : null,
  };
}

/** One page of the business's audit log, newest first, filtered as the query asks. */
export async function listActivity(
  { ledger, businessId }: LedgerScope,
  query: ActivityQuery,
): Promise<Answer<ActivityPage>> {
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
}

import "server-only";
import type { AuditRow } from "@/lib/server/ledger/schema";
import type { ActivityEntry } from "@/lib/shared/schemas/activity";

export function toActivityEntry(row: AuditRow): ActivityEntry {
  return {
    id: String(row.id),
    occurred_at: row.occurredAt.toISOString(),
    actor: { name: row.actorName, role: row.actorRole ?? "" },
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

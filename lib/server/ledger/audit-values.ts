/** The audit_log columns of one entry (audit.ts appends it; a payout's move writes it in its own statement). */
import type { PgInsertValue } from "drizzle-orm/pg-core";
import { storableOrNull, toStorableJson, toStorableText } from "@/lib/shared/validation/text";
import type { AuditEntryInput } from "./audit-entry";
import type { auditLog } from "./schema";

/** The columns of one entry, storable as they are (for an insert of its own or inside another statement). */
export function auditValues(entry: AuditEntryInput): PgInsertValue<typeof auditLog> {
  return {
    businessId: entry.businessId,
    occurredAt: entry.occurredAt,
    actorName: toStorableText(entry.actor.name),
    actorRole: storableOrNull(entry.actor.role ?? null),
    actorMemberId: entry.actor.memberId ?? null,
    actorEmail: storableOrNull(entry.actor.email ?? null),
    action: entry.action,
    targetType: storableOrNull(entry.targetType ?? null),
    targetId: storableOrNull(entry.targetId ?? null),
    before: toStorableJson(entry.before ?? null),
    after: toStorableJson(entry.after ?? null),
    idempotencyKey: storableOrNull(entry.idempotencyKey ?? null),
    outcome: entry.outcome,
    requestId: storableOrNull(entry.requestId ?? null),
    errorCode: storableOrNull(entry.errorCode ?? null),
    errorMessage: storableOrNull(entry.errorMessage ?? null),
  };
}

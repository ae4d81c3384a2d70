/**
 * The audit trail. Append-only from the app's side: this module exports no
 * update or delete. Never put secrets or a full Pix key in `before`/`after`.
 */
import { and, desc, eq, gte, inArray, lt } from "drizzle-orm";
import type { AuditEntryInput } from "./audit-entry";
import { auditValues } from "./audit-values";
import { auditLog, type AuditAction, type AuditOutcome, type AuditRow } from "./schema";
import { asList, pageSize, toPage } from "./query";
import type { Ledger, Page } from "./types";

/**
 * Appends one entry. Text PostgreSQL cannot store (NUL, lone surrogates, e.g. in
 * an upstream error message or a snapshot of an API answer) is replaced by
 * U+FFFD rather than losing the entry.
 */
export async function appendAudit(ledger: Ledger, entry: AuditEntryInput): Promise<AuditRow> {
  const [row] = await ledger.db.insert(auditLog).values(auditValues(entry)).returning();
  if (!row) throw new Error("ledger: audit insert returned no row");
  return row;
}

export interface AuditListQuery {
  /** Exact actor name. */
  actor?: string;
  action?: AuditAction | readonly AuditAction[];
  outcome?: AuditOutcome | readonly AuditOutcome[];
  targetType?: string;
  targetId?: string;
  /** occurred_at >= from */
  from?: Date;
  /** occurred_at < to (exclusive) */
  to?: Date;
  limit?: number;
  /** `nextCursor` of the previous page. */
  cursor?: string | null;
}

/** A business's audit entries, newest first, keyset-paginated on id. */
export async function listAudit(
  ledger: Ledger,
  businessId: string,
  query: AuditListQuery = {},
): Promise<Page<AuditRow>> {
  const limit = pageSize(query.limit);
  const before = query.cursor ? parseCursor(query.cursor) : undefined;
  if (before === null) return { items: [], nextCursor: null };
  const actions = asList(query.action);
  const outcomes = asList(query.outcome);
  const rows = await ledger.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.businessId, businessId),
        query.actor !== undefined ? eq(auditLog.actorName, query.actor) : undefined,
        actions.length ? inArray(auditLog.action, [...actions]) : undefined,
        outcomes.length ? inArray(auditLog.outcome, [...outcomes]) : undefined,
        query.targetType !== undefined ? eq(auditLog.targetType, query.targetType) : undefined,
        query.targetId !== undefined ? eq(auditLog.targetId, query.targetId) : undefined,
        query.from ? gte(auditLog.occurredAt, query.from) : undefined,
        query.to ? lt(auditLog.occurredAt, query.to) : undefined,
        before !== undefined ? lt(auditLog.id, before) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  return toPage(rows, limit, (row) => String(row.id));
}

/** A positive safe integer id, or null for anything else. */
function parseCursor(cursor: string): number | null {
  if (!/^\d{1,15}$/.test(cursor)) return null;
  const id = Number(cursor);
  return id > 0 ? id : null;
}

/**
 * Whether an action with this idempotency key was already recorded as a success:
 * a replayed response to a retry must not be recorded (or applied) twice.
 */
export async function hasRecordedSuccess(
  ledger: Ledger,
  businessId: string,
  action: AuditAction,
  idempotencyKey: string,
): Promise<boolean> {
  const [row] = await ledger.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.businessId, businessId),
        eq(auditLog.action, action),
        eq(auditLog.idempotencyKey, idempotencyKey),
        eq(auditLog.outcome, "success"),
      ),
    )
    .limit(1);
  return row !== undefined;
}

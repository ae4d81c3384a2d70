/** One audit entry as the app writes it: appended by audit.ts, turned into columns by audit-values.ts (so neither imports the other). */
import type { AuditAction, AuditOutcome } from "./schema";

/** A JSON-serialisable snapshot of the target (Dates become ISO strings). */
export type AuditSnapshot = Record<string, unknown>;

export interface AuditEntryInput {
  businessId: string;
  /** `memberId` and `email` name the acting person; absent or null for background work (the batch worker, the reconciler). */
  actor: { name: string; role?: string | null; memberId?: string | null; email?: string | null };
  action: AuditAction;
  outcome: AuditOutcome;
  targetType?: string | null;
  targetId?: string | null;
  before?: AuditSnapshot | null;
  after?: AuditSnapshot | null;
  idempotencyKey?: string | null;
  requestId?: string | null;
  errorCode?: string | null;
  errorMessage?: string | null;
  /** Defaults to the database's now(). */
  occurredAt?: Date;
}

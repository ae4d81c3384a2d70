/**
 * The security log: failed and throttled sign-ins, kept apart from every
 * business's audit log (nobody has proven who they are) and purged after
 * SECURITY_LOG_RETENTION_DAYS by housekeeping.
 */
import { desc, lt } from "drizzle-orm";
import { securityEvents, type SecurityEventKind, type SecurityEventRow } from "./schema";
import type { Ledger } from "./types";

export interface SecurityEventInput {
  kind: SecurityEventKind;
  reason: string;
  clientAddress: string | null;
  addressSource: "proxy" | "unverified";
  credentialFingerprint: string | null;
  credentialKind: "api_key" | "bearer" | "password" | "totp" | "recovery_code" | null;
  requestId: string | null;
  at?: Date;
}

export async function recordSecurityEvent(ledger: Ledger, event: SecurityEventInput): Promise<void> {
  await ledger.db
    .insert(securityEvents)
    .values({ ...event, clientAddress: event.clientAddress?.slice(0, 100) ?? null });
}

/** Newest first; for the administrator's `npm run security-log` and tests. */
export async function listSecurityEvents(ledger: Ledger, limit = 100): Promise<SecurityEventRow[]> {
  return ledger.db.select().from(securityEvents).orderBy(desc(securityEvents.id)).limit(limit);
}

export async function purgeSecurityEvents(ledger: Ledger, olderThan: Date): Promise<number> {
  const deleted = await ledger.db
    .delete(securityEvents)
    .where(lt(securityEvents.at, olderThan))
    .returning({ id: securityEvents.id });
  return deleted.length;
}

/**
 * Revoked (signed-out) sessions. A row lives until the session's absolute
 * expiry; after that the session is dead anyway and the row can be purged.
 * Session ids are random and global, so lookups are by id alone.
 */
import { eq, lt } from "drizzle-orm";
import { revokedSessions } from "./schema";
import type { Ledger } from "./types";

export interface SessionRevocation {
  sessionId: string;
  businessId: string;
  /** When the session would have expired on its own. */
  expiresAt: Date;
}

/** Marks a session as revoked. Revoking twice is harmless. */
export async function revokeSession(ledger: Ledger, revocation: SessionRevocation): Promise<void> {
  await ledger.db
    .insert(revokedSessions)
    .values({ sessionId: revocation.sessionId, businessId: revocation.businessId, expiresAt: revocation.expiresAt })
    .onConflictDoNothing({ target: revokedSessions.sessionId });
}

export async function isSessionRevoked(ledger: Ledger, sessionId: string): Promise<boolean> {
  const [row] = await ledger.db
    .select({ sessionId: revokedSessions.sessionId })
    .from(revokedSessions)
    .where(eq(revokedSessions.sessionId, sessionId))
    .limit(1);
  return row !== undefined;
}

/** Deletes revocations whose session expired before `now` (all businesses); returns how many. */
export async function purgeExpiredRevocations(ledger: Ledger, now: Date = new Date()): Promise<number> {
  const deleted = await ledger.db
    .delete(revokedSessions)
    .where(lt(revokedSessions.expiresAt, now))
    .returning({ sessionId: revokedSessions.sessionId });
  return deleted.length;
}

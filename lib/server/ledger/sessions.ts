/**
 * Revoked (signed-out) sessions. A row lives until the session's absolute
 * expiry; after that the session is dead anyway and the row can be purged.
 * Session ids are random and global, so lookups are by id alone.
 */
import { and, eq, gte, lt, sql } from "drizzle-orm";
import { revokedSessions, sessionScopeRevocations } from "./schema";
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

export interface SessionIdentity {
  sessionId: string;
  businessId: string;
  /** When the session was signed in. */
  issuedAt: Date;
}

/**
 * True when this session was signed out, or its whole scope was ("sign out
 * everywhere" after it signed in). One round trip: it runs on every request.
 */
export async function isSessionRevoked(ledger: Ledger, session: SessionIdentity): Promise<boolean> {
  const [row] = await ledger.db
    .select({ revoked: sql<boolean>`true` })
    .from(revokedSessions)
    .where(eq(revokedSessions.sessionId, session.sessionId))
    .unionAll(
      ledger.db
        .select({ revoked: sql<boolean>`true` })
        .from(sessionScopeRevocations)
        .where(and(eq(sessionScopeRevocations.businessId, session.businessId), gte(sessionScopeRevocations.revokedBefore, session.issuedAt))),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Revokes every session of a scope signed in at or before `at` (sign out
 * everywhere). The row lives until the last such session would have expired.
 */
export async function revokeScope(ledger: Ledger, scope: { businessId: string; at: Date; maxSessionLifetimeMs: number }): Promise<void> {
  const expiresAt = new Date(scope.at.getTime() + scope.maxSessionLifetimeMs);
  await ledger.db
    .insert(sessionScopeRevocations)
    .values({ businessId: scope.businessId, revokedBefore: scope.at, expiresAt })
    .onConflictDoUpdate({ target: sessionScopeRevocations.businessId, set: { revokedBefore: scope.at, expiresAt } });
}

/** Deletes revocations (single and scope-wide) whose sessions expired before `now`; returns how many. */
export async function purgeExpiredRevocations(ledger: Ledger, now: Date = new Date()): Promise<number> {
  const single = await ledger.db
    .delete(revokedSessions)
    .where(lt(revokedSessions.expiresAt, now))
    .returning({ sessionId: revokedSessions.sessionId });
  const scopes = await ledger.db
    .delete(sessionScopeRevocations)
    .where(lt(sessionScopeRevocations.expiresAt, now))
    .returning({ businessId: sessionScopeRevocations.businessId });
  return single.length + scopes.length;
}

/**
 * Revoked (signed-out) sessions. A row lives until the session's absolute
 * expiry; after that the session is dead anyway and the row can be purged.
 * Session ids are random and global, so lookups are by id alone.
 */
import { and, eq, gte, lt, sql, type AnyColumn, type SQL } from "drizzle-orm";
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
  /** When the session was signed in: epoch µs by the ledger's clock (ledgerTimeMicros). */
  issuedAtMicros: number;
}

/** A timestamp as epoch µs, computed the same way for a session's sign-in and a scope's revocation. */
const epochMicros = (timestamp: SQL | AnyColumn) =>
  sql<number>`floor(extract(epoch from ${timestamp}) * 1000000)::bigint`;

/**
 * The ledger's time now, in epoch µs. Several instances (each with its own
 * clock) share one database: its clock is the one they all read, so a sign-in
 * and a "sign out everywhere" on different instances are ordered as they
 * really happened.
 */
export async function ledgerTimeMicros(ledger: Ledger): Promise<number> {
  const [row] = await ledger.db
    .select({ micros: epochMicros(sql`now()`).mapWith(Number) })
    .from(sql`(SELECT 1) AS clock`);
  const micros = row?.micros;
  if (micros === undefined || !Number.isSafeInteger(micros))
    throw new Error("ledger: the database's clock could not be read");
  return micros;
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
        .where(
          and(
            eq(sessionScopeRevocations.businessId, session.businessId),
            gte(epochMicros(sessionScopeRevocations.revokedBefore), session.issuedAtMicros),
          ),
        ),
    )
    .limit(1);
  return row !== undefined;
}

export interface ScopeRevocation {
  businessId: string;
  /** Sessions signed in at or before this are revoked. Default: the ledger's now(), the clock sessions' sign-ins are stamped with. */
  at?: Date;
  /** When the row may go: once the last session it covers has expired, by the clock housekeeping purges with. */
  expiresAt: Date;
}

/**
 * Revokes every session of a scope signed in at or before `at` (sign out
 * everywhere). A later revocation moves the line forward, never back, and
 * keeps the row at least as long as before.
 */
export async function revokeScope(ledger: Ledger, scope: ScopeRevocation): Promise<void> {
  const revokedBefore = scope.at ?? sql`now()`;
  await ledger.db
    .insert(sessionScopeRevocations)
    .values({ businessId: scope.businessId, revokedBefore, expiresAt: scope.expiresAt })
    .onConflictDoUpdate({
      target: sessionScopeRevocations.businessId,
      set: {
        revokedBefore: sql`greatest(${sessionScopeRevocations.revokedBefore}, excluded.revoked_before)`,
        expiresAt: sql`greatest(${sessionScopeRevocations.expiresAt}, excluded.expires_at)`,
      },
    });
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

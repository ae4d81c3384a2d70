import "server-only";
import { getLedger } from "@/lib/server/ledger";
import { isSecureRequest, readCookie, sessionCookieName } from "./cookie";
import { sessionRevocations } from "./revocation-cache";
import { openSession, refreshedSessionCookie, sessionIdentity, type SessionData, type SessionProblem } from "./session";

export type Authenticated =
  | { ok: true; session: SessionData; secure: boolean; refreshCookie: () => Promise<string | null> }
  | { ok: false; problem: SessionProblem; secure: boolean };

/**
 * Reads and checks the session of a request: seal, lifetimes, and the ledger's
 * revocations (a copied cookie replayed after sign-out is refused: at once on
 * this instance, within REVOCATION_TRUST_MS on another; see revocation-cache.ts).
 */
export async function authenticate(url: string, headers: Headers, now = Date.now()): Promise<Authenticated> {
  const secure = isSecureRequest(url, headers);
  const seal = readCookie(headers, sessionCookieName(secure));
  const opened = await openSession(seal, now);
  if (!opened.ok) return { ok: false, problem: opened.problem, secure };
  const session = opened.session;
  if (await sessionRevocations.isRevoked(await getLedger(), sessionIdentity(session)))
    return { ok: false, problem: "revoked", secure };
  return {
    ok: true,
    session,
    secure,
    refreshCookie: () => refreshedSessionCookie(seal ?? "", session, secure, now),
  };
}

import "server-only";
import { getLedger } from "@/lib/server/ledger";
import { isSecureRequest, readCookie, sessionCookieName } from "./cookie";
import { resolveSession } from "./resolve";
import { sessionRevocations } from "./revocation-cache";
import { openSession, refreshedSessionCookie, sessionIdentity, type SessionData, type SessionProblem } from "./session";

export type Authenticated =
  | { ok: true; session: SessionData; secure: boolean; refreshCookie: () => Promise<string | null> }
  | { ok: false; problem: SessionProblem; secure: boolean };

/**
 * Reads and checks the session of a request: seal, lifetimes, the ledger's
 * revocations (a copied cookie replayed after sign-out is refused: at once on
 * this instance, within REVOCATION_TRUST_MS on another; see revocation-cache.ts),
 * then the person's membership as it stands now (resolve.ts): their role, and
 * whether they were deactivated, changed role or had their password or 2FA reset.
 */
export async function authenticate(url: string, headers: Headers, now = Date.now()): Promise<Authenticated> {
  const secure = isSecureRequest(url, headers);
  const seal = readCookie(headers, sessionCookieName(secure));
  const opened = await openSession(seal, now);
  if (!opened.ok) return { ok: false, problem: opened.problem, secure };
  const cookie = opened.session;
  const ledger = await getLedger();
  if (await sessionRevocations.isRevoked(ledger, sessionIdentity(cookie)))
    return { ok: false, problem: "revoked", secure };
  const resolved = await resolveSession(ledger, cookie);
  if (!resolved.ok) return { ok: false, problem: resolved.problem, secure };
  return {
    ok: true,
    session: resolved.session,
    secure,
    refreshCookie: () => refreshedSessionCookie(seal ?? "", cookie, secure, now),
  };
}

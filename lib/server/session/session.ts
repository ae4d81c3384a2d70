import "server-only";
import { randomBytes } from "node:crypto";
import { sealData, unsealData } from "iron-session";
import { z } from "zod";
import type { SessionIdentity } from "@/lib/server/ledger";
import type { Credential } from "@/lib/server/payments-api/client";
import type { Role } from "@/lib/shared/auth/roles";
import { normaliseBusinessId } from "@/lib/shared/schemas/business-id";
import type { SessionInfo } from "@/lib/shared/schemas/session";
import { getSessionConfig } from "./config";
import { serializeSessionCookie } from "./cookie";
import { OpenedCookieCache } from "./opened-cache";

/** A business id as sealed: cookies of earlier versions may hold a UUID in capitals, which is the same business. */
const sealedBusinessId = z.string().transform(normaliseBusinessId);

/**
 * What the sealed cookie holds: who signed in, to which workspace, and when.
 * No credential and no role: both are read on the server for every request
 * (lib/server/session/authenticate.ts), so a role change, a deactivation or a
 * replaced API key takes effect without the cookie.
 */
const sessionCookieSchema = z.object({
  v: z.literal(2),
  sid: z.string().min(16),
  memberId: z.string().min(1),
  businessId: sealedBusinessId,
  /** Signed in at (epoch ms, this instance's clock): the absolute lifetime counts from here. */
  iat: z.number(),
  /** Signed in at by the ledger's clock (epoch µs, ledgerTimeMicros): what "sign out everywhere" compares. */
  lat: z.number().int(),
  /** Last seen (epoch ms): the idle timeout counts from here. */
  seen: z.number(),
  /** How the person proved themself beyond the password. */
  mfa: z.enum(["totp", "none"]),
  /** The membership's epoch at sign-in: a role change, deactivation or reactivation ends the session. */
  epoch: z.number().int(),
  /** The person's auth epoch at sign-in: a password change or 2FA reset ends the session. */
  authEpoch: z.number().int(),
});
export type SessionCookie = z.infer<typeof sessionCookieSchema>;

/**
 * A signed-in person's session as the server resolved it for this request:
 * the cookie, plus their current role and workspace from the ledger and the
 * workspace's credential for that role (null when the owner has not entered
 * one yet). Never sent to the browser (toSessionInfo is).
 */
export interface SessionData extends SessionCookie {
  role: Role;
  person: { id: string; name: string; email: string };
  business: { id: string; name: string | null };
  credential: Credential | null;
  /** The workspace requires 2FA and this person has none yet: only setting it up is allowed. */
  twoFactorPending: boolean;
  totpEnabled: boolean;
  sandbox: boolean;
}

export type SessionProblem = "missing" | "invalid" | "expired" | "idle" | "revoked" | "access_changed";
export type OpenedSession = { ok: true; session: SessionCookie } | { ok: false; problem: SessionProblem };

/** Re-seal the cookie (to slide the idle timeout) at most this often, not on every request. */
export const SESSION_REFRESH_AFTER_MS = 60_000;
/**
 * Requests that still send the old cookie this soon after it was refreshed (a page's
 * parallel requests, in flight before the new cookie arrived) get the same new seal
 * instead of another one; its idle timeout counts from that refresh, at most this much earlier.
 */
export const SESSION_REFRESH_REUSE_MS = 5_000;

export function newSessionId(): string {
  return randomBytes(18).toString("base64url");
}

export function newSessionCookie(
  fields: Pick<SessionCookie, "memberId" | "businessId" | "lat" | "mfa" | "epoch" | "authEpoch">,
  now = Date.now(),
): SessionCookie {
  return { v: 2, sid: newSessionId(), iat: now, seen: now, ...fields };
}

/**
 * How far apart two instances' clocks may be: revocation rows ("sign out
 * everywhere") are kept this much longer than the sessions they cover, since a
 * session's absolute lifetime is counted on its own instance's clock.
 */
export const SESSION_CLOCK_SKEW_ALLOWANCE_MS = 60_000;

/** What the ledger's revocation check needs to know of a session. */
export function sessionIdentity(session: SessionCookie): SessionIdentity {
  return { sessionId: session.sid, businessId: session.businessId, issuedAtMicros: session.lat };
}

/** Only the cookie's own fields are sealed, whatever else a resolved session carries. */
export async function sealSession(session: SessionCookie): Promise<string> {
  const { sealPassword, absoluteLifetimeSeconds } = getSessionConfig();
  return sealData(sessionCookieSchema.parse(session), { password: sealPassword, ttl: absoluteLifetimeSeconds });
}

/** Cookies that opened recently (lib/server/session/opened-cache.ts): most requests skip iron entirely. */
const openedCookies = new OpenedCookieCache<SessionCookie>();

async function unsealSession(
  seal: string,
  passwords: Record<string, string>,
  ttlSeconds: number,
): Promise<SessionCookie | null> {
  let raw: unknown;
  try {
    raw = await unsealData<unknown>(seal, { password: passwords, ttl: ttlSeconds });
  } catch {
    return null;
  }
  // A cookie of an earlier version (an API-key session) does not parse: that person signs in again.
  const parsed = sessionCookieSchema.safeParse(raw);
  // Frozen, because one opened cookie is shared by every request that sends it.
  return parsed.success ? Object.freeze(parsed.data) : null;
}

/**
 * Opens a sealed cookie and checks its lifetimes. Anything that is not a valid,
 * current session — tampered, sealed with an unknown secret, garbage — is a
 * problem to report as 401, never an exception. The lifetimes are checked
 * against `now` on every call, whether the cookie was unsealed now or earlier.
 */
export async function openSession(seal: string | undefined, now = Date.now()): Promise<OpenedSession> {
  if (!seal) return { ok: false, problem: "missing" };
  const { passwords, absoluteLifetimeSeconds, idleTimeoutSeconds } = getSessionConfig();
  const cached = openedCookies.get(seal, passwords, now);
  const session = cached ?? (await unsealSession(seal, passwords, absoluteLifetimeSeconds));
  if (!session) return { ok: false, problem: "invalid" };
  const problem =
    now - session.iat >= absoluteLifetimeSeconds * 1000
      ? "expired"
      : now - session.seen >= idleTimeoutSeconds * 1000
        ? "idle"
        : null;
  if (problem) {
    if (cached) openedCookies.forget(seal);
    return { ok: false, problem };
  }
  if (!cached) openedCookies.set(seal, passwords, session);
  return { ok: true, session };
}

/** When this session's absolute lifetime ends. */
export function sessionExpiresAt(session: SessionCookie): Date {
  return new Date(session.iat + getSessionConfig().absoluteLifetimeSeconds * 1000);
}

/** The browser-safe view of a session: never the credential. */
export function toSessionInfo(session: SessionData): SessionInfo {
  return {
    person: session.person,
    role: session.role,
    business: session.business,
    sandbox: session.sandbox,
    twoFactor: { enabled: session.totpEnabled, pending: session.twoFactorPending },
    credentialMissing: session.credential === null,
    expiresAt: sessionExpiresAt(session).toISOString(),
    idleTimeoutSeconds: getSessionConfig().idleTimeoutSeconds,
  };
}

function remainingSeconds(session: SessionCookie, now: number): number {
  return session.iat / 1000 + getSessionConfig().absoluteLifetimeSeconds - now / 1000;
}

/** A Set-Cookie header value carrying this session, expiring with its absolute lifetime. */
export async function sessionSetCookie(session: SessionCookie, secure: boolean, now = Date.now()): Promise<string> {
  return serializeSessionCookie(await sealSession(session), secure, remainingSeconds(session, now));
}

/**
 * The Set-Cookie that slides the idle timeout of `session` (opened from `seal`),
 * or null while the cookie is fresh enough (SESSION_REFRESH_AFTER_MS).
 */
export async function refreshedSessionCookie(
  seal: string,
  session: SessionCookie,
  secure: boolean,
  now = Date.now(),
): Promise<string | null> {
  if (now - session.seen < SESSION_REFRESH_AFTER_MS) return null;
  let refreshed = openedCookies.refreshedSeal(seal, now, SESSION_REFRESH_REUSE_MS);
  if (!refreshed) {
    refreshed = await sealSession({ ...sessionCookieSchema.parse(session), seen: now });
    openedCookies.rememberRefresh(seal, refreshed, now);
  }
  return serializeSessionCookie(refreshed, secure, remainingSeconds(session, now));
}

import "server-only";
import { randomBytes } from "node:crypto";
import { sealData, unsealData } from "iron-session";
import { z } from "zod";
import type { SessionIdentity } from "@/lib/server/ledger";
import type { Role } from "@/lib/shared/auth/roles";
import { normaliseBusinessId } from "@/lib/shared/schemas/business-id";
import type { SessionInfo } from "@/lib/shared/schemas/session";
import { getSessionConfig } from "./config";
import { serializeSessionCookie } from "./cookie";
import { OpenedCookieCache } from "./opened-cache";
import { isKeyScope } from "./scope";

/** A business id as sealed: cookies of earlier versions may hold a UUID in capitals, which is the same business. */
const sealedBusinessId = z.string().transform(normaliseBusinessId);

/** What the sealed cookie holds. Only the server can read it. */
const sessionDataSchema = z.object({
  v: z.literal(1),
  sid: z.string().min(16),
  role: z.enum(["operator", "viewer"]),
  operatorName: z.string(),
  business: z.object({ id: sealedBusinessId, name: z.string().nullable() }),
  credential: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("api_key"), apiKey: z.string() }),
    z.object({ kind: z.literal("bearer"), accessToken: z.string(), businessId: sealedBusinessId }),
  ]),
  sandbox: z.boolean(),
  /** Signed in at (epoch ms, this instance's clock): the absolute lifetime counts from here. */
  iat: z.number(),
  /**
   * Signed in at by the ledger's clock (epoch µs, ledgerTimeMicros): what "sign out
   * everywhere" compares, on the one clock every instance shares. Absent in cookies
   * sealed before it existed.
   */
  lat: z.number().int().optional(),
  /** Last seen (epoch ms): the idle timeout counts from here. */
  seen: z.number(),
});
export type SessionData = z.infer<typeof sessionDataSchema>;

export type SessionProblem = "missing" | "invalid" | "expired" | "idle" | "revoked";
export type OpenedSession = { ok: true; session: SessionData } | { ok: false; problem: SessionProblem };

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

export function newSession(
  fields: {
    role: Role;
    operatorName: string;
    business: SessionData["business"];
    credential: SessionData["credential"];
    sandbox: boolean;
    lat?: number;
  },
  now = Date.now(),
): SessionData {
  return { v: 1, sid: newSessionId(), iat: now, seen: now, ...fields };
}

/**
 * How far apart two instances' clocks may be. A cookie without the ledger's
 * sign-in time (sealed by an earlier version) compares its own instance's time
 * with "sign out everywhere", so it counts as signed in this much earlier: a
 * skewed clock can then only revoke too much (sign in again), never keep a
 * session that was signed in before the revocation. Revocation rows are kept
 * this much longer than the sessions they cover, for the same reason.
 */
export const SESSION_CLOCK_SKEW_ALLOWANCE_MS = 60_000;

/** What the ledger's revocation check needs to know of a session. */
export function sessionIdentity(session: SessionData): SessionIdentity {
  const issuedAtMicros = session.lat ?? (session.iat - SESSION_CLOCK_SKEW_ALLOWANCE_MS) * 1000;
  return { sessionId: session.sid, businessId: session.business.id, issuedAtMicros };
}

export async function sealSession(session: SessionData): Promise<string> {
  const { sealPassword, absoluteLifetimeSeconds } = getSessionConfig();
  return sealData(session, { password: sealPassword, ttl: absoluteLifetimeSeconds });
}

/** Cookies that opened recently (lib/server/session/opened-cache.ts): most requests skip iron entirely. */
const openedCookies = new OpenedCookieCache<SessionData>();

/** Frozen, because one opened session is shared by every request that sends the same cookie. */
function frozen(session: SessionData): SessionData {
  Object.freeze(session.business);
  Object.freeze(session.credential);
  return Object.freeze(session);
}

async function unsealSession(
  seal: string,
  passwords: Record<string, string>,
  ttlSeconds: number,
): Promise<SessionData | null> {
  let raw: unknown;
  try {
    raw = await unsealData<unknown>(seal, { password: passwords, ttl: ttlSeconds });
  } catch {
    return null;
  }
  const parsed = sessionDataSchema.safeParse(raw);
  return parsed.success ? frozen(parsed.data) : null;
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
export function sessionExpiresAt(session: SessionData): Date {
  return new Date(session.iat + getSessionConfig().absoluteLifetimeSeconds * 1000);
}

/** The browser-safe view of a session: never the credential. */
export function toSessionInfo(session: SessionData): SessionInfo {
  return {
    operatorName: session.operatorName,
    role: session.role,
    // A key-derived scope id is a fingerprint of the key: it stays on the server.
    business: { id: isKeyScope(session.business.id) ? null : session.business.id, name: session.business.name },
    sandbox: session.sandbox,
    expiresAt: sessionExpiresAt(session).toISOString(),
    idleTimeoutSeconds: getSessionConfig().idleTimeoutSeconds,
  };
}

function remainingSeconds(session: SessionData, now: number): number {
  return session.iat / 1000 + getSessionConfig().absoluteLifetimeSeconds - now / 1000;
}

/** A Set-Cookie header value carrying this session, expiring with its absolute lifetime. */
export async function sessionSetCookie(session: SessionData, secure: boolean, now = Date.now()): Promise<string> {
  return serializeSessionCookie(await sealSession(session), secure, remainingSeconds(session, now));
}

/**
 * The Set-Cookie that slides the idle timeout of `session` (opened from `seal`),
 * or null while the cookie is fresh enough (SESSION_REFRESH_AFTER_MS).
 */
export async function refreshedSessionCookie(
  seal: string,
  session: SessionData,
  secure: boolean,
  now = Date.now(),
): Promise<string | null> {
  if (now - session.seen < SESSION_REFRESH_AFTER_MS) return null;
  let refreshed = openedCookies.refreshedSeal(seal, now, SESSION_REFRESH_REUSE_MS);
  if (!refreshed) {
    refreshed = await sealSession({ ...session, seen: now });
    openedCookies.rememberRefresh(seal, refreshed, now);
  }
  return serializeSessionCookie(refreshed, secure, remainingSeconds(session, now));
}

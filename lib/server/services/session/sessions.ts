import "server-only";
import { createHash } from "node:crypto";
import {
  appendAudit,
  ledgerTimeMicros,
  recordSecurityEvent,
  revokeScope,
  revokeSession,
  type Ledger,
} from "@/lib/server/ledger";
import { isSandboxMode } from "@/lib/server/payments-api/config-public";
import type { Credential } from "@/lib/server/payments-api/client";
import { log } from "@/lib/server/log";
import type { SessionInfo, SignInBody } from "@/lib/shared/schemas/session";
import { getSessionConfig } from "@/lib/server/session/config";
import { sessionRevocations } from "@/lib/server/session/revocation-cache";
import {
  newSession,
  SESSION_CLOCK_SKEW_ALLOWANCE_MS,
  sessionExpiresAt,
  toSessionInfo,
  type SessionData,
} from "@/lib/server/session/session";
import { BffError } from "@/lib/server/errors/bff-error";
import { businessForApiKey, businessForViewer, type BusinessRef } from "@/lib/server/services/session/business";
import type { Answer } from "@/lib/server/services/context";
import { beginSignIn, throttledError } from "@/lib/server/services/session/sign-in-throttle";
import { verifyCredential } from "@/lib/server/services/credential-check";

/** Where a sign-in came from, for the throttle and the security log. */
export interface ClientAddress {
  address: string;
  /** "proxy": set by a proxy TRUST_PROXY vouches for; "unverified": whatever reached the app, which a client can forge. */
  source: "proxy" | "unverified";
}

/** A new session, the payments API's request id of the check that let it in, and the instant it began. */
export interface SignedIn {
  session: SessionData;
  requestId: string | null;
  at: number;
}

/** SHA-256 of what was presented, in hex: groups attempts with one credential without keeping it. */
function credentialFingerprint(credential: Credential): string {
  const secret =
    credential.kind === "api_key"
      ? `api_key:${credential.apiKey}`
      : `bearer:${credential.businessId}:${credential.accessToken}`;
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/**
 * Sign-in: throttle (before anything reaches the API), tenant scope (before the
 * key is tried), then the API's own check. Failures go to the security log,
 * never to a business's audit log: the caller has proven nothing yet.
 */
export async function signIn(
  ledger: Ledger,
  body: SignInBody,
  from: ClientAddress,
  now = Date.now(),
): Promise<SignedIn> {
  const viewer = "accessToken" in body;
  const credential: Credential = viewer
    ? { kind: "bearer", accessToken: body.accessToken, businessId: body.businessId }
    : { kind: "api_key", apiKey: body.apiKey };
  const fingerprint = credentialFingerprint(credential);
  const securityEvent = async (
    kind: "sign_in_failed" | "sign_in_throttled",
    reason: string,
    requestId: string | null,
  ) => {
    const event = {
      kind,
      reason,
      clientAddress: from.address,
      addressSource: from.source,
      credentialFingerprint: fingerprint.slice(0, 16),
      credentialKind: credential.kind,
      requestId,
    };
    // Stamped with the request's clock, not the database's: retention is counted on the same clock as the purge.
    await recordSecurityEvent(ledger, { ...event, at: new Date(now) });
    // Also a log line, so an attack shows in the server's logs without a database query.
    log.warn(`security.${kind}`, event);
  };

  const begun = await beginSignIn(ledger, { address: from.address, credential: fingerprint.slice(0, 32) });
  if (!begun.ok) {
    if (begun.throttled.firstRefusal)
      await securityEvent("sign_in_throttled", `${begun.throttled.budget}_budget`, null);
    throw throttledError(begun.throttled, now);
  }

  let business: BusinessRef;
  let requestId: string | null;
  try {
    business = viewer ? await businessForViewer(body.businessId) : await businessForApiKey(body.apiKey);
    requestId = await verifyCredential(credential);
  } catch (error) {
    if (error instanceof BffError) await securityEvent("sign_in_failed", error.code, error.extra.requestId ?? null);
    throw error;
  }
  await begun.attempt.succeeded();

  const role = viewer ? "viewer" : "operator";
  // Stamped by the ledger's clock, which "sign out everywhere" on any instance uses too; `now` (this instance's) only times the lifetimes.
  const lat = await ledgerTimeMicros(ledger);
  const session = newSession(
    { role, operatorName: body.operatorName, business, credential, sandbox: isSandboxMode(), lat },
    now,
  );
  await appendAudit(ledger, {
    businessId: business.id,
    actor: { name: body.operatorName, role },
    action: "session.sign_in",
    outcome: "success",
    requestId,
    targetType: "session",
    targetId: session.sid,
  });
  return { session, requestId, at: now };
}

/** Records a session's own sign-out (one or everywhere). */
async function signedOut(
  ledger: Ledger,
  session: SessionData,
  action: "session.sign_out" | "session.sign_out_everywhere",
): Promise<void> {
  await appendAudit(ledger, {
    businessId: session.business.id,
    actor: { name: session.operatorName, role: session.role },
    action,
    outcome: "success",
    targetType: "session",
    targetId: session.sid,
  });
}

/** Sign out: this session is revoked on the server, on every instance. */
export async function signOut(ledger: Ledger, session: SessionData): Promise<void> {
  await revokeSession(ledger, {
    sessionId: session.sid,
    businessId: session.business.id,
    expiresAt: sessionExpiresAt(session),
  });
  // After the ledger write, so that no check on this instance can store "not revoked" once this returns.
  sessionRevocations.forgetSession(session.sid);
  await signedOut(ledger, session, "session.sign_out");
}

/**
 * Sign out everywhere: every session of this business scope signed in until
 * now — on any instance, this one included — is refused from the next request.
 * "Until now" is the ledger's now(), the clock sign-ins are stamped with, so
 * instances whose clocks differ agree on which sessions came before. The row is
 * kept, by this instance's clock (the one housekeeping purges with), until every
 * such session has expired, plus the clock-skew allowance.
 */
export async function signOutEverywhere(ledger: Ledger, session: SessionData, now = Date.now()): Promise<void> {
  const keepMs = getSessionConfig().absoluteLifetimeSeconds * 1000 + SESSION_CLOCK_SKEW_ALLOWANCE_MS;
  await revokeScope(ledger, { businessId: session.business.id, expiresAt: new Date(now + keepMs) });
  sessionRevocations.forgetScope(session.business.id);
  await signedOut(ledger, session, "session.sign_out_everywhere");
}

/** Who is signed in (never the credential). */
export function currentSession(session: SessionData): Answer<SessionInfo> {
  return { data: toSessionInfo(session) };
}

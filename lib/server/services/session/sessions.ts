import "server-only";
import type { ClientAddress } from "./client-address";
import {
  appendAudit,
  getMemberAccess,
  ledgerTimeMicros,
  revokeScope,
  revokeSession,
  type Ledger,
} from "@/lib/server/ledger";
import { serverNow } from "@/lib/server/clock";
import { tenancySettings } from "@/lib/server/config";
import type { PersonSignIn, SecondFactorBody, SessionInfo } from "@/lib/shared/schemas/session";
import { getSessionConfig } from "@/lib/server/session/config";
import { resolveSession } from "@/lib/server/session/resolve";
import { sessionRevocations } from "@/lib/server/session/revocation-cache";
import {
  newSessionCookie,
  SESSION_CLOCK_SKEW_ALLOWANCE_MS,
  sessionExpiresAt,
  toSessionInfo,
  type SessionCookie,
  type SessionData,
} from "@/lib/server/session/session";
import { BffError } from "@/lib/server/errors/bff-error";
import { actorOf, type Answer } from "@/lib/server/services/context";
import {
  activeWorkspaces,
  invalidLogin,
  verifyPasswordStep,
  type PersonWorkspace,
  type SignedInPerson,
} from "@/lib/server/services/session/person-sign-in";
import { verifySecondFactor } from "@/lib/server/services/session/person-second-factor";
import {
  emailFingerprint,
  recordPersonSignInEvent,
  type PersonCredentialKind,
} from "@/lib/server/services/session/person-sign-in-events";
import { ensureSandboxWorkspaces } from "@/lib/server/services/workspace/sandbox-people";

export type { ClientAddress } from "./client-address";

/** A new session (resolved, for the reply) and its cookie, and the instant it began. */
export interface SignedIn {
  session: SessionData;
  cookie: SessionCookie;
  at: number;
}

/** The password step's outcome: signed in, or a second factor to give. */
export type SignInStepResult =
  { next: "done"; signed: SignedIn } | { next: "totp"; challenge: string; expiresAt: Date };

/**
 * The workspace a sign-in opens: the one asked for when the person is an
 * active member of it, else the first by name. A deployment pinned to one
 * business (PAYMENTS_BUSINESS_ID) opens that business's workspace only: a
 * person with no membership there is not let in (the same answer as a wrong password).
 */
function chooseWorkspace(workspaces: readonly PersonWorkspace[], wanted: string | undefined): PersonWorkspace {
  const pinned = tenancySettings().businessId;
  const allowed = pinned ? workspaces.filter((w) => w.businessId === pinned) : workspaces;
  const chosen = allowed.find((w) => w.businessId === wanted) ?? allowed[0];
  if (!chosen) throw invalidLogin();
  return chosen;
}

/** Opens a session for a person who proved who they are, in one of their workspaces, and records it. */
export async function openPersonSession(
  ledger: Ledger,
  person: SignedInPerson,
  workspace: PersonWorkspace,
  now: number,
): Promise<SignedIn> {
  const access = await getMemberAccess(ledger, { businessId: workspace.businessId, memberId: person.id });
  if (!access || access.status !== "active") throw invalidLogin();
  // Stamped by the ledger's clock, which "sign out everywhere" on any instance uses too; `now` (this instance's) only times the lifetimes.
  const lat = await ledgerTimeMicros(ledger);
  const cookie = newSessionCookie(
    {
      memberId: person.id,
      businessId: workspace.businessId,
      lat,
      mfa: person.mfa,
      epoch: access.epoch,
      authEpoch: access.authEpoch,
    },
    now,
  );
  const resolved = await resolveSession(ledger, cookie);
  // Only a change made between the two reads above can refuse it: the person starts again.
  if (!resolved.ok) throw invalidLogin();
  await appendAudit(ledger, {
    businessId: workspace.businessId,
    actor: actorOf(resolved.session),
    action: "session.sign_in",
    outcome: "success",
    targetType: "session",
    targetId: cookie.sid,
  });
  return { session: resolved.session, cookie, at: now };
}

/**
 * A person's sign-in, step one: e-mail and password (throttled, one answer for
 * every failure, lib/server/services/session/person-sign-in.ts). A person with
 * 2FA gets a challenge for step two; anyone else is signed in (a workspace that
 * requires 2FA then allows only setting it up: SessionData.twoFactorPending).
 */
export async function signIn(
  ledger: Ledger,
  body: PersonSignIn,
  from: ClientAddress,
  now = Date.now(),
): Promise<SignInStepResult> {
  // Sandbox mode: the demo people exist before anyone tries them (a no-op once done, and outside the sandbox).
  await ensureSandboxWorkspaces(ledger).catch(() => undefined);
  const step = await verifyPasswordStep(
    { ledger, clock: { now: () => now } },
    { email: body.email, password: body.password, from },
  );
  if (step.next === "totp") return step;
  const workspace = chooseWorkspace(step.workspaces, body.businessId);
  const signed = await openPersonSession(ledger, step.member, workspace, now);
  await signedInEvent(ledger, {
    memberId: step.member.id,
    email: step.member.email,
    businessId: workspace.businessId,
    credentialKind: "password",
    from,
    now,
  });
  return { next: "done", signed };
}

/** A person's finished sign-in, in their security history (with the factor that finished it). */
function signedInEvent(
  ledger: Ledger,
  event: {
    memberId: string;
    email: string;
    businessId: string;
    credentialKind: PersonCredentialKind;
    from: ClientAddress;
    now: number;
  },
): Promise<void> {
  return recordPersonSignInEvent(ledger, {
    kind: "sign_in_succeeded",
    reason: "signed_in",
    from: event.from,
    fingerprint: emailFingerprint(event.email),
    credentialKind: event.credentialKind,
    memberId: event.memberId,
    businessId: event.businessId,
    at: event.now,
  });
}

/** A person's sign-in, step two: the challenge and a TOTP or recovery code (checked on the injected clock, as codes are made). */
export async function signInSecondFactor(
  ledger: Ledger,
  body: SecondFactorBody,
  from: ClientAddress,
  now = serverNow.now(),
): Promise<SignedIn> {
  const input = "code" in body ? { code: body.code } : { recoveryCode: body.recoveryCode };
  const result = await verifySecondFactor(
    { ledger, clock: { now: () => now } },
    { challenge: body.challenge, from, ...input },
  );
  const workspace = chooseWorkspace(result.workspaces, body.businessId);
  const signed = await openPersonSession(ledger, { ...result.member, mfa: "totp" }, workspace, now);
  const { id: memberId, email } = result.member;
  await signedInEvent(ledger, {
    memberId,
    email,
    businessId: workspace.businessId,
    credentialKind: result.factor,
    from,
    now,
  });
  return signed;
}

/**
 * Another of the person's workspaces, in the same session (its id and
 * lifetimes are kept: switching never extends a session). Not a member there
 * (or no longer): a 404, as for any resource of another workspace.
 */
export async function switchWorkspace(
  ledger: Ledger,
  session: SessionData,
  businessId: string,
  now = Date.now(),
): Promise<SignedIn> {
  const workspaces = await activeWorkspaces(ledger, session.memberId);
  const pinned = tenancySettings().businessId;
  const target = workspaces.find((w) => w.businessId === businessId && (!pinned || pinned === businessId));
  const access = target ? await getMemberAccess(ledger, { businessId, memberId: session.memberId }) : null;
  if (!target || !access || access.status !== "active")
    throw new BffError("not_found", "You are not a member of this workspace.");
  const cookie: SessionCookie = {
    v: 2,
    sid: session.sid,
    memberId: session.memberId,
    businessId,
    iat: session.iat,
    lat: session.lat,
    seen: session.seen,
    mfa: session.mfa,
    epoch: access.epoch,
    authEpoch: access.authEpoch,
  };
  const resolved = await resolveSession(ledger, cookie);
  if (!resolved.ok) throw new BffError("not_found", "You are not a member of this workspace.");
  await appendAudit(ledger, {
    businessId,
    actor: actorOf(resolved.session),
    action: "session.sign_in",
    outcome: "success",
    targetType: "session",
    targetId: cookie.sid,
  });
  return { session: resolved.session, cookie, at: now };
}

/**
 * This session again, with the person's auth epoch as it is now: after a change of their own password or 2FA
 * bumped it (ending every other session of theirs), the session that made the change stays signed in. Its id
 * and lifetimes are kept (a re-issue never extends a session); its `seen` is now.
 */
export async function reissueSession(ledger: Ledger, session: SessionData, now = Date.now()): Promise<SignedIn> {
  const access = await getMemberAccess(ledger, { businessId: session.businessId, memberId: session.memberId });
  if (!access || access.status !== "active")
    throw new BffError("unauthenticated", "Sign in to continue.", { details: { reason: "access_changed" } });
  const cookie: SessionCookie = {
    v: 2,
    sid: session.sid,
    memberId: session.memberId,
    businessId: session.businessId,
    iat: session.iat,
    lat: session.lat,
    seen: Math.max(session.seen, now),
    mfa: session.mfa,
    epoch: access.epoch,
    authEpoch: access.authEpoch,
  };
  const resolved = await resolveSession(ledger, cookie);
  if (!resolved.ok)
    throw new BffError("unauthenticated", "Sign in to continue.", { details: { reason: "access_changed" } });
  return { session: resolved.session, cookie, at: now };
}

/** The workspaces the signed-in person may switch to. */
export async function myWorkspaces(ledger: Ledger, session: SessionData): Promise<Answer<PersonWorkspace[]>> {
  const pinned = tenancySettings().businessId;
  const workspaces = await activeWorkspaces(ledger, session.memberId);
  return { data: pinned ? workspaces.filter((w) => w.businessId === pinned) : workspaces };
}

/** Records a session's own sign-out (one or everywhere). */
async function signedOut(
  ledger: Ledger,
  session: SessionData,
  action: "session.sign_out" | "session.sign_out_everywhere",
): Promise<void> {
  await appendAudit(ledger, {
    businessId: session.business.id,
    actor: actorOf(session),
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

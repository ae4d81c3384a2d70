import "server-only";
import type { SignedIn, SignInStepResult } from "@/lib/server/services/session/sessions";
import { serializeClearedSessionCookie } from "@/lib/server/session/cookie";
import { sessionSetCookie, toSessionInfo } from "@/lib/server/session/session";
import type { SignInStep } from "@/lib/shared/schemas/session";
import type { HandlerResult } from "./handler";

/** The reply to a finished sign-in (or a workspace switch): who is signed in, and the session's cookie. */
export async function signedInReply(signed: SignedIn, secure: boolean): Promise<HandlerResult> {
  const data: SignInStep = { next: "done", session: toSessionInfo(signed.session) };
  return { data, cookies: [await sessionSetCookie(signed.cookie, secure, signed.at)] };
}

/** The reply to the password step: signed in, or the challenge for the second factor (no cookie yet). */
export async function signInStepReply(step: SignInStepResult, secure: boolean): Promise<HandlerResult> {
  if (step.next === "done") return signedInReply(step.signed, secure);
  const data: SignInStep = { next: "totp", challenge: step.challenge, expiresAt: step.expiresAt.toISOString() };
  return { data };
}

/** The reply to a sign-out: the session's cookie cleared. */
export function signedOutReply(secure: boolean): HandlerResult {
  return { data: { signedOut: true }, cookies: [serializeClearedSessionCookie(secure)] };
}

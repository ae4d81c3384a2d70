import "server-only";
import type { SignedIn } from "@/lib/server/services/session/sessions";
import { serializeClearedSessionCookie } from "@/lib/server/session/cookie";
import { sessionSetCookie, toSessionInfo } from "@/lib/server/session/session";
import type { HandlerResult } from "./handler";

/** The reply to a sign-in: who is signed in, and the session's cookie. */
export async function signedInReply(signed: SignedIn, secure: boolean): Promise<HandlerResult> {
  return {
    data: toSessionInfo(signed.session),
    requestId: signed.requestId,
    cookies: [await sessionSetCookie(signed.session, secure, signed.at)],
  };
}

/** The reply to a sign-out: the session's cookie cleared. */
export function signedOutReply(secure: boolean): HandlerResult {
  return { data: { signedOut: true }, cookies: [serializeClearedSessionCookie(secure)] };
}

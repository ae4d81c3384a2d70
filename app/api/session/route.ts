import { clientAddress } from "@/lib/server/http/client-address";
import { withPublic, withSession } from "@/lib/server/http/handler";
import { signedOutReply, signInStepReply } from "@/lib/server/http/session-reply";
import { currentSession, signIn, signOut } from "@/lib/server/services/session/sessions";
import { personSignInSchema } from "@/lib/shared/schemas/session";

// POST /api/session – a person's sign-in, step one (e-mail and password): throttled, one answer for every failure
export const POST = withPublic({ body: personSignInSchema }, async ({ body, ledger, secure, request }) =>
  signInStepReply(await signIn(ledger, body, clientAddress(request.headers)), secure),
);

// GET /api/session – who is signed in (never the credential)
export const GET = withSession({ permission: "any" }, async ({ session }) => currentSession(session));

// DELETE /api/session – sign out, revoking the session on the server
export const DELETE = withSession({ permission: "any" }, async ({ ledger, session, secure }) => {
  await signOut(ledger, session);
  return signedOutReply(secure);
});

import { withPublic, withSession } from "@/lib/server/http/handler";
import { currentSession, signIn, signOut } from "@/lib/server/services/session-service";
import { signInBodySchema } from "@/lib/shared/schemas/session";

// POST /api/session – sign in (operator: API key; viewer: access token + business id): throttled, scoped, checked against the API
export const POST = withPublic({ body: signInBodySchema }, ({ body, ledger, secure, request }) => signIn(ledger, body, secure, request.headers));

// GET /api/session – who is signed in (never the credential)
export const GET = withSession({ permission: "any" }, ({ session }) => currentSession(session));

// DELETE /api/session – sign out, revoking the session on the server
export const DELETE = withSession({ permission: "any" }, ({ ledger, session, secure }) => signOut(ledger, session, secure));

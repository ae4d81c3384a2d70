import { clientAddress } from "@/lib/server/http/client-address";
import { withPublic } from "@/lib/server/http/handler";
import { signedInReply } from "@/lib/server/http/session-reply";
import { setUpWorkspace } from "@/lib/server/services/workspace/setup";
import { setupBodySchema } from "@/lib/shared/schemas/workspace-setup";

// POST /api/setup – first run: the one-time setup link's holder becomes the workspace's owner, and is signed in
export const POST = withPublic({ body: setupBodySchema }, async ({ body, ledger, secure, request }) =>
  signedInReply(await setUpWorkspace(ledger, body, clientAddress(request.headers)), secure),
);

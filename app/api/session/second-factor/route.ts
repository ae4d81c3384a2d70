import { clientAddress } from "@/lib/server/http/client-address";
import { withPublic } from "@/lib/server/http/handler";
import { signedInReply } from "@/lib/server/http/session-reply";
import { signInSecondFactor } from "@/lib/server/services/session/sessions";
import { secondFactorSchema } from "@/lib/shared/schemas/session";

// POST /api/session/second-factor – a person's sign-in, step two: the challenge and a TOTP or recovery code
export const POST = withPublic({ body: secondFactorSchema }, async ({ body, ledger, secure, request }) =>
  signedInReply(await signInSecondFactor(ledger, body, clientAddress(request.headers)), secure),
);

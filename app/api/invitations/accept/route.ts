import { z } from "zod/mini";
import { clientAddress } from "@/lib/server/http/client-address";
import { withPublic } from "@/lib/server/http/handler";
import { signedInReply } from "@/lib/server/http/session-reply";
import { acceptInvitationWith, previewInvitation } from "@/lib/server/services/members/accept";
import {
  acceptInvitationBodySchema,
  invitationTokenSchema,
  type InvitationAccepted,
} from "@/lib/shared/schemas/members";

// GET /api/invitations/accept?token=… – the invitation's workspace, role and e-mail (the link is the capability)
export const GET = withPublic({ query: z.object({ token: invitationTokenSchema }) }, ({ ledger, query }) =>
  previewInvitation(ledger, query.token),
);

// POST /api/invitations/accept – accept with a new account or the invited e-mail's one; signs the person in
export const POST = withPublic({ body: acceptInvitationBodySchema }, async ({ ledger, body, request, secure }) => {
  const accepted = await acceptInvitationWith(ledger, body, clientAddress(request.headers));
  if (accepted.next === "done") return signedInReply(accepted.signed, secure);
  const data: InvitationAccepted = { next: "sign_in", email: accepted.email };
  return { data };
});

import { withSession } from "@/lib/server/http/handler";
import { signedOutReply } from "@/lib/server/http/session-reply";
import { signOutEverywhere } from "@/lib/server/services/session/sessions";

// DELETE /api/sessions – sign out everywhere: revoke every session of this business scope, this one included
export const DELETE = withSession({ permission: "sessions.revoke_all" }, async ({ ledger, session, secure }) => {
  await signOutEverywhere(ledger, session);
  return signedOutReply(secure);
});

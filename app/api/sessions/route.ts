import { withSession } from "@/lib/server/http/handler";
import { signOutEverywhere } from "@/lib/server/services/session-service";

// DELETE /api/sessions – sign out everywhere: revoke every session of this business scope, this one included
export const DELETE = withSession({ permission: "sessions.revoke_all" }, ({ ledger, session, secure }) => signOutEverywhere(ledger, session, secure));

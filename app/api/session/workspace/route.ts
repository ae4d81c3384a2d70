import { withSession } from "@/lib/server/http/handler";
import { signedInReply } from "@/lib/server/http/session-reply";
import { myWorkspaces, switchWorkspace } from "@/lib/server/services/session/sessions";
import { workspaceSwitchSchema } from "@/lib/shared/schemas/session";

// GET /api/session/workspace – the workspaces the signed-in person may switch to
export const GET = withSession({ permission: "any" }, ({ ledger, session }) => myWorkspaces(ledger, session));

// PUT /api/session/workspace – switch to another of the person's workspaces (same session, same lifetimes)
export const PUT = withSession(
  { permission: "any", body: workspaceSwitchSchema },
  async ({ ledger, session, body, secure }) =>
    signedInReply(await switchWorkspace(ledger, session, body.businessId), secure),
);

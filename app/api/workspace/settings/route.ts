import { withSession } from "@/lib/server/http/handler";
import { READ_PERMISSIONS } from "@/lib/server/services/read-permissions";
import { changeWorkspaceSettings, workspaceSettings } from "@/lib/server/services/workspace/settings";
import { workspaceSettingsBodySchema } from "@/lib/shared/schemas/workspace-setup";

// GET /api/workspace/settings – the workspace's name and whether it requires two-step verification
export const GET = withSession({ permission: READ_PERMISSIONS.workspaceSettings }, (deps) => workspaceSettings(deps));

// PATCH /api/workspace/settings – { require2fa }: require two-step verification of everyone (or stop)
export const PATCH = withSession({ permission: "workspace.settings", body: workspaceSettingsBodySchema }, (ctx) =>
  changeWorkspaceSettings(ctx, ctx.body),
);

import { withSession } from "@/lib/server/http/handler";
import { READ_PERMISSIONS } from "@/lib/server/services/read-permissions";
import { replaceWorkspaceCredential, workspaceCredentials } from "@/lib/server/services/workspace/settings";
import { storeWorkspaceCredentialSchema } from "@/lib/shared/schemas/workspace-credential";

// GET /api/workspace/credentials – the workspace's API key and access token: fingerprint, last 4, stored when and by whom
export const GET = withSession({ permission: READ_PERMISSIONS.workspaceCredentials }, (deps) =>
  workspaceCredentials(deps),
);

// PUT /api/workspace/credentials – replace one, checked with the API first; nobody is signed out
export const PUT = withSession({ permission: "credentials.manage", body: storeWorkspaceCredentialSchema }, (ctx) =>
  replaceWorkspaceCredential(ctx, ctx.body),
);

import "server-only";
import { appendAudit, getWorkspace, getWorkspaceCredential, setWorkspaceRequire2fa } from "@/lib/server/ledger";
import { BffError } from "@/lib/server/errors/bff-error";
import { isProvisionedByEnvironment } from "@/lib/server/security/credential-vault";
import { forgetWorkspaceAccess } from "@/lib/server/session/resolve";
import type { Answer, ServiceDeps } from "@/lib/server/services/context";
import { storeWorkspaceCredential } from "@/lib/server/services/workspace/credentials";
import type { StoreWorkspaceCredentialBody, WorkspaceCredentialKind } from "@/lib/shared/schemas/workspace-credential";
import type {
  CredentialView,
  WorkspaceCredentialsView,
  WorkspaceSettings,
  WorkspaceSettingsBody,
} from "@/lib/shared/schemas/workspace-setup";

/**
 * The workspace's settings page (owner and admin) and its credentials (owner): what is shown of a credential is
 * its fingerprint, last 4, and who stored it when; never the credential.
 */

type Deps = Pick<ServiceDeps, "ledger" | "businessId" | "actor">;

export async function workspaceSettings({ ledger, businessId }: Deps): Promise<Answer<WorkspaceSettings>> {
  const workspace = await getWorkspace(ledger, businessId);
  if (!workspace) throw new BffError("not_found", "This workspace does not exist.");
  return {
    data: { business: { id: workspace.businessId, name: workspace.name }, require2fa: workspace.require2fa },
  };
}

/**
 * Requires (or stops requiring) 2FA of everyone in the workspace. From the next request, a person without 2FA
 * may only set it up (withSession answers 403 two_factor_required), on this instance at once and on the others
 * within the access cache's second. Only someone who has 2FA may require it.
 */
export async function changeWorkspaceSettings(
  deps: Deps & Pick<ServiceDeps, "session">,
  body: WorkspaceSettingsBody,
): Promise<Answer<WorkspaceSettings>> {
  const { ledger, businessId, actor } = deps;
  // Requiring it without having it would leave the one who asked unable to do anything but set it up.
  if (body.require2fa && !deps.session.totpEnabled)
    throw new BffError("validation_error", "Set up your own two-step verification before requiring it of everyone.", {
      fields: { require2fa: "fieldErrors.require2faSelfFirst" },
    });
  const change = await setWorkspaceRequire2fa(ledger, businessId, body.require2fa);
  if (!change) throw new BffError("not_found", "This workspace does not exist.");
  if (change.before !== change.after) {
    await appendAudit(ledger, {
      businessId,
      actor,
      action: "workspace.settings_changed",
      outcome: "success",
      targetType: "workspace",
      targetId: businessId,
      before: { require2fa: change.before },
      after: { require2fa: change.after },
    });
    forgetWorkspaceAccess(businessId);
  }
  return workspaceSettings(deps);
}

async function credentialView({ ledger, businessId }: Deps, kind: WorkspaceCredentialKind): Promise<CredentialView> {
  const none = { kind, fingerprint: null, last4: null, stored_at: null, stored_by: null };
  if (isProvisionedByEnvironment(businessId, kind)) return { ...none, source: "environment" };
  const stored = await getWorkspaceCredential(ledger, businessId, kind);
  if (!stored) return { ...none, source: "none" };
  return {
    kind,
    source: "vault",
    fingerprint: stored.fingerprint,
    last4: stored.last4,
    stored_at: stored.createdAt.toISOString(),
    stored_by: stored.createdByName,
  };
}

/** The workspace's API key and access token, as far as they may be shown. */
export async function workspaceCredentials(deps: Deps): Promise<Answer<WorkspaceCredentialsView>> {
  return { data: { api_key: await credentialView(deps, "api_key"), bearer: await credentialView(deps, "bearer") } };
}

/**
 * Replaces one of the workspace's credentials: checked with the API first (a refusal stores nothing), recorded
 * in the audit log by fingerprint, and used by this instance from the next request. Nobody is signed out.
 */
export async function replaceWorkspaceCredential(
  deps: Deps,
  body: StoreWorkspaceCredentialBody,
): Promise<Answer<WorkspaceCredentialsView>> {
  const stored = await storeWorkspaceCredential(deps, body);
  forgetWorkspaceAccess(deps.businessId);
  await appendAudit(deps.ledger, {
    businessId: deps.businessId,
    actor: deps.actor,
    action: "workspace.credential_stored",
    outcome: "success",
    targetType: "workspace_credential",
    targetId: body.kind,
    after: { kind: body.kind, fingerprint: stored.data.fingerprint, last4: stored.data.last4 },
    requestId: stored.requestId ?? null,
  });
  const view = await workspaceCredentials(deps);
  return { ...view, requestId: stored.requestId ?? null };
}

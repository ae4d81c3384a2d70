import "server-only";
import type { Ledger } from "@/lib/server/ledger";
import type { Credential } from "@/lib/server/payments-api/client";
import { normaliseBusinessId } from "@/lib/shared/schemas/business-id";
import type { WorkspaceCredentialKind } from "@/lib/shared/schemas/workspace-credential";
import { provisionedCredentials } from "./provisioned";
import type { WorkspaceSecret } from "./secret";
import { readCredentialFromVault } from "./stored";

/** A workspace's credential and where it came from. */
export interface WorkspaceCredential {
  source: "environment" | "vault";
  businessId: string;
  kind: WorkspaceCredentialKind;
  secret: WorkspaceSecret;
}

/**
 * The credential a business's workspace uses for `kind`: the environment's when
 * it provisions that kind for that business (it wins: the stored one is not
 * even read), else the vault's, else null. A stored one that does not open is
 * a CredentialVaultError, never null.
 */
export async function workspaceCredentialSource(
  ledger: Ledger,
  businessId: string,
  kind: WorkspaceCredentialKind,
): Promise<WorkspaceCredential | null> {
  const id = normaliseBusinessId(businessId);
  const provisioned = provisionedCredentials();
  const fromEnvironment = provisioned?.businessId === id ? provisioned.credentials[kind] : undefined;
  if (fromEnvironment) return { source: "environment", businessId: id, kind, secret: fromEnvironment };
  const stored = await readCredentialFromVault(ledger, id, kind);
  return stored ? { source: "vault", businessId: id, kind, secret: stored.secret } : null;
}

/** Whether the environment provisions `kind` for this business (then storing one would have no effect). */
export function isProvisionedByEnvironment(businessId: string, kind: WorkspaceCredentialKind): boolean {
  const provisioned = provisionedCredentials();
  return provisioned?.businessId === normaliseBusinessId(businessId) && provisioned.credentials[kind] !== undefined;
}

/** The payments client's credential for a workspace credential (the access token goes with its business id). */
export function asApiCredential(credential: WorkspaceCredential): Credential {
  return credential.kind === "api_key"
    ? { kind: "api_key", apiKey: credential.secret.reveal() }
    : { kind: "bearer", accessToken: credential.secret.reveal(), businessId: credential.businessId };
}

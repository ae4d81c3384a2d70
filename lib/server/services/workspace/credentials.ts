import "server-only";
import { BffError } from "@/lib/server/errors/bff-error";
import type { Credential } from "@/lib/server/payments-api/client";
import {
  isProvisionedByEnvironment,
  storeCredentialInVault,
  WorkspaceSecret,
} from "@/lib/server/security/credential-vault";
import { verifyCredential } from "@/lib/server/services/credential-check";
import type { Answer, ServiceDeps } from "@/lib/server/services/context";
import { businessForApiKey } from "@/lib/server/services/session/business";
import { isUuid } from "@/lib/server/ledger/query";
import type { StoreWorkspaceCredentialBody, WorkspaceCredentialInfo } from "@/lib/shared/schemas/workspace-credential";

/**
 * Stores (or replaces) the workspace's credential of one kind, in the vault.
 * Checked first, so nothing is stored that would not work:
 *
 * - a kind the environment provisions for this business is refused
 *   (`credential_provisioned`): the stored one would never be used;
 * - an API key that can be told to belong to another business (the sandbox's
 *   directory, or PAYMENTS_API_KEY_SHA256 on a pinned deployment) is refused
 *   (`credential_not_allowed`), before the API is called;
 * - the API must accept it in a harmless call (the one sign-in makes): a
 *   refusal is `credential_refused` (422) and nothing is stored; the API
 *   unreachable is its usual error, and nothing is stored either.
 *
 * The answer says which credential is stored, never what it is.
 */
export async function storeWorkspaceCredential(
  { ledger, businessId, actor }: Pick<ServiceDeps, "ledger" | "businessId" | "actor">,
  input: StoreWorkspaceCredentialBody,
): Promise<Answer<WorkspaceCredentialInfo>> {
  const kind = input.kind;
  if (isProvisionedByEnvironment(businessId, kind)) {
    throw new BffError(
      "credential_provisioned",
      "This deployment's configuration provides this credential; a stored one would not be used.",
    );
  }
  const credential: Credential =
    input.kind === "api_key"
      ? { kind: "api_key", apiKey: input.apiKey }
      : { kind: "bearer", accessToken: input.accessToken, businessId };
  if (credential.kind === "api_key") {
    const owner = await businessForApiKey(credential.apiKey);
    // A key whose business can be told (a UUID) must be this one's; a key of a real, unpinned API says nothing about its business.
    if (isUuid(owner.id) && owner.id !== businessId) {
      throw new BffError("credential_not_allowed", "This API key belongs to another business.");
    }
  }
  let requestId: string | null;
  try {
    requestId = await verifyCredential(credential);
  } catch (error) {
    if (error instanceof BffError && error.code === "invalid_credentials") {
      const field = credential.kind === "api_key" ? "apiKey" : "accessToken";
      throw new BffError("credential_refused", "The payments API did not accept this credential; nothing was stored.", {
        requestId: error.extra.requestId ?? null,
        fields: { [field]: field === "apiKey" ? "fieldErrors.apiKeyRefused" : "fieldErrors.accessTokenRefused" },
      });
    }
    throw error;
  }
  const secret = new WorkspaceSecret(credential.kind === "api_key" ? credential.apiKey : credential.accessToken);
  const stored = await storeCredentialInVault(ledger, { businessId, kind, secret, byName: actor.name });
  return {
    data: {
      kind: stored.kind,
      fingerprint: stored.fingerprint,
      last4: stored.last4,
      stored_at: stored.storedAt.toISOString(),
    },
    requestId,
    created: true,
  };
}

import "server-only";
import type { Ledger } from "@/lib/server/ledger";
import { log } from "@/lib/server/log";
import type { Credential } from "@/lib/server/payments-api/client";
import {
  asApiCredential,
  CredentialVaultError,
  workspaceCredentialSource,
} from "@/lib/server/security/credential-vault";
import { openCredential } from "@/lib/server/session/credential-seal";

/** The credential a background job acts with for a row of `businessId`, or null (then the row waits as without one). */
export type BackgroundCredential = (
  businessId: string,
  seal: string | null,
  now?: number,
) => Promise<Credential | null>;

/**
 * The credentials of one background pass (reconciler, refresher, batch worker):
 * the workspace's API key for the row's own business (environment or vault,
 * read once per business per pass, so a key replaced in the vault is used from
 * the next pass on); when the workspace has none, the unexpired intent seal an
 * older row still carries (written before seals were retired); else null.
 *
 * A stored key the vault cannot open (CredentialVaultError) counts as none for
 * this pass, logged: one business's broken ciphertext never stops the pass.
 */
export function backgroundCredentials(ledger: Ledger): BackgroundCredential {
  const workspace = new Map<string, Promise<Credential | null>>();
  return async (businessId, seal, now) => {
    let found = workspace.get(businessId);
    if (!found) {
      found = workspaceApiKey(ledger, businessId);
      workspace.set(businessId, found);
    }
    const credential = await found;
    if (credential) return credential;
    return seal ? openCredential(seal, now) : null;
  };
}

async function workspaceApiKey(ledger: Ledger, businessId: string): Promise<Credential | null> {
  try {
    const stored = await workspaceCredentialSource(ledger, businessId, "api_key");
    return stored ? asApiCredential(stored) : null;
  } catch (error) {
    if (!(error instanceof CredentialVaultError)) throw error;
    log.error("background.workspace_credential_unreadable", { businessId, reason: error.reason });
    return null;
  }
}

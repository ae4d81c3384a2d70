import "server-only";
import { hashPassword } from "@/lib/server/accounts/password";
import { isSandboxMode } from "@/lib/server/config";
import { BffError } from "@/lib/server/errors/bff-error";
import {
  addMembership,
  appendAudit,
  consumeSetupToken,
  createMember,
  ensureWorkspace,
  inTransaction,
  lockFirstRunSetup,
  setupTokenState,
  type Ledger,
  type SetupTokenState,
} from "@/lib/server/ledger";
import type { Credential } from "@/lib/server/payments-api/client";
import { isUuid } from "@/lib/server/ledger/query";
import {
  provisionedCredentials,
  storeCredentialInVault,
  WorkspaceSecret,
} from "@/lib/server/security/credential-vault";
import { forgetWorkspaceAccess } from "@/lib/server/session/resolve";
import { verifyCredential } from "@/lib/server/services/credential-check";
import { businessForApiKey, tenancy } from "@/lib/server/services/session/business";
import { signedInPerson } from "@/lib/server/services/session/person-sign-in";
import { openPersonSession, type ClientAddress, type SignedIn } from "@/lib/server/services/session/sessions";
import { beginSignIn, throttledError } from "@/lib/server/services/session/sign-in-throttle";
import { setupTokenHash } from "@/lib/server/services/workspace/setup-link";
import type { WorkspaceCredentialKind } from "@/lib/shared/schemas/workspace-credential";
import type { SetupBody } from "@/lib/shared/schemas/workspace-setup";

/**
 * First run (docs/accounts.md, "First run"): the person holding the one-time setup link becomes the owner of
 * the business's workspace. Throttled like sign-in; the link is checked, then the API key (and the optional
 * access token) with the API, all before the link is used, so a refused key does not burn it. The link is
 * consumed in the transaction that creates the workspace, the person, their owner membership, the stored
 * credentials and their audit entries: all of it happens, or none.
 */

/** What the setup page can tell before the form is sent (never a 500: a bad link is a message). */
export type SetupLinkStatus = "usable" | "invalid" | "expired" | "complete" | "not_needed";

function linkStatus(state: SetupTokenState): Exclude<SetupLinkStatus, "not_needed"> {
  if (state === "usable") return "usable";
  if (state === "not_found") return "invalid";
  if (state === "owner_exists") return "complete";
  return "expired";
}

export async function setupLinkStatus(
  ledger: Ledger,
  token: string | null,
  now = new Date(),
): Promise<SetupLinkStatus> {
  if (isSandboxMode()) return "not_needed";
  if (!token || !/^[A-Za-z0-9_-]{20,128}$/.test(token)) return "invalid";
  return linkStatus(await setupTokenState(ledger, setupTokenHash(token), now));
}

function linkRefusal(state: Exclude<SetupTokenState, "usable">): BffError {
  if (state === "not_found")
    return new BffError("setup_link_invalid", "This setup link is not valid. Run `npm run setup-link` for a new one.");
  if (state === "owner_exists")
    return new BffError(
      "setup_complete",
      "This dashboard already has an owner: sign in with your e-mail and password.",
    );
  return new BffError(
    "setup_link_expired",
    "This setup link was already used or has expired. Run `npm run setup-link` on the server for a new one.",
    { details: { reason: state } },
  );
}

const refused = (field: "apiKey" | "accessToken") =>
  new BffError("credential_refused", "The payments API did not accept this credential; nothing was created.", {
    fields: { [field]: field === "apiKey" ? "fieldErrors.apiKeyRefused" : "fieldErrors.accessTokenRefused" },
  });

/** Checks a credential with the API's harmless call; a refusal names the field. */
async function check(credential: Credential, field: "apiKey" | "accessToken"): Promise<void> {
  try {
    await verifyCredential(credential);
  } catch (error) {
    if (error instanceof BffError && error.code === "invalid_credentials") throw refused(field);
    throw error;
  }
}

interface CheckedBusiness {
  id: string;
  name: string | null;
  /** What to store in the vault (a kind the environment provisions is not stored). */
  toStore: { kind: WorkspaceCredentialKind; secret: WorkspaceSecret }[];
}

/** The business the API key belongs to (as sign-in with an API key decided it), and its credentials, checked. */
async function checkBusiness(body: SetupBody): Promise<CheckedBusiness> {
  const provisioned = provisionedCredentials();
  const fromEnvironment = (kind: WorkspaceCredentialKind) => provisioned?.credentials[kind] !== undefined;
  for (const [kind, given] of [
    ["api_key", body.apiKey],
    ["bearer", body.accessToken],
  ] as const) {
    if (given && fromEnvironment(kind))
      throw new BffError("credential_provisioned", "The server's configuration provides this credential.", {
        fields: { [kind === "api_key" ? "apiKey" : "accessToken"]: "fieldErrors.credentialProvisioned" },
      });
  }
  let business: { id: string; name: string | null };
  const toStore: CheckedBusiness["toStore"] = [];
  if (provisioned && fromEnvironment("api_key")) {
    business = { id: provisioned.businessId, name: tenancy().businessName };
  } else {
    if (!body.apiKey)
      throw new BffError("validation_error", "The business's API key is required.", {
        fields: { apiKey: "validation.required" },
      });
    business = await businessForApiKey(body.apiKey);
    await check({ kind: "api_key", apiKey: body.apiKey }, "apiKey");
    toStore.push({ kind: "api_key", secret: new WorkspaceSecret(body.apiKey) });
  }
  if (body.accessToken) {
    // An access token goes out with the business's id: a key that is its own scope (no PAYMENTS_BUSINESS_ID on a real API) has none.
    if (!isUuid(business.id))
      throw new BffError("validation_error", "An access token needs the business's id (PAYMENTS_BUSINESS_ID).", {
        fields: { accessToken: "fieldErrors.accessTokenNeedsBusinessId" },
      });
    await check({ kind: "bearer", accessToken: body.accessToken, businessId: business.id }, "accessToken");
    toStore.push({ kind: "bearer", secret: new WorkspaceSecret(body.accessToken) });
  }
  return { ...business, toStore };
}

export async function setUpWorkspace(
  ledger: Ledger,
  body: SetupBody,
  from: ClientAddress,
  now = Date.now(),
): Promise<SignedIn> {
  if (isSandboxMode())
    throw new BffError("setup_not_needed", "Sandbox mode: the demo people exist, so no setup is needed.");
  const tokenHash = setupTokenHash(body.token);
  // The per-credential budget is the link's: guessing links is throttled like guessing passwords.
  const begun = await beginSignIn(ledger, { address: from.address, credential: `setup:${tokenHash.slice(0, 32)}` });
  if (!begun.ok) throw throttledError(begun.throttled, now);
  const state = await setupTokenState(ledger, tokenHash, new Date(now));
  if (state !== "usable") throw linkRefusal(state);

  const business = await checkBusiness(body);
  const workspaceName = body.businessName || business.name || body.name;
  const passwordHash = await hashPassword(body.password);
  const actor = { name: body.name, role: "owner" };

  const member = await inTransaction(ledger, async (tx) => {
    await lockFirstRunSetup(tx);
    const consumed = await consumeSetupToken(tx, tokenHash, new Date(now));
    if (consumed.outcome !== "consumed") throw linkRefusal(consumed.outcome);
    const { created } = await ensureWorkspace(tx, { businessId: business.id, name: workspaceName });
    const made = await createMember(tx, { email: body.email, name: body.name, passwordHash });
    if (made.outcome === "email_taken")
      throw new BffError("validation_error", "Someone already has an account with this e-mail.", {
        fields: { email: "fieldErrors.emailTaken" },
      });
    await addMembership(tx, { businessId: business.id, memberId: made.member.id, role: "owner" });
    const audit = (entry: Omit<Parameters<typeof appendAudit>[1], "businessId" | "actor" | "outcome">) =>
      appendAudit(tx, { businessId: business.id, actor, outcome: "success", ...entry });
    if (created)
      await audit({
        action: "workspace.created",
        targetType: "workspace",
        targetId: business.id,
        after: { name: workspaceName },
      });
    for (const { kind, secret } of business.toStore) {
      const stored = await storeCredentialInVault(tx, { businessId: business.id, kind, secret, byName: body.name });
      await audit({
        action: "workspace.credential_stored",
        targetType: "workspace_credential",
        targetId: kind,
        after: { kind, fingerprint: stored.fingerprint, last4: stored.last4 },
      });
    }
    await audit({
      action: "member.joined",
      targetType: "member",
      targetId: made.member.id,
      after: { role: "owner", via: "setup_link" },
    });
    return made.member;
  });
  await begun.attempt.succeeded();
  forgetWorkspaceAccess(business.id);
  return openPersonSession(
    ledger,
    signedInPerson(member),
    { businessId: business.id, name: workspaceName, role: "owner", require2fa: false },
    now,
  );
}

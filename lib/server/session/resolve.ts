import "server-only";
import { getMemberAccess, type Ledger, type MemberAccess } from "@/lib/server/ledger";
import { isSandboxMode } from "@/lib/server/config";
import { log } from "@/lib/server/log";
import type { Credential } from "@/lib/server/payments-api/client";
import {
  asApiCredential,
  CredentialVaultError,
  workspaceCredentialSource,
  type WorkspaceCredential,
} from "@/lib/server/security/credential-vault";
import { READ_ONLY_ROLES, type Role } from "@/lib/shared/auth/roles";
import type { WorkspaceCredentialKind } from "@/lib/shared/schemas/workspace-credential";
import { TrustedForAMoment } from "./access-cache";
import type { SessionCookie, SessionData } from "./session";

const accessAnswers = new TrustedForAMoment<MemberAccess | null>();
const credentialAnswers = new TrustedForAMoment<WorkspaceCredential | null>();

/** A person's access or a workspace's credential changed on this instance: the next request reads it again. */
export function forgetWorkspaceAccess(businessId: string, memberId?: string): void {
  accessAnswers.forget(memberId ? `${businessId}|${memberId}` : `${businessId}|`);
  if (!memberId) credentialAnswers.forget(`${businessId}|`);
}

/** A person's password, 2FA or name changed: every workspace's answer for them is read again. */
export function forgetPersonAccess(): void {
  accessAnswers.clear();
}

async function storedCredential(
  ledger: Ledger,
  businessId: string,
  kind: WorkspaceCredentialKind,
): Promise<WorkspaceCredential | null> {
  return credentialAnswers.get(ledger, `${businessId}|${kind}`, async () => {
    try {
      return await workspaceCredentialSource(ledger, businessId, kind);
    } catch (error) {
      // Wrong CREDENTIAL_KEYS or a tampered row: nothing reaches the API with it; the owner is told to enter it again.
      if (!(error instanceof CredentialVaultError)) throw error;
      log.error("vault.credential_unreadable", { businessId, kind, reason: error.reason });
      return null;
    }
  });
}

/**
 * The credential a person's requests use upstream: read-only roles use the
 * workspace's access token when it has one (least privilege), everyone else
 * (and read-only roles without a token) the API key.
 */
export async function credentialForRole(ledger: Ledger, businessId: string, role: Role): Promise<Credential | null> {
  const token = READ_ONLY_ROLES.includes(role) ? await storedCredential(ledger, businessId, "bearer") : null;
  const chosen = token ?? (await storedCredential(ledger, businessId, "api_key"));
  return chosen ? asApiCredential(chosen) : null;
}

/**
 * The workspace's API key, for the one read a read-only role's access token cannot make and its insights need: the
 * payment-link list (the API takes a token only on the payout look-up and the chargebacks list).
 */
export async function workspaceApiKey(ledger: Ledger, businessId: string): Promise<Credential | null> {
  const key = await storedCredential(ledger, businessId, "api_key");
  return key ? asApiCredential(key) : null;
}

export type Resolved = { ok: true; session: SessionData } | { ok: false; problem: "access_changed" };

/**
 * A cookie's session as it stands now: the membership must still be active and
 * its epoch and the person's auth epoch those the cookie was issued with (a
 * role change, deactivation, password change or 2FA reset ends every session
 * of that person there, on every instance within ACCESS_TRUST_MS).
 */
export async function resolveSession(ledger: Ledger, cookie: SessionCookie): Promise<Resolved> {
  const key = `${cookie.businessId}|${cookie.memberId}`;
  const access = await accessAnswers.get(ledger, key, () =>
    getMemberAccess(ledger, { businessId: cookie.businessId, memberId: cookie.memberId }),
  );
  if (!access || access.status !== "active" || access.epoch !== cookie.epoch || access.authEpoch !== cookie.authEpoch)
    return { ok: false, problem: "access_changed" };
  const session: SessionData = {
    ...cookie,
    role: access.role,
    person: { id: access.memberId, name: access.name, email: access.email },
    business: { id: access.businessId, name: access.workspaceName },
    credential: await credentialForRole(ledger, access.businessId, access.role),
    twoFactorPending: access.require2fa && !access.totpEnabled,
    totpEnabled: access.totpEnabled,
    sandbox: isSandboxMode(),
  };
  return { ok: true, session: Object.freeze(session) };
}

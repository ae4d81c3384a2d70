import "server-only";
import {
  getWorkspaceCredential,
  listMemberSecretsNotUnder,
  replaceMemberSecretCiphertext,
  listWorkspaceCredentialsNotUnder,
  replaceWorkspaceCredentialCiphertext,
  storeWorkspaceCredential,
  type Ledger,
  type StoredWorkspaceCredential,
} from "@/lib/server/ledger";
import { log } from "@/lib/server/log";
import type { WorkspaceCredentialKind } from "@/lib/shared/schemas/workspace-credential";
import { decryptCredential, encryptCredential, reencryptCredential } from "./cipher";
import { CredentialVaultError } from "./errors";
import { credentialKeyRing, type KeyRing } from "./key-ring";
import { decryptMemberSecret, encryptMemberSecret } from "./member-secret";
import type { WorkspaceSecret } from "./secret";

/** What was stored (never the secret). */
export interface StoredCredentialInfo {
  kind: WorkspaceCredentialKind;
  fingerprint: string;
  last4: string | null;
  storedAt: Date;
  storedByName: string;
}

const info = (row: StoredWorkspaceCredential): StoredCredentialInfo => ({
  kind: row.kind,
  fingerprint: row.fingerprint,
  last4: row.last4,
  storedAt: row.createdAt,
  storedByName: row.createdByName,
});

/** Encrypts and stores a business's credential of one kind, replacing the current one. */
export async function storeCredentialInVault(
  ledger: Ledger,
  input: { businessId: string; kind: WorkspaceCredentialKind; secret: WorkspaceSecret; byName: string },
  ring: KeyRing = credentialKeyRing(),
): Promise<StoredCredentialInfo> {
  const place = { businessId: input.businessId, kind: input.kind };
  const row = await storeWorkspaceCredential(ledger, {
    ...place,
    encrypted: encryptCredential(input.secret, place, ring),
    fingerprint: input.secret.fingerprint,
    last4: input.secret.last4,
    byName: input.byName,
  });
  return info(row);
}

/** The stored credential of a business and kind, decrypted; null when none is stored. A CredentialVaultError when it does not open. */
export async function readCredentialFromVault(
  ledger: Ledger,
  businessId: string,
  kind: WorkspaceCredentialKind,
  ring: KeyRing = credentialKeyRing(),
): Promise<{ secret: WorkspaceSecret; info: StoredCredentialInfo } | null> {
  const row = await getWorkspaceCredential(ledger, businessId, kind);
  if (!row) return null;
  return { secret: decryptCredential(row.encrypted, { businessId: row.businessId, kind }, ring), info: info(row) };
}

/**
 * Moves every stored credential, and every person's TOTP secret (on or being
 * set up), to the newest key (after a key was added to CREDENTIAL_KEYS, before
 * the old one is dropped: `npm run rotate-credential-keys`). Returns how many
 * moved and how many could not be opened (left as they are, each logged without
 * its content); run it again until `failed` is 0 before dropping a key.
 */
export async function moveCredentialsToNewestKey(
  ledger: Ledger,
  ring: KeyRing = credentialKeyRing(),
): Promise<{ moved: number; failed: number }> {
  let moved = 0;
  let failed = 0;
  for (const row of await listWorkspaceCredentialsNotUnder(ledger, ring.newest.id)) {
    const place = { businessId: row.businessId, kind: row.kind };
    try {
      const encrypted = reencryptCredential(row.encrypted, place, ring);
      if (await replaceWorkspaceCredentialCiphertext(ledger, row.id, row.encrypted.keyId, encrypted)) moved += 1;
    } catch (error) {
      if (!(error instanceof CredentialVaultError)) throw error;
      failed += 1;
      log.error("vault.reencrypt_failed", { ...place, keyId: row.encrypted.keyId, reason: error.reason });
    }
  }
  for (const row of await listMemberSecretsNotUnder(ledger, ring.newest.id)) {
    try {
      const next = encryptMemberSecret(decryptMemberSecret(row.ciphertext, row.memberId, ring), row.memberId, ring);
      if (await replaceMemberSecretCiphertext(ledger, row, next)) moved += 1;
    } catch (error) {
      if (!(error instanceof CredentialVaultError)) throw error;
      failed += 1;
      log.error("vault.reencrypt_failed", { memberId: row.memberId, column: row.column, reason: error.reason });
    }
  }
  return { moved, failed };
}

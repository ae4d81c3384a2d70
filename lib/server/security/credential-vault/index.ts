/**
 * The workspace credential vault: a business's API key (and optional access
 * token) kept once on the server, encrypted (cipher.ts), or provisioned by the
 * environment (provisioned.ts). docs/session.md, "Workspace credentials".
 */
export { decryptCredential, encryptCredential, reencryptCredential, type CredentialPlace } from "./cipher";
export { decryptMemberSecret, encryptMemberSecret } from "./member-secret";
export { CredentialVaultError, type CredentialVaultFailure } from "./errors";
export { credentialKeyRing, credentialKeysFile, keyRingOf, type KeyRing } from "./key-ring";
export { provisionedCredentials, type ProvisionedCredentials } from "./provisioned";
export { credentialFingerprint, credentialLast4, WorkspaceSecret } from "./secret";
export {
  asApiCredential,
  isProvisionedByEnvironment,
  workspaceCredentialSource,
  type WorkspaceCredential,
} from "./source";
export {
  moveCredentialsToNewestKey,
  readCredentialFromVault,
  storeCredentialInVault,
  type StoredCredentialInfo,
} from "./stored";

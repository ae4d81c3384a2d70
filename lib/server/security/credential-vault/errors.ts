/**
 * A stored credential that cannot be opened, said loudly instead of returning
 * something else. The message names the key id, business and kind (none of them
 * secret), never the ciphertext or the credential.
 *
 * - `unknown_key`: encrypted under a key id the key ring no longer (or never) held;
 * - `unauthentic`: GCM refused it: the iv, ciphertext or tag were altered, or it
 *   belongs to another business or kind (its associated data), or the key with
 *   that id is not the one that encrypted it;
 * - `malformed`: not even the shape of one (iv length, a ciphertext shorter than the tag).
 */
export type CredentialVaultFailure = "unknown_key" | "unauthentic" | "malformed";

export class CredentialVaultError extends Error {
  override readonly name = "CredentialVaultError";
  readonly reason: CredentialVaultFailure;

  constructor(reason: CredentialVaultFailure, message: string) {
    super(message);
    this.reason = reason;
  }
}

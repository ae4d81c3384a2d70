import "server-only";
import { TotpSecret } from "@/lib/server/accounts/totp-secret";
import { decryptBound, encryptBound } from "./cipher";
import { CredentialVaultError } from "./errors";
import { credentialKeyRing, type KeyRing } from "./key-ring";

/**
 * A person's TOTP secret in the vault (members.totp_secret_enc): the vault's key ring and AES-256-GCM (cipher.ts),
 * with associated data of its own, the format label and the member's id, so a ciphertext copied to another
 * person's row, or read as a workspace credential, does not open. Stored as one text:
 * "mv1.<key id>.<iv>.<ciphertext+tag>" (base64url).
 */
const FORMAT = "pixops member-secret v1";
const PREFIX = "mv1";

function associatedData(keyId: string, memberId: string): Buffer {
  return Buffer.from(JSON.stringify([FORMAT, keyId, memberId.toLowerCase(), "totp"]), "utf8");
}

const what = (memberId: string) => ({
  name: `the TOTP secret of member ${memberId.toLowerCase()}`,
  misplaced: "another member",
});

export function encryptMemberSecret(secret: TotpSecret, memberId: string, ring: KeyRing = credentialKeyRing()): string {
  const sealed = encryptBound(secret.reveal(), (keyId) => associatedData(keyId, memberId), ring);
  return [PREFIX, sealed.keyId, sealed.iv.toString("base64url"), sealed.ciphertext.toString("base64url")].join(".");
}

/** The secret `stored` holds for this member, or a CredentialVaultError: never anything else. */
export function decryptMemberSecret(stored: string, memberId: string, ring: KeyRing = credentialKeyRing()): TotpSecret {
  const parts = stored.split(".");
  const [prefix] = parts;
  if (prefix !== PREFIX || parts.length < 4) {
    throw new CredentialVaultError("malformed", `${what(memberId).name} is not a vault ciphertext (format)`);
  }
  const encrypted = {
    keyId: parts.slice(1, -2).join("."),
    iv: Buffer.from(parts.at(-2) ?? "", "base64url"),
    ciphertext: Buffer.from(parts.at(-1) ?? "", "base64url"),
  };
  const text = decryptBound(encrypted, (keyId) => associatedData(keyId, memberId), what(memberId), ring);
  return TotpSecret.fromBase32(text);
}

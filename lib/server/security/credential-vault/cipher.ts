import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { EncryptedCredential } from "@/lib/server/ledger";
import { normaliseBusinessId } from "@/lib/shared/schemas/business-id";
import type { WorkspaceCredentialKind } from "@/lib/shared/schemas/workspace-credential";
import { CredentialVaultError } from "./errors";
import { credentialKeyRing, type KeyRing } from "./key-ring";
import { WorkspaceSecret } from "./secret";

/**
 * AES-256-GCM of one workspace credential.
 *
 * - **Its own key.** The data key is HKDF-SHA-256 of a CREDENTIAL_KEYS secret
 *   (salt "pixops-dashboard", info "pixops credential-vault v1"): not the
 *   session secret, and a label no other key of the dashboard uses, so even a
 *   secret pasted into both places gives unrelated keys.
 * - **A fresh 96-bit iv** per encryption (random; one key encrypts far fewer
 *   than the 2^32 messages GCM allows with random nonces).
 * - **Bound to its place.** The associated data is the format version, the
 *   key id, the business id (normalised) and the kind: a ciphertext copied to
 *   another business's row, or read as another kind, does not open.
 * - **Rotation.** The key id is stored beside each ciphertext; new encryptions
 *   use the newest key, decryption the one its id names.
 */
const HKDF_SALT = "pixops-dashboard";
const HKDF_INFO = "pixops credential-vault v1";
const FORMAT = "pixops credential-vault v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Where a credential belongs: what it is bound to. */
export interface CredentialPlace {
  businessId: string;
  kind: WorkspaceCredentialKind;
}

const dataKeys = new Map<string, Buffer>();

function dataKey(secret: string): Buffer {
  let key = dataKeys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, HKDF_SALT, HKDF_INFO, 32));
    dataKeys.set(secret, key);
  }
  return key;
}

function associatedData(keyId: string, place: CredentialPlace): Buffer {
  return Buffer.from(JSON.stringify([FORMAT, keyId, normaliseBusinessId(place.businessId), place.kind]), "utf8");
}

const describe = (place: CredentialPlace) =>
  `the ${place.kind} credential of business ${normaliseBusinessId(place.businessId)}`;

/** AES-256-GCM of `plain` under the newest key; `aad` binds it to its place (given the key id). */
export function encryptBound(plain: string, aad: (keyId: string) => Buffer, ring: KeyRing): EncryptedCredential {
  const { id, secret: keySecret } = ring.newest;
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", dataKey(keySecret), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad(id));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return { keyId: id, iv, ciphertext: Buffer.concat([body, cipher.getAuthTag()]) };
}

/** The text encryptBound sealed with the same `aad`, or a CredentialVaultError naming `what.name`: never anything else. */
export function decryptBound(
  encrypted: EncryptedCredential,
  aad: (keyId: string) => Buffer,
  what: { name: string; misplaced: string },
  ring: KeyRing,
): string {
  const key = ring.byId.get(encrypted.keyId);
  if (!key) {
    throw new CredentialVaultError(
      "unknown_key",
      `${what.name} was encrypted under key ${encrypted.keyId}, which CREDENTIAL_KEYS does not hold: add that key back (after the newest) or store the credential again`,
    );
  }
  if (encrypted.iv.length !== IV_BYTES || encrypted.ciphertext.length <= TAG_BYTES) {
    throw new CredentialVaultError("malformed", `${what.name} is not a vault ciphertext (iv or length)`);
  }
  const body = encrypted.ciphertext.subarray(0, encrypted.ciphertext.length - TAG_BYTES);
  const tag = encrypted.ciphertext.subarray(encrypted.ciphertext.length - TAG_BYTES);
  try {
    const decipher = createDecipheriv("aes-256-gcm", dataKey(key.secret), encrypted.iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(aad(encrypted.keyId));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    throw new CredentialVaultError(
      "unauthentic",
      `${what.name} does not open under key ${encrypted.keyId}: it was altered, or belongs to ${what.misplaced}`,
    );
  }
}

/** Encrypts `secret` for `place` under the newest key. */
export function encryptCredential(
  secret: WorkspaceSecret,
  place: CredentialPlace,
  ring: KeyRing = credentialKeyRing(),
): EncryptedCredential {
  return encryptBound(secret.reveal(), (keyId) => associatedData(keyId, place), ring);
}

/** The credential `encrypted` holds, or a CredentialVaultError: never anything else. */
export function decryptCredential(
  encrypted: EncryptedCredential,
  place: CredentialPlace,
  ring: KeyRing = credentialKeyRing(),
): WorkspaceSecret {
  return new WorkspaceSecret(
    decryptBound(
      encrypted,
      (keyId) => associatedData(keyId, place),
      { name: describe(place), misplaced: "another business or kind" },
      ring,
    ),
  );
}

/** `encrypted` under the newest key (the same value when it already is), checked on the way. */
export function reencryptCredential(
  encrypted: EncryptedCredential,
  place: CredentialPlace,
  ring: KeyRing = credentialKeyRing(),
): EncryptedCredential {
  const secret = decryptCredential(encrypted, place, ring);
  if (encrypted.keyId === ring.newest.id) return encrypted;
  return encryptCredential(secret, place, ring);
}

import "server-only";
import { createHmac, hkdfSync } from "node:crypto";
import { getSessionConfig } from "@/lib/server/session/config";
import { normaliseBusinessId } from "@/lib/shared/schemas/business-id";

/**
 * A Pix key's fingerprint in the register, so "was this key paid before?" can
 * be answered after the key itself is erased (docs/ledger.md, "What is
 * deliberately not stored"). A plain hash of a CPF or a phone number would be
 * the key again (there are few enough to try them all), so it is an
 * HMAC-SHA-256 under a key derived with HKDF from each SESSION_SECRET (label
 * "pixops pix-key-fingerprint v1"), over the business, the key type and the key.
 * New rows get the newest secret's; a look-up tries every secret's, so rotating
 * the secret keeps the history until the old secret is dropped.
 */
const FINGERPRINT_INFO = "pixops pix-key-fingerprint v1";
const HKDF_SALT = "pixops-dashboard";

const derivedCache = new Map<string, Buffer>();

function fingerprintKey(secret: string): Buffer {
  let key = derivedCache.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, HKDF_SALT, FINGERPRINT_INFO, 32));
    derivedCache.set(secret, key);
  }
  return key;
}

function fingerprintWith(secret: string, businessId: string, keyType: string, pixKey: string): string {
  return createHmac("sha256", fingerprintKey(secret))
    .update(JSON.stringify([normaliseBusinessId(businessId), keyType, pixKey]))
    .digest("base64url");
}

/** The fingerprint a new register row keeps (the newest secret's). */
export function pixKeyFingerprint(businessId: string, keyType: string, pixKey: string): string {
  const [newest] = getSessionConfig().secrets;
  if (!newest) throw new Error("pix key fingerprint: no SESSION_SECRET");
  return fingerprintWith(newest, businessId, keyType, pixKey);
}

/** Every fingerprint this key may have been recorded with (one per configured secret, newest first). */
export function pixKeyFingerprints(businessId: string, keyType: string, pixKey: string): string[] {
  return [...new Set(getSessionConfig().secrets.map((secret) => fingerprintWith(secret, businessId, keyType, pixKey)))];
}

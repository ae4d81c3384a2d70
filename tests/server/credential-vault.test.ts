/**
 * The credential vault's cipher (lib/server/security/credential-vault): AES-256-GCM
 * under an HKDF key of its own, bound to the business and the kind, with a key
 * ring that rotates. Every way a stored credential can be wrong fails loudly with
 * a CredentialVaultError; nothing prints the credential.
 */
import { createDecipheriv, createHash, hkdfSync } from "node:crypto";
import { inspect } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import type { EncryptedCredential } from "@/lib/server/ledger";
import { formatLine } from "@/lib/server/log";
import {
  CredentialVaultError,
  decryptCredential,
  encryptCredential,
  keyRingOf,
  reencryptCredential,
  WorkspaceSecret,
  type CredentialVaultFailure,
} from "@/lib/server/security/credential-vault";
import { captureLogs, type CapturedLogs } from "../helpers/logs";

const BUSINESS = "7f1c2b9e-4d2a-4c5e-9b1a-0a1b2c3d4e5f";
const OTHER_BUSINESS = "2d9e8f7a-6b5c-4d3e-8f1a-9b8c7d6e5f4a";
const API_KEY = "sk_live_0123456789abcdefghijklmnopqrstuv";
const OLD = { id: "k2026a", secret: "old-vault-secret-0123456789-abcdefghijklmnop" };
const NEW = { id: "k2026b", secret: "new-vault-secret-0123456789-abcdefghijklmnop" };
const ring = keyRingOf([OLD]);
const rotated = keyRingOf([NEW, OLD]);
const place = { businessId: BUSINESS, kind: "api_key" as const };

let logs: CapturedLogs | null = null;
afterEach(() => {
  logs?.restore();
  logs = null;
});

/** The failure `open` ends in: it must be a CredentialVaultError. */
function failure(open: () => unknown): CredentialVaultFailure {
  try {
    open();
  } catch (error) {
    expect(error).toBeInstanceOf(CredentialVaultError);
    const vaultError = error as CredentialVaultError;
    expect(vaultError.message).not.toContain(API_KEY);
    return vaultError.reason;
  }
  throw new Error("it opened");
}

/** A copy of `buffer` with one bit of byte `index` flipped. */
function flipped(buffer: Buffer, index: number): Buffer {
  const copy = Buffer.from(buffer);
  copy[index] = (copy[index] ?? 0) ^ 0x01;
  return copy;
}

describe("encrypt and decrypt", () => {
  it("round-trips, with a fresh 96-bit iv each time and the key id beside the ciphertext", () => {
    const first = encryptCredential(new WorkspaceSecret(API_KEY), place, ring);
    const second = encryptCredential(new WorkspaceSecret(API_KEY), place, ring);
    expect(first.keyId).toBe(OLD.id);
    expect(first.iv).toHaveLength(12);
    expect(second.iv.equals(first.iv)).toBe(false);
    expect(second.ciphertext.equals(first.ciphertext)).toBe(false);
    // The credential's bytes plus GCM's 16-byte tag.
    expect(first.ciphertext).toHaveLength(Buffer.byteLength(API_KEY) + 16);
    expect(decryptCredential(first, place, ring).reveal()).toBe(API_KEY);
    expect(decryptCredential(second, place, ring).reveal()).toBe(API_KEY);
  });

  it("binds the business id as normalised: the same business in capitals opens it", () => {
    const encrypted = encryptCredential(new WorkspaceSecret(API_KEY), place, ring);
    expect(decryptCredential(encrypted, { ...place, businessId: ` ${BUSINESS.toUpperCase()} ` }, ring).reveal()).toBe(
      API_KEY,
    );
  });

  describe("fails loudly, never with garbage", () => {
    const encrypted = encryptCredential(new WorkspaceSecret(API_KEY), place, ring);
    const tagStart = encrypted.ciphertext.length - 16;

    it.each<[string, EncryptedCredential]>([
      ["a changed iv", { ...encrypted, iv: flipped(encrypted.iv, 0) }],
      ["a changed ciphertext", { ...encrypted, ciphertext: flipped(encrypted.ciphertext, 0) }],
      ["a changed tag", { ...encrypted, ciphertext: flipped(encrypted.ciphertext, tagStart + 15) }],
      ["a cut ciphertext", { ...encrypted, ciphertext: encrypted.ciphertext.subarray(1) }],
    ])("%s: unauthentic", (_label, tampered) => {
      expect(failure(() => decryptCredential(tampered, place, ring))).toBe("unauthentic");
    });

    it("another business's place: unauthentic", () => {
      expect(failure(() => decryptCredential(encrypted, { ...place, businessId: OTHER_BUSINESS }, ring))).toBe(
        "unauthentic",
      );
    });

    it("read as another kind: unauthentic", () => {
      expect(failure(() => decryptCredential(encrypted, { ...place, kind: "bearer" }, ring))).toBe("unauthentic");
    });

    it("a key id the ring does not hold: unknown_key, naming it", () => {
      expect(failure(() => decryptCredential(encrypted, place, keyRingOf([NEW])))).toBe("unknown_key");
      expect(() => decryptCredential(encrypted, place, keyRingOf([NEW]))).toThrow(/key k2026a/);
    });

    it("a key id that names another key of the ring: unauthentic", () => {
      const relabelled = { ...encrypted, keyId: NEW.id };
      expect(failure(() => decryptCredential(relabelled, place, rotated))).toBe("unauthentic");
    });

    it("the same secret under another id (the id is bound too): unauthentic", () => {
      const sameSecret = keyRingOf([{ id: "renamed", secret: OLD.secret }]);
      expect(failure(() => decryptCredential({ ...encrypted, keyId: "renamed" }, place, sameSecret))).toBe(
        "unauthentic",
      );
    });

    it("no iv of 12 bytes, or nothing but a tag: malformed", () => {
      expect(failure(() => decryptCredential({ ...encrypted, iv: encrypted.iv.subarray(1) }, place, ring))).toBe(
        "malformed",
      );
      const tagOnly = { ...encrypted, ciphertext: encrypted.ciphertext.subarray(tagStart) };
      expect(failure(() => decryptCredential(tagOnly, place, ring))).toBe("malformed");
    });
  });

  it('is AES-256-GCM under HKDF-SHA-256(secret, "pixops credential-vault v1"), over the business and kind', () => {
    // Decrypted here with node:crypto alone: the stored format is exactly this, and no other key opens it.
    const encrypted = encryptCredential(new WorkspaceSecret(API_KEY), place, ring);
    const open = (key: Buffer, aad: string) => {
      const body = encrypted.ciphertext.subarray(0, -16);
      const decipher = createDecipheriv("aes-256-gcm", key, encrypted.iv);
      decipher.setAAD(Buffer.from(aad));
      decipher.setAuthTag(encrypted.ciphertext.subarray(-16));
      return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
    };
    const aad = JSON.stringify(["pixops credential-vault v1", OLD.id, BUSINESS, "api_key"]);
    const vaultKey = Buffer.from(hkdfSync("sha256", OLD.secret, "pixops-dashboard", "pixops credential-vault v1", 32));
    expect(open(vaultKey, aad)).toBe(API_KEY);
    // Not the secret's own bytes, nor the intent seal's key derived from the same secret.
    const intentKey = Buffer.from(hkdfSync("sha256", OLD.secret, "pixops-dashboard", "pixops intent-seal v1", 32));
    expect(() => open(createHash("sha256").update(OLD.secret).digest(), aad)).toThrow();
    expect(() => open(intentKey, aad)).toThrow();
  });
});

describe("rotation", () => {
  it("new encryptions use the newest key; an old key id still opens; re-encryption moves to the newest", () => {
    const underOld = encryptCredential(new WorkspaceSecret(API_KEY), place, ring);
    expect(encryptCredential(new WorkspaceSecret(API_KEY), place, rotated).keyId).toBe(NEW.id);
    expect(decryptCredential(underOld, place, rotated).reveal()).toBe(API_KEY);

    const moved = reencryptCredential(underOld, place, rotated);
    expect(moved.keyId).toBe(NEW.id);
    expect(moved.iv.equals(underOld.iv)).toBe(false);
    expect(decryptCredential(moved, place, rotated).reveal()).toBe(API_KEY);
    // Once moved, the old key can go.
    expect(decryptCredential(moved, place, keyRingOf([NEW])).reveal()).toBe(API_KEY);
    expect(failure(() => decryptCredential(underOld, place, keyRingOf([NEW])))).toBe("unknown_key");
    // Already under the newest key: left as it is.
    expect(reencryptCredential(moved, place, rotated)).toBe(moved);
  });

  it("re-encryption refuses what does not open, rather than encrypting garbage anew", () => {
    const encrypted = encryptCredential(new WorkspaceSecret(API_KEY), place, ring);
    const tampered = { ...encrypted, ciphertext: flipped(encrypted.ciphertext, 2) };
    expect(failure(() => reencryptCredential(tampered, place, rotated))).toBe("unauthentic");
  });
});

describe("a decrypted credential is hard to print", () => {
  const secret = new WorkspaceSecret(API_KEY);
  const fingerprint = `sha256:${createHash("sha256").update(API_KEY).digest("hex").slice(0, 12)}`;

  it("shows a fingerprint (12 hex digits of SHA-256) and its last 4 characters", () => {
    expect(secret.fingerprint).toBe(fingerprint);
    expect(secret.last4).toBe("stuv");
    expect(new WorkspaceSecret("sk_short_key").last4).toBe("_key");
    // Shorter than 12: 4 characters would be a third of it or more.
    expect(new WorkspaceSecret("sk_sandbox").last4).toBeNull();
  });

  it("JSON.stringify, util.inspect, String, a template, Object.entries and the logger show the fingerprint only", () => {
    const printed = [
      JSON.stringify(secret),
      JSON.stringify({ nested: { value: secret } }),
      inspect(secret),
      inspect({ nested: { value: secret } }, { depth: 10, showHidden: true }),
      String(secret),
      `${secret}`,
      JSON.stringify(Object.entries(secret)),
      formatLine("info", "oops", { value: secret, nested: [secret] }),
    ];
    for (const text of printed) {
      expect(text).not.toContain(API_KEY);
      expect(text).not.toContain("stuv");
    }
    expect(JSON.parse(JSON.stringify(secret))).toEqual({ fingerprint });
    expect(inspect(secret)).toBe(`[workspace credential ${fingerprint}]`);
    expect(`${secret}`).toBe(`[workspace credential ${fingerprint}]`);
    expect(secret.reveal()).toBe(API_KEY);
  });

  it("a line logged by mistake through the server's logger does not carry it", async () => {
    const { log } = await import("@/lib/server/log");
    logs = captureLogs();
    log.warn("credential.logged_by_mistake", { value: secret, list: [secret], error: new Error(String(secret)) });
    expect(logs.text()).not.toContain(API_KEY);
    expect(logs.text()).toContain(fingerprint);
  });
});

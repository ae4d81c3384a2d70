/**
 * A person's TOTP secret in the credential vault: the vault's keys and cipher, bound to the member's id with a
 * label of its own, so it opens only for that person and never as a workspace credential (or the reverse).
 */
import { describe, expect, it } from "vitest";
import { createTotpSecret } from "@/lib/server/accounts/totp";
import {
  CredentialVaultError,
  decryptCredential,
  decryptMemberSecret,
  encryptCredential,
  encryptMemberSecret,
  keyRingOf,
  WorkspaceSecret,
} from "@/lib/server/security/credential-vault";

const MEMBER = "3c1e2d4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f";
const OTHER = "9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a";
const OLD = { id: "k2026a", secret: "old-vault-secret-0123456789-abcdefghijklmnop" };
const NEW = { id: "k2026b", secret: "new-vault-secret-0123456789-abcdefghijklmnop" };
const ring = keyRingOf([OLD]);

function reason(open: () => unknown): string {
  try {
    open();
  } catch (error) {
    if (error instanceof CredentialVaultError) return error.reason;
    throw error;
  }
  throw new Error("it opened");
}

describe("member secrets in the vault", () => {
  it("round-trips, and the stored text does not contain the secret", () => {
    const secret = createTotpSecret();
    const stored = encryptMemberSecret(secret, MEMBER, ring);
    expect(stored).toMatch(/^mv1\.k2026a\./);
    expect(stored).not.toContain(secret.reveal());
    expect(decryptMemberSecret(stored, MEMBER, ring).reveal()).toBe(secret.reveal());
    expect(decryptMemberSecret(stored, MEMBER, keyRingOf([NEW, OLD])).reveal()).toBe(secret.reveal());
  });

  it("does not open for another member, when altered, or without its key", () => {
    const stored = encryptMemberSecret(createTotpSecret(), MEMBER, ring);
    expect(reason(() => decryptMemberSecret(stored, OTHER, ring))).toBe("unauthentic");
    const tampered = stored.slice(0, -2) + (stored.endsWith("AA") ? "BA" : "AA");
    expect(reason(() => decryptMemberSecret(tampered, MEMBER, ring))).toBe("unauthentic");
    expect(reason(() => decryptMemberSecret(stored, MEMBER, keyRingOf([NEW])))).toBe("unknown_key");
    expect(reason(() => decryptMemberSecret("JBSWY3DPEHPK3PXP", MEMBER, ring))).toBe("malformed");
  });

  it("is not interchangeable with a workspace credential", () => {
    const secret = createTotpSecret();
    const stored = encryptMemberSecret(secret, MEMBER, ring);
    const [, keyId, iv, ciphertext] = stored.split(".");
    const asCredential = {
      keyId: keyId ?? "",
      iv: Buffer.from(iv ?? "", "base64url"),
      ciphertext: Buffer.from(ciphertext ?? "", "base64url"),
    };
    expect(reason(() => decryptCredential(asCredential, { businessId: MEMBER, kind: "api_key" }, ring))).toBe(
      "unauthentic",
    );
    const credential = encryptCredential(
      new WorkspaceSecret(secret.reveal()),
      { businessId: MEMBER, kind: "api_key" },
      ring,
    );
    const asMember = [
      "mv1",
      credential.keyId,
      credential.iv.toString("base64url"),
      credential.ciphertext.toString("base64url"),
    ].join(".");
    expect(reason(() => decryptMemberSecret(asMember, MEMBER, ring))).toBe("unauthentic");
  });
});

import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  createMember,
  enableTotp,
  findMemberByEmail,
  findMemberById,
  listRecoveryCodes,
  recordTotpStep,
  rehashPassword,
  replaceRecoveryCodes,
  resetTwoFactor,
  setPasswordHash,
} from "@/lib/server/ledger";
import { members } from "@/lib/server/ledger/schema";
import { drivers } from "./helpers";
import { person, useAccountsLedger } from "./account-fixtures";

const MISSING = "00000000-0000-4000-8000-000000000000";

describe.each(drivers)("members (%s)", (driver) => {
  const ledger = useAccountsLedger(driver);

  it("stores the e-mail trimmed, NFKC and lower case, and finds the person by any spelling of it", async () => {
    const created = await createMember(ledger(), {
      email: "  Ana.Souza@Example.COM ",
      name: "Ana Souza",
      passwordHash: "$argon2id$h",
    });
    expect(created).toMatchObject({
      outcome: "created",
      member: { email: "ana.souza@example.com", name: "Ana Souza", authEpoch: 0, totpSecretEnc: null },
    });
    if (created.outcome !== "created") throw new Error("not created");
    // Full-width letters (an IME) are the same address after NFKC.
    const found = await findMemberByEmail(ledger(), "ＡＮＡ.souza@example.com");
    expect(found?.id).toBe(created.member.id);
    expect((await findMemberById(ledger(), created.member.id))?.email).toBe("ana.souza@example.com");
    expect(await findMemberByEmail(ledger(), "bia@example.com")).toBeNull();
    expect(await findMemberById(ledger(), MISSING)).toBeNull();
    expect(await findMemberById(ledger(), "not-a-uuid")).toBeNull();
  });

  it("refuses a second person with the same e-mail in another spelling, without an exception", async () => {
    await person(ledger(), "ana@example.com");
    expect(await createMember(ledger(), { email: "ANA@example.com ", name: "Other", passwordHash: "h" })).toEqual({
      outcome: "email_taken",
    });
    expect(await ledger().db.select().from(members)).toHaveLength(1);
  });

  it("the database itself refuses an e-mail that is not lower case", async () => {
    await expect(
      ledger().db.insert(members).values({ email: "Ana@example.com", name: "Ana", passwordHash: "h" }),
    ).rejects.toThrow();
  });

  it("a password change stores the hash and bumps auth_epoch (other sessions end); a rehash bumps nothing", async () => {
    const ana = await person(ledger(), "ana@example.com");
    expect(await setPasswordHash(ledger(), ana.id, "$argon2id$new")).toBe(1);
    expect(await setPasswordHash(ledger(), ana.id, "$argon2id$newer")).toBe(2);
    const changed = await findMemberById(ledger(), ana.id);
    expect(changed).toMatchObject({ passwordHash: "$argon2id$newer", authEpoch: 2 });
    expect(changed?.passwordChangedAt.getTime()).toBeGreaterThanOrEqual(ana.passwordChangedAt.getTime());
    expect(await setPasswordHash(ledger(), MISSING, "h")).toBeNull();

    // A stale rehash (the password changed meanwhile) is refused; a current one keeps the epoch.
    expect(await rehashPassword(ledger(), ana.id, "$argon2id$new", "$argon2id$stronger")).toBe(false);
    expect(await rehashPassword(ledger(), ana.id, "$argon2id$newer", "$argon2id$stronger")).toBe(true);
    expect(await findMemberById(ledger(), ana.id)).toMatchObject({ passwordHash: "$argon2id$stronger", authEpoch: 2 });
  });

  it("enables TOTP once, with the confirming step already used", async () => {
    const ana = await person(ledger(), "ana@example.com");
    expect(await recordTotpStep(ledger(), ana.id, 100)).toBe(false); // no 2FA yet
    expect(await enableTotp(ledger(), ana.id, "vault:v1:abc", 100)).toBe(true);
    expect(await findMemberById(ledger(), ana.id)).toMatchObject({
      totpSecretEnc: "vault:v1:abc",
      totpLastStep: 100,
      totpEnabledAt: expect.any(Date),
    });
    expect(await enableTotp(ledger(), ana.id, "vault:v1:other", 200)).toBe(false);
    expect((await findMemberById(ledger(), ana.id))?.totpSecretEnc).toBe("vault:v1:abc");
    expect(await recordTotpStep(ledger(), ana.id, 100)).toBe(false);
    expect(await recordTotpStep(ledger(), ana.id, 99)).toBe(false);
    expect(await recordTotpStep(ledger(), ana.id, 101)).toBe(true);
    expect((await findMemberById(ledger(), ana.id))?.totpLastStep).toBe(101);
  });

  it("enables TOTP and stores its recovery codes in one step; a confirmation that loses changes neither", async () => {
    const bea = await person(ledger(), "bea@example.com");
    await replaceRecoveryCodes(ledger(), bea.id, ["old-1"]);
    expect(await enableTotp(ledger(), bea.id, "vault:v1:first", 10, ["h-1", "h-2"])).toBe(true);
    expect((await listRecoveryCodes(ledger(), bea.id)).map((c) => c.hash)).toEqual(["h-1", "h-2"]);
    expect(await enableTotp(ledger(), bea.id, "vault:v1:second", 11, ["lost-1", "lost-2"])).toBe(false);
    expect((await listRecoveryCodes(ledger(), bea.id)).map((c) => c.hash)).toEqual(["h-1", "h-2"]);
    expect((await findMemberById(ledger(), bea.id))?.totpSecretEnc).toBe("vault:v1:first");
  });

  it("of concurrent sign-ins with one TOTP code, exactly one wins", async () => {
    const ana = await person(ledger(), "ana@example.com");
    await enableTotp(ledger(), ana.id, "vault:v1:abc", 100);
    for (const step of [101, 102, 103]) {
      const results = await Promise.all(Array.from({ length: 6 }, () => recordTotpStep(ledger(), ana.id, step)));
      expect(results.filter(Boolean)).toHaveLength(1);
    }
  });

  it("a 2FA reset clears the secret, the step and the recovery codes, and bumps auth_epoch", async () => {
    const ana = await person(ledger(), "ana@example.com");
    const bia = await person(ledger(), "bia@example.com");
    await enableTotp(ledger(), ana.id, "vault:v1:abc", 100);
    await replaceRecoveryCodes(ledger(), ana.id, ["h1", "h2"]);
    await replaceRecoveryCodes(ledger(), bia.id, ["h3"]);
    expect(await resetTwoFactor(ledger(), ana.id)).toBe(1);
    expect(await findMemberById(ledger(), ana.id)).toMatchObject({
      totpSecretEnc: null,
      totpEnabledAt: null,
      totpLastStep: null,
      authEpoch: 1,
    });
    expect(await listRecoveryCodes(ledger(), ana.id)).toEqual([]);
    expect(await listRecoveryCodes(ledger(), bia.id)).toHaveLength(1);
    expect(await resetTwoFactor(ledger(), MISSING)).toBeNull();
    // 2FA can be enabled again afterwards.
    expect(await enableTotp(ledger(), ana.id, "vault:v1:new", 300)).toBe(true);
  });

  it("the database refuses a TOTP secret without its enabling time, and the reverse", async () => {
    const ana = await person(ledger(), "ana@example.com");
    await expect(
      ledger().db.update(members).set({ totpSecretEnc: "x" }).where(eq(members.id, ana.id)),
    ).rejects.toThrow();
    await expect(
      ledger()
        .db.update(members)
        .set({ totpEnabledAt: sql`now()` })
        .where(eq(members.id, ana.id)),
    ).rejects.toThrow();
  });
});

/** Recovery codes, setup tokens and workspaces in the ledger (personal accounts). */
import { describe, expect, it } from "vitest";
import {
  anyActiveOwner,
  consumeSetupToken,
  createSetupToken,
  ensureWorkspace,
  getWorkspace,
  listRecoveryCodes,
  markRecoveryCodeUsed,
  replaceRecoveryCodes,
} from "@/lib/server/ledger";
import { drivers } from "./helpers";
import { at, HOUR, memberOf, newTokenHash, NOW, person, sha256, useAccountsLedger, WS_ACME } from "./account-fixtures";

describe.each(drivers)("recovery codes (%s)", (driver) => {
  const ledger = useAccountsLedger(driver);

  it("replaces every code of the person, and marks one used once", async () => {
    const ana = await person(ledger(), "ana@example.com");
    const bia = await person(ledger(), "bia@example.com");
    await replaceRecoveryCodes(ledger(), ana.id, [sha256("old-1"), sha256("old-2")]);
    await replaceRecoveryCodes(ledger(), bia.id, [sha256("bia-1")]);
    expect(await markRecoveryCodeUsed(ledger(), ana.id, sha256("old-1"), NOW)).toBe(true);
    await replaceRecoveryCodes(ledger(), ana.id, [sha256("new-1"), sha256("new-2")]);
    expect((await listRecoveryCodes(ledger(), ana.id)).map((c) => c.hash).sort()).toEqual(
      [sha256("new-1"), sha256("new-2")].sort(),
    );
    expect(await markRecoveryCodeUsed(ledger(), ana.id, sha256("old-2"), NOW)).toBe(false);
    expect(await markRecoveryCodeUsed(ledger(), ana.id, sha256("new-1"), at(HOUR))).toBe(true);
    expect(await markRecoveryCodeUsed(ledger(), ana.id, sha256("new-1"), at(HOUR))).toBe(false);
    // Someone else's code is not the person's.
    expect(await markRecoveryCodeUsed(ledger(), ana.id, sha256("bia-1"), NOW)).toBe(false);
    expect(await listRecoveryCodes(ledger(), bia.id)).toEqual([{ hash: sha256("bia-1"), usedAt: null }]);
    expect((await listRecoveryCodes(ledger(), ana.id)).find((c) => c.hash === sha256("new-1"))?.usedAt).toEqual(
      at(HOUR),
    );
  });

  it("of concurrent sign-ins with one recovery code, exactly one wins", async () => {
    const ana = await person(ledger(), "ana@example.com");
    await replaceRecoveryCodes(ledger(), ana.id, [sha256("code")]);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => markRecoveryCodeUsed(ledger(), ana.id, sha256("code"), NOW)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});

describe.each(drivers)("setup tokens and workspaces (%s)", (driver) => {
  const ledger = useAccountsLedger(driver);

  it("creates a workspace once and leaves an existing one unchanged", async () => {
    expect(await ensureWorkspace(ledger(), { businessId: WS_ACME, name: "Acme" })).toMatchObject({
      created: true,
      workspace: { businessId: WS_ACME, name: "Acme", require2fa: false },
    });
    expect(await ensureWorkspace(ledger(), { businessId: WS_ACME, name: "Renamed", require2fa: true })).toMatchObject({
      created: false,
      workspace: { name: "Acme", require2fa: false },
    });
    expect(await getWorkspace(ledger(), "0b6f3c1d-8e2a-4f7b-a9c0-5d4e3f2a1b0c")).toBeNull();
  });

  it("says whether any workspace has an active owner", async () => {
    expect(await anyActiveOwner(ledger())).toBe(false);
    await memberOf(ledger(), WS_ACME, "bia@example.com", "admin");
    expect(await anyActiveOwner(ledger())).toBe(false);
    await memberOf(ledger(), WS_ACME, "ana@example.com", "owner");
    expect(await anyActiveOwner(ledger())).toBe(true);
  });

  it("a setup token works once, before it expires, and only while no workspace has an active owner", async () => {
    const token = newTokenHash();
    await createSetupToken(ledger(), { tokenHash: token, createdAt: NOW, expiresAt: at(HOUR / 2) });
    expect(await consumeSetupToken(ledger(), newTokenHash(), NOW)).toEqual({ outcome: "not_found" });
    expect(await consumeSetupToken(ledger(), token, at(HOUR / 2))).toEqual({ outcome: "expired" });
    expect(await consumeSetupToken(ledger(), token, NOW)).toEqual({ outcome: "consumed" });
    expect(await consumeSetupToken(ledger(), token, NOW)).toEqual({ outcome: "used" });

    const later = newTokenHash();
    await createSetupToken(ledger(), { tokenHash: later, createdAt: NOW, expiresAt: at(HOUR) });
    await memberOf(ledger(), WS_ACME, "ana@example.com", "owner");
    expect(await consumeSetupToken(ledger(), later, NOW)).toEqual({ outcome: "owner_exists" });
  });

  it("of concurrent uses of one setup token, exactly one wins", async () => {
    const token = newTokenHash();
    await createSetupToken(ledger(), { tokenHash: token, createdAt: NOW, expiresAt: at(HOUR) });
    const results = await Promise.all(Array.from({ length: 6 }, () => consumeSetupToken(ledger(), token, NOW)));
    expect(results.filter((r) => r.outcome === "consumed")).toHaveLength(1);
    expect(results.filter((r) => r.outcome === "used")).toHaveLength(5);
  });
});

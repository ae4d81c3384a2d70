import { describe, expect, it } from "vitest";
import {
  addMembership,
  changeMemberRole,
  createLedger,
  getMemberAccess,
  listActiveWorkspacesOf,
  listMembers,
  setMembershipStatus,
  setPasswordHash,
  enableTotp,
  ensureWorkspace,
  type Ledger,
} from "@/lib/server/ledger";
import { drivers, freshDatabase } from "./helpers";
import { memberOf, person, useAccountsLedger, workspace, WS_ACME, WS_BETA } from "./account-fixtures";

describe.each(drivers)("memberships (%s)", (driver) => {
  const ledger = useAccountsLedger(driver);

  it("adds a person to a workspace once, and reads their access with their auth epoch in one go", async () => {
    const ana = await memberOf(ledger(), WS_ACME, "ana@example.com", "operator");
    expect(await addMembership(ledger(), { businessId: WS_ACME, memberId: ana.id, role: "owner" })).toEqual({
      outcome: "already_member",
    });
    await setPasswordHash(ledger(), ana.id, "$argon2id$new");
    await enableTotp(ledger(), ana.id, "vault:v1:abc", 7);
    expect(await getMemberAccess(ledger(), { businessId: WS_ACME, memberId: ana.id })).toEqual({
      businessId: WS_ACME,
      memberId: ana.id,
      role: "operator",
      status: "active",
      epoch: 0,
      authEpoch: 1,
      email: "ana@example.com",
      name: "ana",
      totpEnabled: true,
      require2fa: false,
      // The workspace's name comes in the same read: the session names its business without another query.
      workspaceName: "Acme",
    });
  });

  it("is scoped by business: another workspace's membership is not found, listed or changed", async () => {
    const ana = await memberOf(ledger(), WS_ACME, "ana@example.com", "owner");
    const bia = await memberOf(ledger(), WS_BETA, "bia@example.com", "owner");
    expect(await getMemberAccess(ledger(), { businessId: WS_BETA, memberId: ana.id })).toBeNull();
    expect(await getMemberAccess(ledger(), { businessId: WS_ACME, memberId: "not-a-uuid" })).toBeNull();
    expect((await listMembers(ledger(), WS_ACME)).map((m) => m.email)).toEqual(["ana@example.com"]);
    expect((await listMembers(ledger(), WS_BETA)).map((m) => m.email)).toEqual(["bia@example.com"]);
    expect(await changeMemberRole(ledger(), { businessId: WS_ACME, memberId: bia.id }, "support")).toEqual({
      outcome: "not_found",
    });
    expect(await setMembershipStatus(ledger(), { businessId: WS_ACME, memberId: bia.id }, "deactivated")).toEqual({
      outcome: "not_found",
    });
    expect((await getMemberAccess(ledger(), { businessId: WS_BETA, memberId: bia.id }))?.role).toBe("owner");
  });

  it("lists a workspace's members without secrets, and a person's active workspaces", async () => {
    const ana = await memberOf(ledger(), WS_ACME, "ana@example.com", "owner");
    await memberOf(ledger(), WS_ACME, "caio@example.com", "finance");
    await workspace(ledger(), WS_BETA, "Beta");
    await addMembership(ledger(), { businessId: WS_BETA, memberId: ana.id, role: "support" });
    const listed = await listMembers(ledger(), WS_ACME);
    expect(listed).toEqual([
      expect.objectContaining({ email: "ana@example.com", role: "owner", status: "active", epoch: 0 }),
      expect.objectContaining({ email: "caio@example.com", role: "finance", totpEnabled: false }),
    ]);
    expect(Object.keys(listed[0] ?? {})).not.toContain("passwordHash");
    expect(await listActiveWorkspacesOf(ledger(), ana.id)).toEqual([
      { businessId: WS_ACME, name: "Acme", role: "owner" },
      { businessId: WS_BETA, name: "Beta", role: "support" },
    ]);
    await setMembershipStatus(ledger(), { businessId: WS_BETA, memberId: ana.id }, "deactivated");
    expect((await listActiveWorkspacesOf(ledger(), ana.id)).map((w) => w.businessId)).toEqual([WS_ACME]);
  });

  it("a role change, a deactivation and a reactivation each bump the membership's epoch; no change bumps nothing", async () => {
    await memberOf(ledger(), WS_ACME, "ana@example.com", "owner");
    const bia = await memberOf(ledger(), WS_ACME, "bia@example.com", "operator");
    const ref = { businessId: WS_ACME, memberId: bia.id };
    expect(await changeMemberRole(ledger(), ref, "admin")).toMatchObject({
      outcome: "changed",
      membership: { role: "admin", status: "active", epoch: 1 },
    });
    expect(await changeMemberRole(ledger(), ref, "admin")).toMatchObject({
      outcome: "unchanged",
      membership: { epoch: 1 },
    });
    expect(await setMembershipStatus(ledger(), ref, "deactivated")).toMatchObject({
      outcome: "changed",
      membership: { status: "deactivated", epoch: 2 },
    });
    expect(await getMemberAccess(ledger(), ref)).toMatchObject({ status: "deactivated", epoch: 2 });
    expect(await setMembershipStatus(ledger(), ref, "active")).toMatchObject({
      outcome: "changed",
      membership: { status: "active", role: "admin", epoch: 3 },
    });
  });

  it("never leaves a workspace without an active owner", async () => {
    const ana = await memberOf(ledger(), WS_ACME, "ana@example.com", "owner");
    const bia = await memberOf(ledger(), WS_ACME, "bia@example.com", "admin");
    const anaRef = { businessId: WS_ACME, memberId: ana.id };
    expect(await changeMemberRole(ledger(), anaRef, "admin")).toEqual({ outcome: "last_owner" });
    expect(await setMembershipStatus(ledger(), anaRef, "deactivated")).toEqual({ outcome: "last_owner" });
    expect(await getMemberAccess(ledger(), anaRef)).toMatchObject({ role: "owner", status: "active", epoch: 0 });

    // A deactivated owner does not count: promoting Bia first makes it possible.
    await changeMemberRole(ledger(), { businessId: WS_ACME, memberId: bia.id }, "owner");
    await setMembershipStatus(ledger(), { businessId: WS_ACME, memberId: bia.id }, "deactivated");
    expect(await changeMemberRole(ledger(), anaRef, "admin")).toEqual({ outcome: "last_owner" });
    await setMembershipStatus(ledger(), { businessId: WS_ACME, memberId: bia.id }, "active");
    expect(await changeMemberRole(ledger(), anaRef, "admin")).toMatchObject({ outcome: "changed" });
    // Another workspace's owner does not count either.
    const caio = await memberOf(ledger(), WS_BETA, "caio@example.com", "owner");
    await addMembership(ledger(), { businessId: WS_BETA, memberId: bia.id, role: "owner" });
    await setMembershipStatus(ledger(), { businessId: WS_BETA, memberId: bia.id }, "deactivated");
    expect(await setMembershipStatus(ledger(), { businessId: WS_BETA, memberId: caio.id }, "deactivated")).toEqual({
      outcome: "last_owner",
    });
  });

  it("the database refuses an unknown role or status", async () => {
    await workspace(ledger());
    const ana = await person(ledger(), "ana@example.com");
    await expect(
      addMembership(ledger(), { businessId: WS_ACME, memberId: ana.id, role: "root" as "owner" }),
    ).rejects.toThrow();
    await expect(ensureWorkspace(ledger(), { businessId: WS_ACME.toUpperCase(), name: "Shout" })).rejects.toThrow();
  });
});

describe.each(drivers)("the last owner under concurrency (%s)", (driver) => {
  it("two owners demoting or deactivating each other at once: exactly one succeeds (on PostgreSQL: two instances' pools)", async () => {
    const database = await freshDatabase(driver);
    const a = await createLedger(database.options);
    // A PGlite store belongs to one process: there, both requests share it.
    const b = driver === "postgres" ? await createLedger(database.options) : a;
    try {
      for (let round = 0; round < 12; round++) {
        const businessId = `ws-race-${round}`;
        const ana = await memberOf(a, businessId, `ana${round}@example.com`, "owner");
        const bia = await memberOf(a, businessId, `bia${round}@example.com`, "owner");
        const demote = (ledger: Ledger, memberId: string) =>
          round % 2 === 0
            ? changeMemberRole(ledger, { businessId, memberId }, "admin")
            : setMembershipStatus(ledger, { businessId, memberId }, "deactivated");
        const results = await Promise.all([demote(a, ana.id), demote(b, bia.id)]);
        expect(results.map((r) => r.outcome).sort()).toEqual(["changed", "last_owner"]);
        const owners = (await listMembers(a, businessId)).filter((m) => m.role === "owner" && m.status === "active");
        expect(owners).toHaveLength(1);
      }
    } finally {
      await a.close();
      if (b !== a) await b.close();
      await database.drop();
    }
  }, 60_000);
});

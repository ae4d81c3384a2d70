import { describe, expect, it } from "vitest";
import {
  acceptInvitation,
  createInvitation,
  findMemberByEmail,
  findPendingInvitation,
  getMemberAccess,
  listPendingInvitations,
  revokeInvitation,
  setMembershipStatus,
  type Ledger,
  type MemberRole,
} from "@/lib/server/ledger";
import { drivers } from "./helpers";
import { at, HOUR, memberOf, newTokenHash, NOW, person, useAccountsLedger, WS_ACME, WS_BETA } from "./account-fixtures";

const EXPIRES = at(72 * HOUR);

describe.each(drivers)("invitations (%s)", (driver) => {
  const ledger = useAccountsLedger(driver);

  async function invite(businessId: string, email: string, role: MemberRole = "operator", expiresAt = EXPIRES) {
    const ownerEmail = `owner-${businessId.slice(0, 4)}@example.com`;
    const owner =
      (await findMemberByEmail(ledger(), ownerEmail)) ?? (await memberOf(ledger(), businessId, ownerEmail, "owner"));
    const tokenHash = newTokenHash();
    const invitation = await createInvitation(ledger(), {
      businessId,
      email,
      role,
      tokenHash,
      invitedBy: owner.id,
      expiresAt,
    });
    return { invitation, tokenHash };
  }

  const accept = (l: Ledger, businessId: string, tokenHash: string, memberId: string, now = NOW) =>
    acceptInvitation(l, { businessId, tokenHash, memberId, now });

  it("stores the e-mail normalised and only the token's hash; lists and finds the pending ones", async () => {
    const { invitation, tokenHash } = await invite(WS_ACME, " Bia@Example.com", "finance");
    expect(invitation).toMatchObject({ businessId: WS_ACME, email: "bia@example.com", role: "finance" });
    expect(invitation).not.toHaveProperty("tokenHash");
    expect((await listPendingInvitations(ledger(), WS_ACME, NOW)).map((i) => i.id)).toEqual([invitation.id]);
    expect(await findPendingInvitation(ledger(), tokenHash, NOW)).toMatchObject({
      id: invitation.id,
      workspaceName: "Acme",
    });
    // Expired ones are no longer pending.
    expect(await listPendingInvitations(ledger(), WS_ACME, EXPIRES)).toEqual([]);
    expect(await findPendingInvitation(ledger(), tokenHash, EXPIRES)).toBeNull();
  });

  it("is scoped by business: another workspace's invitation is neither listed nor revoked, nor accepted", async () => {
    const { invitation, tokenHash } = await invite(WS_ACME, "bia@example.com");
    await invite(WS_BETA, "caio@example.com");
    expect((await listPendingInvitations(ledger(), WS_BETA, NOW)).map((i) => i.email)).toEqual(["caio@example.com"]);
    expect(await revokeInvitation(ledger(), WS_BETA, invitation.id, NOW)).toBe(false);
    const bia = await person(ledger(), "bia@example.com");
    expect(await accept(ledger(), WS_BETA, tokenHash, bia.id)).toEqual({ outcome: "other_workspace" });
    expect(await getMemberAccess(ledger(), { businessId: WS_BETA, memberId: bia.id })).toBeNull();
    expect((await listPendingInvitations(ledger(), WS_ACME, NOW)).map((i) => i.id)).toEqual([invitation.id]);
  });

  it("accepting gives the person the invitation's role, once", async () => {
    const { invitation, tokenHash } = await invite(WS_ACME, "bia@example.com", "admin");
    const bia = await person(ledger(), "BIA@example.com");
    const accepted = await accept(ledger(), WS_ACME, tokenHash, bia.id, at(HOUR));
    expect(accepted).toMatchObject({
      outcome: "accepted",
      invitation: { id: invitation.id, acceptedAt: at(HOUR) },
      membership: { businessId: WS_ACME, memberId: bia.id, role: "admin", status: "active", epoch: 0 },
    });
    expect(await accept(ledger(), WS_ACME, tokenHash, bia.id, at(HOUR))).toEqual({ outcome: "already_accepted" });
    expect(await listPendingInvitations(ledger(), WS_ACME, NOW)).toEqual([]);
    expect(await revokeInvitation(ledger(), WS_ACME, invitation.id, NOW)).toBe(false);
  });

  it("refuses an expired, revoked, unknown or someone else's invitation with its own outcome, writing nothing", async () => {
    const bia = await person(ledger(), "bia@example.com");
    const expired = await invite(WS_ACME, "bia@example.com");
    expect(await accept(ledger(), WS_ACME, expired.tokenHash, bia.id, EXPIRES)).toEqual({ outcome: "expired" });
    const revoked = await invite(WS_ACME, "bia@example.com");
    expect(await revokeInvitation(ledger(), WS_ACME, revoked.invitation.id, NOW)).toBe(true);
    expect(await revokeInvitation(ledger(), WS_ACME, revoked.invitation.id, NOW)).toBe(false);
    expect(await accept(ledger(), WS_ACME, revoked.tokenHash, bia.id)).toEqual({ outcome: "revoked" });
    expect(await accept(ledger(), WS_ACME, newTokenHash(), bia.id)).toEqual({ outcome: "not_found" });
    const forCaio = await invite(WS_ACME, "caio@example.com");
    expect(await accept(ledger(), WS_ACME, forCaio.tokenHash, bia.id)).toEqual({ outcome: "other_email" });
    expect(await getMemberAccess(ledger(), { businessId: WS_ACME, memberId: bia.id })).toBeNull();
    expect((await listPendingInvitations(ledger(), WS_ACME, NOW)).map((i) => i.id).sort()).toEqual(
      [expired.invitation.id, forCaio.invitation.id].sort(),
    );
  });

  it("of concurrent accepts of one invitation, exactly one wins", async () => {
    const { tokenHash } = await invite(WS_ACME, "bia@example.com");
    const bia = await person(ledger(), "bia@example.com");
    const results = await Promise.all(Array.from({ length: 6 }, () => accept(ledger(), WS_ACME, tokenHash, bia.id)));
    expect(results.filter((r) => r.outcome === "accepted")).toHaveLength(1);
    expect(results.filter((r) => r.outcome === "already_accepted")).toHaveLength(5);
  });

  it("an active member stays as they are and the invitation stays pending; a deactivated one comes back with its role", async () => {
    const bia = await memberOf(ledger(), WS_ACME, "bia@example.com", "operator");
    const first = await invite(WS_ACME, "bia@example.com", "support");
    expect(await accept(ledger(), WS_ACME, first.tokenHash, bia.id)).toEqual({ outcome: "already_member" });
    expect((await getMemberAccess(ledger(), { businessId: WS_ACME, memberId: bia.id }))?.role).toBe("operator");
    expect(await findPendingInvitation(ledger(), first.tokenHash, NOW)).not.toBeNull();

    await setMembershipStatus(ledger(), { businessId: WS_ACME, memberId: bia.id }, "deactivated");
    expect(await accept(ledger(), WS_ACME, first.tokenHash, bia.id)).toMatchObject({
      outcome: "accepted",
      membership: { role: "support", status: "active", epoch: 2 },
    });
  });
});

/** Members and invitations: invite, accept (new and existing account), the refusals, role and status changes. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as activity from "@/app/api/activity/route";
import * as invitation from "@/app/api/invitations/[id]/route";
import * as accept from "@/app/api/invitations/accept/route";
import * as invitations from "@/app/api/invitations/route";
import * as member from "@/app/api/members/[id]/route";
import * as memberStatus from "@/app/api/members/[id]/status/route";
import * as memberTwoFactor from "@/app/api/members/[id]/two-factor/route";
import * as members from "@/app/api/members/route";
import * as session from "@/app/api/session/route";
import { appendAudit, enableTotp, findMemberByEmail, getLedger, setMembershipStatus } from "@/lib/server/ledger";
import { sessionDeps } from "@/lib/server/services/context";
import { changeRole, setMemberStatus } from "@/lib/server/services/members/members";
import { ACCESS_TRUST_MS } from "@/lib/server/session/access-cache";
import { resolveSession } from "@/lib/server/session/resolve";
import { openSession } from "@/lib/server/session/session";
import type { ActivityPage } from "@/lib/shared/schemas/activity";
import type { InvitationCreated, InvitationPreview, MembersList } from "@/lib/shared/schemas/members";
import type { SignInStep } from "@/lib/shared/schemas/session";
import {
  ACME,
  call,
  DEMO_PASSWORD,
  personBody,
  sessionCookieFrom,
  signIn,
  startBffHarness,
  type BffHarness,
  type CallResult,
} from "../helpers/bff";

let harness: BffHarness;
let owner: string;
let admin: string;
let betaOwner: string;
const PASSWORD = "a long enough passphrase 42";

beforeAll(async () => {
  harness = await startBffHarness();
  owner = await signIn(session.POST, personBody("owner"));
  admin = await signIn(session.POST, personBody("admin"));
  betaOwner = await signIn(session.POST, personBody("owner", "beta"));
});
afterAll(async () => {
  await harness.close();
});

let seq = 0;
const freshEmail = () => `person${++seq}-${Date.now().toString(36)}@new.example`;
const tokenOf = (created: InvitationCreated) => created.link.slice("/invite/".length);

async function inviteAs(cookie: string, email: string, role: string): Promise<CallResult> {
  return call(invitations.POST, "/api/invitations", { method: "POST", cookie, body: { email, role } });
}
async function invited(cookie: string, email: string, role: string): Promise<InvitationCreated> {
  const result = await inviteAs(cookie, email, role);
  expect(result.status, result.text).toBe(201);
  return result.json.data as InvitationCreated;
}
const acceptNew = (token: string, name = "Nina Nova") =>
  call(accept.POST, "/api/invitations/accept", {
    method: "POST",
    body: { account: "new", token, name, password: PASSWORD },
  });
const acceptExisting = (token: string, email: string, password: string) =>
  call(accept.POST, "/api/invitations/accept", {
    method: "POST",
    body: { account: "existing", token, email, password },
  });
const whoAmI = (cookie: string) => call(session.GET, "/api/session", { cookie });
const idOf = async (email: string) => {
  const person = await findMemberByEmail(await getLedger(), email);
  if (!person) throw new Error(`no account ${email}`);
  return person.id;
};

/** A new person in Acme with `role`, through an invitation; their cookie and id. */
async function newMember(role: string): Promise<{ cookie: string; id: string; email: string }> {
  const email = freshEmail();
  const accepted = await acceptNew(tokenOf(await invited(owner, email, role)));
  expect(accepted.status, accepted.text).toBe(200);
  return { cookie: sessionCookieFrom(accepted), id: await idOf(email), email };
}

const patchRole = (cookie: string, id: string, role: string) =>
  call(member.PATCH, `/api/members/${id}`, { method: "PATCH", cookie, params: { id }, body: { role } });
const putStatus = (cookie: string, id: string, status: string) =>
  call(memberStatus.PUT, `/api/members/${id}/status`, { method: "PUT", cookie, params: { id }, body: { status } });
const resetTwoFactor = (cookie: string, id: string) =>
  call(memberTwoFactor.DELETE, `/api/members/${id}/two-factor`, { method: "DELETE", cookie, params: { id } });

async function auditOf(action: string, targetId: string) {
  const result = await call(activity.GET, `/api/activity?action=${action}&target_id=${targetId}`, { cookie: owner });
  expect(result.status, result.text).toBe(200);
  return (result.json.data as ActivityPage).items;
}

describe("inviting and accepting", () => {
  it("a new account: the link is given once, the page shows the invitation, accepting signs the person in with the role", async () => {
    const email = freshEmail();
    const created = await invited(owner, email, "operator");
    expect(created.link).toMatch(/^\/invite\/[A-Za-z0-9_-]{43}$/);
    expect(created.invitation).toMatchObject({ email, role: "operator" });
    const hours = (Date.parse(created.invitation.expires_at) - Date.parse(created.invitation.created_at)) / 3_600_000;
    expect(Math.round(hours)).toBe(72);

    const list = await call(members.GET, "/api/members", { cookie: owner });
    expect(list.status).toBe(200);
    expect((list.json.data as MembersList).invitations.map((i) => i.email)).toContain(email);
    expect(list.text).not.toContain(tokenOf(created));

    const preview = await call(accept.GET, `/api/invitations/accept?token=${tokenOf(created)}`);
    expect(preview.status).toBe(200);
    expect(preview.json.data as InvitationPreview).toMatchObject({ email, role: "operator", account_exists: false });

    const accepted = await acceptNew(tokenOf(created));
    expect(accepted.status, accepted.text).toBe(200);
    const step = accepted.json.data as SignInStep;
    expect(step).toMatchObject({ next: "done", session: { role: "operator", person: { email } } });
    const cookie = sessionCookieFrom(accepted);
    expect((await whoAmI(cookie)).json.data).toMatchObject({ role: "operator", business: { id: ACME.businessId } });

    const reused = await acceptNew(tokenOf(created), "Someone Else");
    expect(reused.status).toBe(409);
    expect(reused.json.error?.code).toBe("invitation_used");

    // The audit log names the inviter as a person, and the one who joined.
    const ownerId = await idOf("owner@acme.example");
    const [invitedEntry] = await auditOf("member.invited", created.invitation.id);
    expect(invitedEntry?.actor).toMatchObject({ member_id: ownerId, email: "owner@acme.example" });
    const [joined] = await auditOf("member.joined", await idOf(email));
    expect(joined?.actor).toMatchObject({ member_id: await idOf(email), email, role: "operator" });
  });

  it("an existing account (another workspace's person) accepts with its password, throttled like sign-in", async () => {
    const email = "operator@beta.example";
    const created = await invited(owner, email, "finance");
    const preview = await call(accept.GET, `/api/invitations/accept?token=${tokenOf(created)}`);
    expect((preview.json.data as InvitationPreview).account_exists).toBe(true);

    const wrong = await acceptExisting(tokenOf(created), email, "not the password at all");
    expect(wrong.status).toBe(401);
    expect(wrong.json.error?.code).toBe("invalid_login");

    const asNew = await acceptNew(tokenOf(created));
    expect(asNew.status).toBe(409);
    expect(asNew.json.error?.code).toBe("account_exists");

    const accepted = await acceptExisting(tokenOf(created), email, DEMO_PASSWORD);
    expect(accepted.status, accepted.text).toBe(200);
    expect((await whoAmI(sessionCookieFrom(accepted))).json.data).toMatchObject({
      role: "finance",
      business: { id: ACME.businessId },
      person: { email },
    });
  });

  it("a link for another e-mail is refused, and nothing is joined", async () => {
    const created = await invited(owner, freshEmail(), "support");
    const other = await acceptExisting(tokenOf(created), "support@beta.example", DEMO_PASSWORD);
    expect(other.status).toBe(403);
    expect(other.json.error?.code).toBe("invitation_email_mismatch");
    const list = (await call(members.GET, "/api/members", { cookie: owner })).json.data as MembersList;
    expect(list.members.map((m) => m.email)).not.toContain("support@beta.example");
  });

  it("a revoked link is refused; revoking twice, or another workspace's invitation, is a 404", async () => {
    const created = await invited(owner, freshEmail(), "operator");
    const { id } = created.invitation;
    const foreign = await call(invitation.DELETE, `/api/invitations/${id}`, {
      method: "DELETE",
      cookie: betaOwner,
      params: { id },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.json.error?.code).toBe("invitation_not_found");

    const revoked = await call(invitation.DELETE, `/api/invitations/${id}`, {
      method: "DELETE",
      cookie: owner,
      params: { id },
    });
    expect(revoked.status, revoked.text).toBe(200);
    const refused = await acceptNew(tokenOf(created));
    expect(refused.status).toBe(410);
    expect(refused.json.error?.code).toBe("invitation_revoked");
    const again = await call(invitation.DELETE, `/api/invitations/${id}`, {
      method: "DELETE",
      cookie: owner,
      params: { id },
    });
    expect(again.json.error?.code).toBe("invitation_not_found");
    expect((await auditOf("member.invitation_revoked", id)).length).toBe(1);
  });

  it("an unknown link is a 404, a malformed one a 422", async () => {
    const unknown = await acceptNew("A".repeat(43));
    expect(unknown.status).toBe(404);
    expect(unknown.json.error?.code).toBe("invitation_not_found");
    expect((await acceptNew("short")).status).toBe(422);
  });

  it("a new password that breaks the policy is a 422 on the password field", async () => {
    const created = await invited(owner, freshEmail(), "operator");
    const weak = await call(accept.POST, "/api/invitations/accept", {
      method: "POST",
      body: { account: "new", token: tokenOf(created), name: "Weak", password: "short" },
    });
    expect(weak.status).toBe(422);
    expect(weak.json.error?.fields).toEqual({ password: "validation.password.tooShort" });
  });

  it("a person with 2FA is sent to sign in as usual, with no session opened", async () => {
    const person = await newMember("operator");
    await enableTotp(await getLedger(), person.id, "ciphertext-of-a-secret", 1);
    const created = await invited(betaOwner, person.email, "support");
    const accepted = await acceptExisting(tokenOf(created), person.email, PASSWORD);
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json.data).toEqual({ next: "sign_in", email: person.email });
    expect(accepted.setCookies).toEqual([]);
  });
});

describe("who may do what", () => {
  it("an admin cannot invite an owner, make someone owner, or change an owner", async () => {
    const invite = await inviteAs(admin, freshEmail(), "owner");
    expect(invite.status).toBe(403);
    expect(invite.json.error?.code).toBe("role_not_assignable");

    const person = await newMember("operator");
    const promote = await patchRole(admin, person.id, "owner");
    expect(promote.json.error?.code).toBe("role_not_assignable");

    const ownerId = await idOf("owner@acme.example");
    for (const result of [
      await patchRole(admin, ownerId, "admin"),
      await putStatus(admin, ownerId, "deactivated"),
      await resetTwoFactor(admin, ownerId),
    ]) {
      expect(result.status).toBe(403);
      expect(result.json.error?.code).toBe("member_owner_protected");
    }
    // An admin may change an operator.
    expect((await patchRole(admin, person.id, "support")).status).toBe(200);
  });

  it("nobody raises their own role or deactivates themself", async () => {
    const person = await newMember("operator");
    const operatorRaise = await patchRole(person.cookie, person.id, "admin");
    expect(operatorRaise.status).toBe(403);
    expect(operatorRaise.json.error?.code).toBe("forbidden");

    const adminId = await idOf("admin@acme.example");
    const adminRaise = await patchRole(admin, adminId, "owner");
    expect(adminRaise.status).toBe(403);
    expect(adminRaise.json.error?.code).toBe("member_self_change");
    const ownerId = await idOf("owner@acme.example");
    const selfOut = await putStatus(owner, ownerId, "deactivated");
    expect(selfOut.json.error?.code).toBe("member_self_change");
    expect((await whoAmI(owner)).status).toBe(200);
  });

  it("another workspace's owner neither sees nor changes this workspace's members", async () => {
    const person = await newMember("operator");
    const list = (await call(members.GET, "/api/members", { cookie: betaOwner })).json.data as MembersList;
    expect(list.members.map((m) => m.email)).not.toContain(person.email);
    for (const result of [
      await patchRole(betaOwner, person.id, "support"),
      await putStatus(betaOwner, person.id, "deactivated"),
      await resetTwoFactor(betaOwner, person.id),
    ]) {
      expect(result.status).toBe(404);
      expect(result.json.error?.code).toBe("member_not_found");
    }
    expect((await whoAmI(person.cookie)).json.data).toMatchObject({ role: "operator" });
  });

  it("the last active owner cannot be demoted or deactivated, even by an owner acting on a view from before", async () => {
    // Two owners of Beta act on sessions resolved while both were owners: the ledger lets only one of them go.
    const email = freshEmail();
    const accepted = await acceptNew(tokenOf(await invited(betaOwner, email, "owner")));
    const second = sessionCookieFrom(accepted);
    const ledger = await getLedger();
    const depsOf = async (cookie: string) => {
      const opened = await openSession(cookie.slice(cookie.indexOf("=") + 1));
      if (!opened.ok) throw new Error(opened.problem);
      const resolved = await resolveSession(ledger, opened.session);
      if (!resolved.ok) throw new Error(resolved.problem);
      return sessionDeps(resolved.session);
    };
    const [firstDeps, secondDeps] = [await depsOf(betaOwner), await depsOf(second)];
    const firstId = await idOf("owner@beta.example");
    const secondId = await idOf(email);
    await changeRole(secondDeps, { memberId: firstId, role: "admin" });
    await expect(changeRole(firstDeps, { memberId: secondId, role: "admin" })).rejects.toMatchObject({
      code: "last_owner",
      status: 409,
    });
    await expect(setMemberStatus(firstDeps, { memberId: secondId, status: "deactivated" })).rejects.toMatchObject({
      code: "last_owner",
    });
    expect((await whoAmI(second)).json.data).toMatchObject({ role: "owner" });
    // Back as it was, for the other tests.
    await changeRole(secondDeps, { memberId: firstId, role: "owner" });
    betaOwner = await signIn(session.POST, personBody("owner", "beta"));
  });
});

describe("changes end the person's sessions", () => {
  it("deactivating: their cookie is refused at once; reactivating does not bring it back", async () => {
    const person = await newMember("operator");
    expect((await whoAmI(person.cookie)).status).toBe(200);
    const out = await putStatus(owner, person.id, "deactivated");
    expect(out.status, out.text).toBe(200);
    expect(out.json.data).toMatchObject({ status: "deactivated" });
    const refused = await whoAmI(person.cookie);
    expect(refused.status).toBe(401);
    expect(refused.json.error?.details).toMatchObject({ reason: "access_changed" });
    const back = await putStatus(owner, person.id, "active");
    expect(back.status).toBe(200);
    expect((await whoAmI(person.cookie)).status).toBe(401);

    const ownerId = await idOf("owner@acme.example");
    const entries = await auditOf("member.deactivated", person.id);
    expect(entries[0]).toMatchObject({
      actor: { member_id: ownerId, email: "owner@acme.example" },
      target_type: "member",
      target_id: person.id,
      before: { status: "active" },
      after: { status: "deactivated" },
    });
    expect((await auditOf("member.reactivated", person.id)).length).toBe(1);
  });

  it("a change written by another instance is seen here once ACCESS_TRUST_MS has passed", async () => {
    const person = await newMember("operator");
    expect((await whoAmI(person.cookie)).status).toBe(200);
    // Another instance: the ledger changes, this instance's cache is not told.
    await setMembershipStatus(await getLedger(), { businessId: ACME.businessId, memberId: person.id }, "deactivated");
    await harness.clock.skip(ACCESS_TRUST_MS);
    expect((await whoAmI(person.cookie)).status).toBe(401);
  });

  it("changing the role: the old cookie is refused at once, and the audit entry says before and after", async () => {
    const person = await newMember("operator");
    expect((await whoAmI(person.cookie)).status).toBe(200);
    const changed = await patchRole(owner, person.id, "support");
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json.data).toMatchObject({ role: "support" });
    expect((await whoAmI(person.cookie)).status).toBe(401);
    const [entry] = await auditOf("member.role_changed", person.id);
    expect(entry).toMatchObject({
      actor: { email: "owner@acme.example" },
      before: { role: "operator", email: person.email },
      after: { role: "support", email: person.email },
    });
  });

  it("resetting 2FA ends their sessions and turns 2FA off", async () => {
    const person = await newMember("operator");
    await enableTotp(await getLedger(), person.id, "ciphertext-of-a-secret", 1);
    expect((await whoAmI(person.cookie)).status).toBe(200);
    const reset = await resetTwoFactor(owner, person.id);
    expect(reset.status, reset.text).toBe(200);
    expect(reset.json.data).toMatchObject({ two_factor: false });
    expect((await whoAmI(person.cookie)).status).toBe(401);
    expect((await auditOf("member.two_factor_reset", person.id))[0]).toMatchObject({
      before: { two_factor: true },
      after: { two_factor: false },
    });
  });
});

describe("the activity log names people", () => {
  it("an entry written without a member (before personal accounts, or background work) has none; the actor filter still works", async () => {
    await appendAudit(await getLedger(), {
      businessId: ACME.businessId,
      actor: { name: "Typed Name", role: "operator" },
      action: "payout.handled",
      outcome: "success",
    });
    const result = await call(activity.GET, "/api/activity?actor=Typed%20Name", { cookie: owner });
    const items = (result.json.data as ActivityPage).items;
    expect(items).toHaveLength(1);
    expect(items[0]?.actor).toEqual({ name: "Typed Name", role: "operator", member_id: null, email: null });
  });
});

describe("expired links", () => {
  it("a link past its 72 hours is refused (and no longer listed as pending)", async () => {
    const created = await invited(owner, freshEmail(), "operator");
    await harness.clock.skip(72 * 60 * 60 * 1000 + 1_000);
    const preview = await call(accept.GET, `/api/invitations/accept?token=${tokenOf(created)}`);
    expect(preview.json.error?.code).toBe("invitation_expired");
    const expired = await acceptNew(tokenOf(created));
    expect(expired.status).toBe(410);
    expect(expired.json.error?.code).toBe("invitation_expired");
    const list = (await call(members.GET, "/api/members", { cookie: owner })).json.data as MembersList;
    expect(list.invitations.map((i) => i.id)).not.toContain(created.invitation.id);
  });
});

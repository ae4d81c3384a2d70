/**
 * A business id is a UUID, and a UUID is the same id in any case: a person who
 * asks for a workspace with its id in capitals (or a deployment configured with
 * it in capitals, or a cookie holding it so) must land in the business's own
 * scope — its audit log, its revocations — not in a scope of its own that "sign
 * out everywhere" of the real business misses.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as session from "@/app/api/session/route";
import * as sessions from "@/app/api/sessions/route";
import {
  addMembership,
  getLedger,
  getMemberAccess,
  ledgerTimeMicros,
  listAudit,
  type Ledger,
} from "@/lib/server/ledger";
import { resetTenancyForTests } from "@/lib/server/services/session/business";
import { ensureSandboxWorkspaces } from "@/lib/server/services/workspace/sandbox-people";
import { newSessionCookie, sealSession } from "@/lib/server/session/session";
import {
  ACME,
  BETA,
  call,
  personBody,
  sessionCookieFrom,
  signIn,
  startBffHarness,
  type BffHarness,
} from "../helpers/bff";
import { addTestPerson, type TestPerson } from "../helpers/people";

const UPPER = ACME.businessId.toUpperCase();
const BETA_UPPER = BETA.businessId.toUpperCase();

let harness: BffHarness;
let ledger: Ledger;
beforeAll(async () => {
  harness = await startBffHarness();
  // Opening the ledger (migrations) and seeding the demo people are the slow part: done here, not inside a test's time limit.
  ledger = await getLedger();
  await ensureSandboxWorkspaces(ledger);
});
afterAll(async () => {
  await harness.close();
});

afterEach(() => {
  delete process.env.PAYMENTS_BUSINESS_ID;
  resetTenancyForTests();
});

async function auditActions(businessId: string, actor: string): Promise<string[]> {
  const { items } = await listAudit(ledger, businessId, { actor, limit: 200 });
  return items.map((entry) => entry.action);
}

/** A finance person of both Acme and Beta (Acme comes first by name: the workspace a sign-in opens unless asked). */
async function inBoth(name: string): Promise<TestPerson> {
  const person = await addTestPerson(ledger, { businessId: ACME.businessId, role: "finance" }, name);
  await addMembership(ledger, { businessId: BETA.businessId, memberId: person.memberId, role: "finance" });
  return person;
}

const whoIs = (cookie: string) => call(session.GET, "/api/session", { cookie });

describe("a person who asks for a workspace with its id in capitals", () => {
  it("gets the business's own scope: its id in lower case, its name, its audit log", async () => {
    const person = await inBoth("Vera Capitals");
    const result = await call(session.POST, "/api/session", {
      method: "POST",
      body: { ...person.body, businessId: ` ${BETA_UPPER} ` },
    });
    expect(result.status).toBe(200);
    expect(result.json.data).toMatchObject({
      session: { role: "finance", business: { id: BETA.businessId, name: "Beta" } },
    });
    expect(await auditActions(BETA.businessId, "Vera Capitals")).toEqual(["session.sign_in"]);
    expect(await auditActions(BETA_UPPER, "Vera Capitals")).toEqual([]);
    expect(await auditActions(ACME.businessId, "Vera Capitals")).toEqual([]);
  });

  it("is signed out by the business's sign out everywhere (in lower case)", async () => {
    const person = await inBoth("Vera Revoked");
    const capitals = await signIn(session.POST, { ...person.body, businessId: BETA_UPPER });
    expect((await whoIs(capitals)).json.data).toMatchObject({ business: { id: BETA.businessId } });
    const mine = await signIn(session.POST, personBody("admin", "beta"));
    expect((await call(sessions.DELETE, "/api/sessions", { method: "DELETE", cookie: mine })).status).toBe(200);
    const who = await whoIs(capitals);
    expect(who.status).toBe(401);
    expect(who.json.error).toMatchObject({ code: "unauthenticated", details: { reason: "revoked" } });
  });

  // ACME: a business no earlier test here signed out everywhere.
  it("a cookie holding the id in capitals counts as the business's scope", async () => {
    const person = await addTestPerson(ledger, { businessId: ACME.businessId, role: "finance" }, "Vera Legacy");
    const access = await getMemberAccess(ledger, { businessId: ACME.businessId, memberId: person.memberId });
    if (!access) throw new Error("the test person has no membership");
    const sealed = newSessionCookie({
      memberId: person.memberId,
      businessId: UPPER,
      lat: await ledgerTimeMicros(ledger),
      mfa: "none",
      epoch: access.epoch,
      authEpoch: access.authEpoch,
    });
    const cookie = `pixops_session=${await sealSession(sealed)}`;
    const before = await whoIs(cookie);
    expect(before.status).toBe(200);
    expect(before.json.data).toMatchObject({ business: { id: ACME.businessId } });
    // Its own sign-out is recorded in the business's log.
    const other = `pixops_session=${await sealSession({ ...sealed, sid: `${sealed.sid}x` })}`;
    expect((await call(session.DELETE, "/api/session", { method: "DELETE", cookie: other })).status).toBe(200);
    expect(await auditActions(ACME.businessId, "Vera Legacy")).toEqual(["session.sign_out"]);

    const mine = await signIn(session.POST, personBody("admin"));
    expect((await call(sessions.DELETE, "/api/sessions", { method: "DELETE", cookie: mine })).status).toBe(200);
    expect((await whoIs(cookie)).status).toBe(401);
  });
});

describe("a deployment configured with its business id in capitals", () => {
  it("scopes its people (asking for it either way, or not at all) to the lower-case id, so sign out everywhere reaches all", async () => {
    process.env.PAYMENTS_BUSINESS_ID = UPPER;
    resetTenancyForTests();
    const otto = await addTestPerson(ledger, { businessId: ACME.businessId, role: "operator" }, "Otto Pinned");
    const pinnedSignIn = await call(session.POST, "/api/session", { method: "POST", body: otto.body });
    expect(pinnedSignIn.status).toBe(200);
    expect(pinnedSignIn.json.data).toMatchObject({ session: { business: { id: ACME.businessId } } });
    const lowerPerson = await inBoth("Vera Lower");
    const capitalsPerson = await inBoth("Vera Pinned");
    const lower = await signIn(session.POST, { ...lowerPerson.body, businessId: ACME.businessId });
    const capitals = await signIn(session.POST, { ...capitalsPerson.body, businessId: UPPER });
    expect(await auditActions(ACME.businessId, "Otto Pinned")).toEqual(["session.sign_in"]);
    expect(await auditActions(ACME.businessId, "Vera Pinned")).toEqual(["session.sign_in"]);
    expect((await whoIs(capitals)).json.data).toMatchObject({ business: { id: ACME.businessId } });

    const mine = await signIn(session.POST, personBody("admin"));
    expect((await call(sessions.DELETE, "/api/sessions", { method: "DELETE", cookie: mine })).status).toBe(200);
    expect((await whoIs(lower)).status).toBe(401);
    expect((await whoIs(capitals)).status).toBe(401);
    expect((await whoIs(sessionCookieFrom(pinnedSignIn))).status).toBe(401);
  });
});

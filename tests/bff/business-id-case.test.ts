/**
 * A business id is a UUID, and a UUID is the same id in any case: a viewer who
 * types it in capitals (or a deployment configured with it in capitals) must
 * land in the business's own scope — its audit log, its revocations — not in a
 * scope of its own that "sign out everywhere" of the real business misses.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as session from "@/app/api/session/route";
import * as sessions from "@/app/api/sessions/route";
import { getLedger, listAudit } from "@/lib/server/ledger";
import { resetTenancyForTests } from "@/lib/server/services/session/business";
import { newSession, sealSession } from "@/lib/server/session/session";
import { ACME, BETA, call, signIn, startBffHarness, type BffHarness } from "../helpers/bff";

const UPPER = ACME.businessId.toUpperCase();
const BETA_UPPER = BETA.businessId.toUpperCase();
const operator = { apiKey: ACME.apiKey, operatorName: "Olivia Operator" };
const viewer = (businessId: string, operatorName = "Vera Viewer") => ({
  accessToken: ACME.accessToken,
  businessId,
  operatorName,
});

let harness: BffHarness;
beforeAll(async () => {
  harness = await startBffHarness();
  // Opening the ledger (migrations) is the slow part of a first request: done here, not inside a test's time limit.
  await getLedger();
});
afterAll(async () => {
  await harness.close();
});

afterEach(() => {
  delete process.env.PAYMENTS_BUSINESS_ID;
  resetTenancyForTests();
});

async function auditActions(businessId: string, actor: string): Promise<string[]> {
  const { items } = await listAudit(await getLedger(), businessId, { actor, limit: 200 });
  return items.map((entry) => entry.action);
}

const whoIs = (cookie: string) => call(session.GET, "/api/session", { cookie });

describe("a viewer who types the business id in capitals", () => {
  it("gets the business's own scope: its id in lower case, its name, its audit log", async () => {
    const result = await call(session.POST, "/api/session", {
      method: "POST",
      body: viewer(` ${UPPER} `, "Vera Capitals"),
    });
    expect(result.status).toBe(200);
    expect(result.json.data).toMatchObject({ role: "viewer", business: { id: ACME.businessId, name: "Acme" } });
    expect(await auditActions(ACME.businessId, "Vera Capitals")).toEqual(["session.sign_in"]);
    expect(await auditActions(UPPER, "Vera Capitals")).toEqual([]);
  });

  it("is signed out by the business's sign out everywhere (in lower case)", async () => {
    const capitals = await signIn(session.POST, viewer(UPPER));
    const mine = await signIn(session.POST, operator);
    expect((await call(sessions.DELETE, "/api/sessions", { method: "DELETE", cookie: mine })).status).toBe(200);
    const who = await whoIs(capitals);
    expect(who.status).toBe(401);
    expect(who.json.error).toMatchObject({ code: "unauthenticated", details: { reason: "revoked" } });
  });

  // BETA: a business no earlier test here signed out everywhere (a cookie without the ledger's sign-in time counts as a minute older).
  it("a cookie sealed before the fix with the id in capitals counts as the business's scope", async () => {
    const legacy = newSession({
      role: "viewer",
      operatorName: "Vera Legacy",
      business: { id: BETA_UPPER, name: null },
      credential: { kind: "bearer", accessToken: BETA.accessToken, businessId: BETA_UPPER },
      sandbox: true,
    });
    const cookie = `pixops_session=${await sealSession(legacy)}`;
    const before = await whoIs(cookie);
    expect(before.status).toBe(200);
    expect(before.json.data).toMatchObject({ business: { id: BETA.businessId } });
    // Its own sign-out is recorded in the business's log.
    const other = `pixops_session=${await sealSession({ ...legacy, sid: `${legacy.sid}x` })}`;
    expect((await call(session.DELETE, "/api/session", { method: "DELETE", cookie: other })).status).toBe(200);
    expect(await auditActions(BETA.businessId, "Vera Legacy")).toEqual(["session.sign_out"]);

    const mine = await signIn(session.POST, { apiKey: BETA.apiKey, operatorName: "Bruno Beta" });
    expect((await call(sessions.DELETE, "/api/sessions", { method: "DELETE", cookie: mine })).status).toBe(200);
    expect((await whoIs(cookie)).status).toBe(401);
  });
});

describe("a deployment configured with its business id in capitals", () => {
  it("scopes operators and viewers (typed either way) to the lower-case id, so sign out everywhere reaches both", async () => {
    process.env.PAYMENTS_BUSINESS_ID = UPPER;
    resetTenancyForTests();
    const operatorSignIn = await call(session.POST, "/api/session", {
      method: "POST",
      body: { ...operator, operatorName: "Otto Pinned" },
    });
    expect(operatorSignIn.status).toBe(200);
    expect(operatorSignIn.json.data).toMatchObject({ business: { id: ACME.businessId } });
    const lower = await signIn(session.POST, viewer(ACME.businessId, "Vera Lower"));
    const capitals = await signIn(session.POST, viewer(UPPER, "Vera Pinned"));
    expect(await auditActions(ACME.businessId, "Otto Pinned")).toEqual(["session.sign_in"]);
    expect(await auditActions(ACME.businessId, "Vera Pinned")).toEqual(["session.sign_in"]);

    const mine = await signIn(session.POST, operator);
    expect((await call(sessions.DELETE, "/api/sessions", { method: "DELETE", cookie: mine })).status).toBe(200);
    expect((await whoIs(lower)).status).toBe(401);
    expect((await whoIs(capitals)).status).toBe(401);
  });
});

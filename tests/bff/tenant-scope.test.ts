/**
 * Issue 8, item 1: a deployment may serve one business only (PAYMENTS_BUSINESS_ID),
 * and then only that business's people get in, and only to its workspace.
 * Against a "real" API (PAYMENTS_API_URL pointing at the test sandbox, so none
 * of the sandbox's demo knowledge is used; the people were seeded before) and in
 * sandbox mode. With people, a session's scope is always its workspace's
 * business: the per-key scopes of API-key sign-in are gone.
 */
import { createHash } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as session from "@/app/api/session/route";
import * as workspace from "@/app/api/session/workspace/route";
import { resetTenancyForTests, tenancy, TenancyConfigError } from "@/lib/server/services/session/business";
import { emailFingerprint } from "@/lib/server/services/session/person-sign-in-events";
import { ensureSandboxWorkspaces } from "@/lib/server/services/workspace/sandbox-people";
import { addMembership, getLedger, listAudit, listSecurityEvents, type Ledger } from "@/lib/server/ledger";
import {
  ACME,
  BETA,
  betaOperatorBody,
  call,
  countUpstream,
  financeBody,
  operatorBody,
  sessionCookieFrom,
  startBffHarness,
  type BffHarness,
} from "../helpers/bff";
import { addTestPerson } from "../helpers/people";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

let harness: BffHarness;
let ledger: Ledger;
beforeAll(async () => {
  harness = await startBffHarness();
  ledger = await getLedger();
  // The demo people and their workspaces exist before any test leaves sandbox mode.
  await ensureSandboxWorkspaces(ledger);
});
afterAll(async () => {
  await harness.close();
});

const saved = { ...process.env };
afterEach(() => {
  for (const name of [
    "PAYMENTS_API_URL",
    "PAYMENTS_BUSINESS_ID",
    "PAYMENTS_BUSINESS_NAME",
    "PAYMENTS_API_KEY_SHA256",
  ]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  resetTenancyForTests();
});

function configure(env: Record<string, string>): void {
  Object.assign(process.env, env);
  resetTenancyForTests();
}

async function auditRowsOf(businessId: string): Promise<number> {
  return (await listAudit(ledger, businessId, { limit: 200 })).items.length;
}

async function signInAttempt(body: Record<string, string>) {
  return countUpstream(harness.sandbox, () => call(session.POST, "/api/session", { method: "POST", body }));
}

describe("a deployment pinned to one business (real API)", () => {
  const pin = () =>
    configure({
      PAYMENTS_API_URL: harness.sandbox.url,
      PAYMENTS_BUSINESS_ID: ACME.businessId,
      PAYMENTS_BUSINESS_NAME: "Acme Ltda",
      PAYMENTS_API_KEY_SHA256: `sha256:${sha256(ACME.apiKey).toUpperCase()}`,
    });

  it("lets in the business's own people, scoped to the business, without asking the API", async () => {
    pin();
    for (const body of [operatorBody, financeBody]) {
      const { result, requests } = await signInAttempt(body);
      expect(result.status).toBe(200);
      expect(requests).toBe(0);
      expect(result.json.data).toMatchObject({ session: { business: { id: ACME.businessId }, sandbox: false } });
    }
  });

  it("refuses another business's person (right password) with invalid_login: no cookie, nothing upstream, nothing in any tenant's log", async () => {
    pin();
    const before = [await auditRowsOf(ACME.businessId), await auditRowsOf(BETA.businessId)];
    const { result, requests } = await signInAttempt(betaOperatorBody);
    expect(result.status).toBe(401);
    expect(result.json.error).toMatchObject({ code: "invalid_login" });
    expect(result.setCookies).toEqual([]);
    expect(requests).toBe(0);
    expect([await auditRowsOf(ACME.businessId), await auditRowsOf(BETA.businessId)]).toEqual(before);
    // The same answer as a wrong password: the deployment does not tell that the account exists elsewhere.
    const wrong = await signInAttempt({ ...operatorBody, password: "not-the-password" });
    expect(wrong.result.json.error).toEqual(result.json.error);
  });

  it("a person of both businesses is let into this one only: asking for the other, listing, switching", async () => {
    const person = await addTestPerson(ledger, { businessId: BETA.businessId, role: "operator" }, "Bia Both");
    await addMembership(ledger, { businessId: ACME.businessId, memberId: person.memberId, role: "finance" });
    pin();
    const { result, requests } = await signInAttempt({ ...person.body, businessId: BETA.businessId });
    expect(result.status).toBe(200);
    expect(requests).toBe(0);
    expect(result.json.data).toMatchObject({ session: { role: "finance", business: { id: ACME.businessId } } });
    const cookie = sessionCookieFrom(result);
    const mine = await call(workspace.GET, "/api/session/workspace", { cookie });
    expect((mine.json.data as { businessId: string }[]).map((w) => w.businessId)).toEqual([ACME.businessId]);
    const switched = await call(workspace.PUT, "/api/session/workspace", {
      method: "PUT",
      cookie,
      body: { businessId: BETA.businessId },
    });
    expect(switched.status).toBe(404);
    expect(switched.setCookies).toEqual([]);
    expect((await call(session.GET, "/api/session", { cookie })).json.data).toMatchObject({
      business: { id: ACME.businessId },
    });
  });

  it("records a refused sign-in in the security log by the e-mail's fingerprint, never the e-mail", async () => {
    pin();
    await signInAttempt(betaOperatorBody);
    const [event] = await listSecurityEvents(ledger, 1);
    expect(event).toMatchObject({ kind: "sign_in_failed", reason: "invalid_login", credentialKind: "password" });
    expect(event?.credentialFingerprint).toBe(emailFingerprint(betaOperatorBody.email).slice(0, 16));
    expect(JSON.stringify(event)).not.toContain(betaOperatorBody.email);
  });

  it("refuses to start without the key fingerprints, or with malformed ones", () => {
    configure({
      PAYMENTS_API_URL: harness.sandbox.url,
      PAYMENTS_BUSINESS_ID: ACME.businessId,
      PAYMENTS_API_KEY_SHA256: "",
    });
    expect(() => tenancy()).toThrow(TenancyConfigError);
    expect(() => tenancy()).toThrow(/PAYMENTS_API_KEY_SHA256/);
    configure({ PAYMENTS_API_KEY_SHA256: "abc123" });
    expect(() => tenancy()).toThrow(/64 hex digits/);
    configure({ PAYMENTS_BUSINESS_ID: "acme", PAYMENTS_API_KEY_SHA256: sha256(ACME.apiKey) });
    expect(() => tenancy()).toThrow(/UUID/);
  });
});

describe("sandbox mode", () => {
  it("with PAYMENTS_BUSINESS_ID, a demo person of another business is refused, the business's own are let in", async () => {
    configure({ PAYMENTS_BUSINESS_ID: ACME.businessId });
    const beta = await signInAttempt(betaOperatorBody);
    expect(beta.result.status).toBe(401);
    expect(beta.result.json.error?.code).toBe("invalid_login");
    const acme = await signInAttempt(operatorBody);
    expect(acme.result.status).toBe(200);
    expect(acme.result.json.data).toMatchObject({ session: { business: { id: ACME.businessId } } });
  });

  it("without it, each demo person gets their own demo business", async () => {
    const beta = await signInAttempt(betaOperatorBody);
    expect(beta.result.json.data).toMatchObject({ session: { business: { id: BETA.businessId, name: "Beta" } } });
    const acme = await signInAttempt(operatorBody);
    expect(acme.result.json.data).toMatchObject({ session: { business: { id: ACME.businessId, name: "Acme" } } });
  });
});

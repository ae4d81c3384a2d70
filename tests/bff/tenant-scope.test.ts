/**
 * Issue 8, item 1: a deployment serves one business, and a credential must be
 * proven to belong to it. Against a "real" API (PAYMENTS_API_URL pointing at the
 * test sandbox, so none of the sandbox's demo knowledge is used) and in sandbox
 * mode.
 */
import { createHash } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as payouts from "@/app/api/payouts/route";
import * as session from "@/app/api/session/route";
import { resetTenancyForTests, tenancy, TenancyConfigError } from "@/lib/server/services/session/business";
import { getLedger, listAudit, listSecurityEvents } from "@/lib/server/ledger";
import {
  ACME,
  BETA,
  call,
  countUpstream,
  newKey,
  sessionCookieFrom,
  startBffHarness,
  type BffHarness,
} from "../helpers/bff";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const operator = (apiKey: string) => ({ apiKey, operatorName: "Olivia Operator" });
const viewer = (accessToken: string, businessId: string) => ({ accessToken, businessId, operatorName: "Vera Viewer" });

let harness: BffHarness;
beforeAll(async () => {
  harness = await startBffHarness();
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
  return (await listAudit(await getLedger(), businessId, { limit: 200 })).items.length;
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

  it("lets in the business's own key, scoped to the business", async () => {
    pin();
    const { result, requests } = await signInAttempt(operator(ACME.apiKey));
    expect(result.status).toBe(200);
    expect(requests).toBe(1);
    expect(result.json.data).toMatchObject({ role: "operator", business: { id: ACME.businessId, name: "Acme Ltda" } });
  });

  it("refuses another business's working key before trying it, with no cookie and nothing in any tenant's log", async () => {
    pin();
    const before = [await auditRowsOf(ACME.businessId), await auditRowsOf(BETA.businessId)];
    const { result, requests } = await signInAttempt(operator(BETA.apiKey));
    expect(result.status).toBe(403);
    expect(result.json.error).toMatchObject({ code: "credential_not_allowed" });
    expect(result.json.error?.message).toMatch(/not one this dashboard is set up for/);
    expect(result.setCookies).toEqual([]);
    expect(requests).toBe(0);
    expect([await auditRowsOf(ACME.businessId), await auditRowsOf(BETA.businessId)]).toEqual(before);
    const [event] = await listSecurityEvents(await getLedger(), 1);
    expect(event).toMatchObject({
      kind: "sign_in_failed",
      reason: "credential_not_allowed",
      credentialKind: "api_key",
    });
    expect(event?.credentialFingerprint).toBe(sha256(`api_key:${BETA.apiKey}`).slice(0, 16));
  });

  it("refuses a viewer token for another business id before trying it", async () => {
    pin();
    const { result, requests } = await signInAttempt(viewer(BETA.accessToken, BETA.businessId));
    expect(result.status).toBe(403);
    expect(result.json.error).toMatchObject({
      code: "business_not_served",
      fields: { businessId: "login.businessNotServed" },
    });
    expect(requests).toBe(0);
  });

  it("a viewer token of another business presented with this business's id is refused by the API", async () => {
    pin();
    const { result, requests } = await signInAttempt(viewer(BETA.accessToken, ACME.businessId));
    expect(result.status).toBe(401);
    expect(result.json.error).toMatchObject({ code: "invalid_credentials" });
    expect(requests).toBeGreaterThan(0);
  });

  it("lets in this business's viewer token", async () => {
    pin();
    const { result } = await signInAttempt(viewer(ACME.accessToken, ACME.businessId.toUpperCase()));
    expect(result.status).toBe(200);
    expect(result.json.data).toMatchObject({ role: "viewer", business: { id: ACME.businessId } });
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

describe("key pins without a business id", () => {
  it("only the listed keys may sign in; each is its own scope", async () => {
    configure({ PAYMENTS_API_URL: harness.sandbox.url, PAYMENTS_API_KEY_SHA256: sha256(BETA.apiKey) });
    expect((await signInAttempt(operator(ACME.apiKey))).result.status).toBe(403);
    const beta = await signInAttempt(operator(BETA.apiKey));
    expect(beta.result.status).toBe(200);
    expect(beta.result.json.data).toMatchObject({ business: { id: null } });
  });
});

describe("per-key scope (no PAYMENTS_BUSINESS_ID, real API)", () => {
  it("keeps each key's records apart and never shows the key's fingerprint to the browser", async () => {
    configure({ PAYMENTS_API_URL: harness.sandbox.url });
    const acme = await signInAttempt(operator(ACME.apiKey));
    const beta = await signInAttempt(operator(BETA.apiKey));
    expect(acme.result.json.data).toMatchObject({ business: { id: null, name: null } });
    const fingerprint = sha256(ACME.apiKey);
    for (const length of [12, 16, 24, 64]) expect(acme.result.text).not.toContain(fingerprint.slice(0, length));
    const acmeCookie = sessionCookieFrom(acme.result);
    const who = await call(session.GET, "/api/session", { cookie: acmeCookie });
    expect(who.text).not.toContain(fingerprint.slice(0, 12));

    const key = newKey("scope");
    const created = await call(payouts.POST, "/api/payouts", {
      method: "POST",
      cookie: acmeCookie,
      idempotencyKey: key,
      body: { amount_centavos: 1234, pix_key_type: "email", pix_key: "scope@example.com" },
    });
    expect(created.status).toBe(201);
    const acmeRegister = await call(payouts.GET, "/api/payouts", { cookie: acmeCookie });
    const betaRegister = await call(payouts.GET, "/api/payouts", { cookie: sessionCookieFrom(beta.result) });
    expect(acmeRegister.text).toContain(key);
    expect(betaRegister.text).not.toContain(key);
  });
});

describe("sandbox mode", () => {
  it("with PAYMENTS_BUSINESS_ID, a demo key of another business is refused", async () => {
    configure({ PAYMENTS_BUSINESS_ID: ACME.businessId });
    expect((await signInAttempt(operator(BETA.apiKey))).result.status).toBe(403);
    expect((await signInAttempt(operator(ACME.apiKey))).result.status).toBe(200);
  });

  it("without it, each demo key gets its own demo business", async () => {
    const beta = await signInAttempt(operator(BETA.apiKey));
    expect(beta.result.json.data).toMatchObject({ business: { id: BETA.businessId } });
  });
});

/**
 * The workspace's settings (GET/PATCH /api/workspace/settings: owner and admin) and credentials
 * (GET/PUT /api/workspace/credentials: owner only), against the real sandbox (its demo people) and a real ledger.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as paymentLinks from "@/app/api/payment-links/route";
import * as credentials from "@/app/api/workspace/credentials/route";
import * as settings from "@/app/api/workspace/settings/route";
import { enableTotp, getLedger, listAudit, type Ledger } from "@/lib/server/ledger";
import { authenticate } from "@/lib/server/session/authenticate";
import { forgetPersonAccess } from "@/lib/server/session/resolve";
import type { Role } from "@/lib/shared/auth/roles";
import { ACME, APP_ORIGIN, call, personBody, signIn, startBffHarness, type BffHarness } from "../helpers/bff";
import * as session from "@/app/api/session/route";

/** A second API key of Acme's that the sandbox accepts (its directory lists the fingerprint). */
const ROTATED_KEY = "sk_sandbox_acme_rotated_0001";

let harness: BffHarness;
let ledger: Ledger;
const cookies = new Map<Role, string>();
beforeAll(async () => {
  harness = await startBffHarness({ sandbox: { extraApiKeys: [{ business: "acme", apiKey: ROTATED_KEY }] } });
  ledger = await getLedger();
  for (const role of ["owner", "admin", "operator", "finance", "support"] as const)
    cookies.set(role, await signIn(session.POST, personBody(role)));
});
afterAll(async () => {
  await harness.close();
});

const as = (role: Role) => cookies.get(role) ?? "";

async function currentApiKey(cookie: string): Promise<string | null> {
  const auth = await authenticate(`${APP_ORIGIN}/`, new Headers({ cookie, host: "127.0.0.1:3000" }));
  if (!auth.ok) throw new Error(`not signed in: ${auth.problem}`);
  const credential = auth.session.credential;
  return credential?.kind === "api_key" ? credential.apiKey : null;
}

describe("who may see and change what", () => {
  it("owner and admin read the settings; operator, finance and support get 403", async () => {
    for (const role of ["owner", "admin"] as const) {
      const answer = await call(settings.GET, "/api/workspace/settings", { cookie: as(role) });
      expect([role, answer.status]).toEqual([role, 200]);
      expect(answer.json.data).toEqual({
        business: { id: ACME.businessId, name: expect.any(String) },
        require2fa: false,
      });
    }
    for (const role of ["operator", "finance", "support"] as const) {
      const read = await call(settings.GET, "/api/workspace/settings", { cookie: as(role) });
      const write = await call(settings.PATCH, "/api/workspace/settings", {
        method: "PATCH",
        cookie: as(role),
        body: { require2fa: false },
      });
      expect([role, read.status, write.status, write.json.error?.code]).toEqual([role, 403, 403, "forbidden"]);
    }
  });

  it("only the owner sees and replaces the credentials: fingerprint and last 4, never the key", async () => {
    const answer = await call(credentials.GET, "/api/workspace/credentials", { cookie: as("owner") });
    expect(answer.status).toBe(200);
    expect(answer.json.data).toMatchObject({
      api_key: { kind: "api_key", source: "vault", last4: "acme", fingerprint: expect.stringMatching(/^sha256:/) },
      bearer: { kind: "bearer", source: "vault", stored_by: "Sandbox" },
    });
    expect(answer.text).not.toContain(ACME.apiKey);
    expect(answer.text).not.toContain(ACME.accessToken);
    for (const role of ["admin", "operator", "finance", "support"] as const) {
      const read = await call(credentials.GET, "/api/workspace/credentials", { cookie: as(role) });
      const write = await call(credentials.PUT, "/api/workspace/credentials", {
        method: "PUT",
        cookie: as(role),
        body: { kind: "api_key", apiKey: ROTATED_KEY },
      });
      expect([role, read.status, write.status]).toEqual([role, 403, 403]);
    }
  });
});

describe("replacing a credential", () => {
  it("refuses a key the API refuses (422), changing nothing", async () => {
    const before = await call(credentials.GET, "/api/workspace/credentials", { cookie: as("owner") });
    const refused = await call(credentials.PUT, "/api/workspace/credentials", {
      method: "PUT",
      cookie: as("owner"),
      body: { kind: "api_key", apiKey: "sk_sandbox_not_a_key" },
    });
    expect([refused.status, refused.json.error?.code]).toEqual([422, "credential_refused"]);
    // Named on its field, so the settings form shows it next to the key it refused.
    expect(refused.json.error?.fields).toEqual({ apiKey: "fieldErrors.apiKeyRefused" });
    const after = await call(credentials.GET, "/api/workspace/credentials", { cookie: as("owner") });
    expect(after.json.data).toEqual(before.json.data);
    expect(await currentApiKey(as("operator"))).toBe(ACME.apiKey);
  });

  it("stores another valid key, used by the very next request, signing nobody out", async () => {
    expect(await currentApiKey(as("operator"))).toBe(ACME.apiKey);
    const replaced = await call(credentials.PUT, "/api/workspace/credentials", {
      method: "PUT",
      cookie: as("owner"),
      body: { kind: "api_key", apiKey: ROTATED_KEY },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.json.data).toMatchObject({
      api_key: { source: "vault", last4: "0001", stored_by: "Helena Prado" },
    });
    expect(replaced.text).not.toContain(ROTATED_KEY);
    // This instance reads the new key at once (not after the access cache's second).
    expect(await currentApiKey(as("operator"))).toBe(ROTATED_KEY);
    const links = await call(paymentLinks.GET, "/api/payment-links", { cookie: as("operator") });
    expect(links.status).toBe(200);
    const [entry] = (await listAudit(ledger, ACME.businessId, { action: "workspace.credential_stored" })).items;
    expect(entry?.after).toMatchObject({ kind: "api_key", last4: "0001" });
    expect(JSON.stringify(entry)).not.toContain(ROTATED_KEY);
  });
});

describe("requiring two-step verification", () => {
  it("is refused to someone who has not set it up themselves", async () => {
    const answer = await call(settings.PATCH, "/api/workspace/settings", {
      method: "PATCH",
      cookie: as("admin"),
      body: { require2fa: true },
    });
    expect([answer.status, answer.json.error?.fields]).toEqual([
      422,
      { require2fa: "fieldErrors.require2faSelfFirst" },
    ]);
  });

  it("once required, a member without 2FA gets 403 two_factor_required on the next request", async () => {
    // The owner has 2FA (enabled in the ledger directly: enrolment is not what this test is about).
    const owner = await authenticate(`${APP_ORIGIN}/`, new Headers({ cookie: as("owner"), host: "127.0.0.1:3000" }));
    if (!owner.ok) throw new Error("owner not signed in");
    expect(await enableTotp(ledger, owner.session.person.id, "opaque-ciphertext", 1)).toBe(true);
    forgetPersonAccess(); // as the code that turns 2FA on must
    const before = await call(paymentLinks.GET, "/api/payment-links", { cookie: as("operator") });
    expect(before.status).toBe(200);

    const answer = await call(settings.PATCH, "/api/workspace/settings", {
      method: "PATCH",
      cookie: as("owner"),
      body: { require2fa: true },
    });
    expect([answer.status, answer.json.data]).toEqual([
      200,
      { business: { id: ACME.businessId, name: expect.any(String) }, require2fa: true },
    ]);
    const after = await call(paymentLinks.GET, "/api/payment-links", { cookie: as("operator") });
    expect([after.status, after.json.error?.code]).toEqual([403, "two_factor_required"]);
    const [entry] = (await listAudit(ledger, ACME.businessId, { action: "workspace.settings_changed" })).items;
    expect([entry?.before, entry?.after]).toEqual([{ require2fa: false }, { require2fa: true }]);

    const off = await call(settings.PATCH, "/api/workspace/settings", {
      method: "PATCH",
      cookie: as("owner"),
      body: { require2fa: false },
    });
    expect(off.status).toBe(200);
    expect((await call(paymentLinks.GET, "/api/payment-links", { cookie: as("operator") })).status).toBe(200);
  });
});

/**
 * Storing a workspace's credential (lib/server/services/workspace/credentials.ts)
 * against the real sandbox and a real ledger: only what the API accepts is
 * stored, the answer says which credential and never what it is, and a
 * credential the environment provisions wins over a stored one.
 */
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/server/config";
import { BffError } from "@/lib/server/errors/bff-error";
import { getLedger, listWorkspaceCredentialHistory, type Ledger } from "@/lib/server/ledger";
import { asApiCredential, workspaceCredentialSource } from "@/lib/server/security/credential-vault";
import { storeWorkspaceCredential } from "@/lib/server/services/workspace/credentials";
import type { StoreWorkspaceCredentialBody } from "@/lib/shared/schemas/workspace-credential";
import { ACME, BETA, countUpstream, DEMO_NAMES, ownerBody, startBffHarness, type BffHarness } from "../helpers/bff";

let harness: BffHarness;
let ledger: Ledger;
beforeAll(async () => {
  harness = await startBffHarness();
  ledger = await getLedger();
});
afterAll(async () => {
  await harness.close();
});

const PROVISIONING = ["PAYMENTS_API_KEY", "PAYMENTS_ACCESS_TOKEN", "PAYMENTS_BUSINESS_ID"];
afterEach(async () => {
  for (const name of PROVISIONING) delete process.env[name];
  resetConfigForTests();
  await harness.sandbox.clearFaults();
  await ledger.db.execute(sql`TRUNCATE workspace_credentials`);
});

const acmeDeps = () => ({
  ledger,
  businessId: ACME.businessId,
  // Credentials are the owner's to manage; the service records who stored them by name.
  actor: {
    name: DEMO_NAMES.owner,
    role: "owner" as const,
    memberId: "00000000-0000-4000-8000-00000000000a",
    email: ownerBody.email,
  },
});

/** Stores through the service, counting the calls that reached the sandbox. */
function store(input: StoreWorkspaceCredentialBody) {
  return countUpstream(harness.sandbox, () => storeWorkspaceCredential(acmeDeps(), input));
}

/** The BffError `work` ends in, with the sandbox calls it made. */
async function refusal(input: StoreWorkspaceCredentialBody): Promise<{ error: BffError; requests: number }> {
  const { result, requests } = await countUpstream(harness.sandbox, () =>
    storeWorkspaceCredential(acmeDeps(), input).then(
      () => null,
      (error: unknown) => error,
    ),
  );
  expect(result).toBeInstanceOf(BffError);
  return { error: result as BffError, requests };
}

describe("storing a workspace credential", () => {
  it("stores an API key the sandbox accepts, and answers only kind, fingerprint, last 4 and when", async () => {
    const { result, requests, byRoute } = await store({ kind: "api_key", apiKey: ACME.apiKey });
    expect(requests).toBe(1);
    expect(Object.keys(byRoute)).toEqual([expect.stringMatching(/payment[-_]links/)]);
    expect(Object.keys(result.data).sort()).toEqual(["fingerprint", "kind", "last4", "stored_at"]);
    expect(result.data).toMatchObject({
      kind: "api_key",
      last4: "acme",
      fingerprint: expect.stringMatching(/^sha256:/),
    });
    expect(Date.parse(result.data.stored_at)).not.toBeNaN();
    expect(result.requestId).toEqual(expect.any(String));
    expect(JSON.stringify(result)).not.toContain(ACME.apiKey);

    const source = await workspaceCredentialSource(ledger, ACME.businessId, "api_key");
    expect(source?.source).toBe("vault");
    expect(source && asApiCredential(source)).toEqual({ kind: "api_key", apiKey: ACME.apiKey });
    expect(source?.secret.fingerprint).toBe(result.data.fingerprint);
    expect(await workspaceCredentialSource(ledger, BETA.businessId, "api_key")).toBeNull();
  });

  it("stores the business's access token, checked with its business id; it goes out with that id", async () => {
    const { result, byRoute } = await store({ kind: "bearer", accessToken: ACME.accessToken });
    expect(Object.keys(byRoute)).toEqual([expect.stringMatching(/chargebacks/)]);
    expect(result.data.kind).toBe("bearer");
    const source = await workspaceCredentialSource(ledger, ACME.businessId.toUpperCase(), "bearer");
    expect(source && asApiCredential(source)).toEqual({
      kind: "bearer",
      accessToken: ACME.accessToken,
      businessId: ACME.businessId,
    });
  });

  it("refuses a key the API refuses (422 credential_refused) and stores nothing; the stored one stays", async () => {
    await store({ kind: "api_key", apiKey: ACME.apiKey });
    const { error, requests } = await refusal({ kind: "api_key", apiKey: "sk_sandbox_not_a_key" });
    expect([error.status, error.code]).toEqual([422, "credential_refused"]);
    expect(requests).toBeGreaterThan(0);
    expect(error.extra.requestId).toEqual(expect.any(String));
    const history = await listWorkspaceCredentialHistory(ledger, ACME.businessId);
    expect(history).toHaveLength(1);
    const source = await workspaceCredentialSource(ledger, ACME.businessId, "api_key");
    expect(source?.secret.reveal()).toBe(ACME.apiKey);
  });

  it("refuses another business's access token: the API refuses it with this business's id", async () => {
    const { error } = await refusal({ kind: "bearer", accessToken: BETA.accessToken });
    expect(error.code).toBe("credential_refused");
    expect(await listWorkspaceCredentialHistory(ledger, ACME.businessId)).toEqual([]);
  });

  it("refuses another business's API key before calling the API (403 credential_not_allowed)", async () => {
    const { error, requests } = await refusal({ kind: "api_key", apiKey: BETA.apiKey });
    expect([error.status, error.code]).toEqual([403, "credential_not_allowed"]);
    expect(requests).toBe(0);
    expect(await listWorkspaceCredentialHistory(ledger, ACME.businessId)).toEqual([]);
  });

  it("stores nothing when the API cannot answer", async () => {
    await harness.sandbox.addFault({ kind: "error503", path: "/v1/payment-links" });
    // The API's failure as it came (the route turns it into upstream_unavailable), not a refusal of the key.
    await expect(storeWorkspaceCredential(acmeDeps(), { kind: "api_key", apiKey: ACME.apiKey })).rejects.toMatchObject({
      kind: "http",
      status: 503,
    });
    expect(await listWorkspaceCredentialHistory(ledger, ACME.businessId)).toEqual([]);
  });
});

describe("a credential the environment provisions", () => {
  function provision(env: Record<string, string>): void {
    Object.assign(process.env, env);
    resetConfigForTests();
  }

  it("wins over the stored one, which is not even read; other businesses and kinds still use the vault", async () => {
    await store({ kind: "api_key", apiKey: ACME.apiKey });
    await store({ kind: "bearer", accessToken: ACME.accessToken });
    // The stored key no longer opens: reading it would throw.
    await ledger.db.execute(
      sql`UPDATE workspace_credentials SET ciphertext = set_byte(ciphertext, 0, get_byte(ciphertext, 0) # 1) WHERE kind = 'api_key'`,
    );
    await expect(workspaceCredentialSource(ledger, ACME.businessId, "api_key")).rejects.toMatchObject({
      name: "CredentialVaultError",
    });

    provision({ PAYMENTS_API_KEY: "sk_provisioned_0123456789", PAYMENTS_BUSINESS_ID: ACME.businessId.toUpperCase() });
    const source = await workspaceCredentialSource(ledger, ACME.businessId, "api_key");
    expect(source?.source).toBe("environment");
    expect(source?.secret.reveal()).toBe("sk_provisioned_0123456789");
    // The kind the environment does not provision comes from the vault.
    expect((await workspaceCredentialSource(ledger, ACME.businessId, "bearer"))?.source).toBe("vault");
    expect(await workspaceCredentialSource(ledger, BETA.businessId, "api_key")).toBeNull();
  });

  it("makes storing that kind a 409 credential_provisioned, with no API call and nothing stored", async () => {
    provision({ PAYMENTS_API_KEY: ACME.apiKey, PAYMENTS_BUSINESS_ID: ACME.businessId });
    const { error, requests } = await refusal({ kind: "api_key", apiKey: ACME.apiKey });
    expect([error.status, error.code]).toEqual([409, "credential_provisioned"]);
    expect(requests).toBe(0);
    expect(await listWorkspaceCredentialHistory(ledger, ACME.businessId)).toEqual([]);
    // The token is not provisioned: it can be stored.
    expect((await store({ kind: "bearer", accessToken: ACME.accessToken })).result.data.kind).toBe("bearer");
  });
});

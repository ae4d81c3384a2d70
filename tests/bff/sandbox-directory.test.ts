/**
 * In sandbox mode the BFF learns the demo businesses from the running sandbox
 * (GET /__sandbox/businesses), never from sandbox code: a demo key, an extra key
 * configured for a demo business belong to that business's workspace (another
 * business's key is refused before any call), each demo business is a workspace
 * its demo people sign in to; the sign-in page is offered the demo people
 * (never a credential), and nothing against a real API.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as session from "@/app/api/session/route";
import { resetConfigForTests } from "@/lib/server/config";
import { BffError } from "@/lib/server/errors/bff-error";
import { getLedger } from "@/lib/server/ledger";
import { storeWorkspaceCredential } from "@/lib/server/services/workspace/credentials";
import {
  ensureSandboxWorkspaces,
  SANDBOX_DEMO_PASSWORD,
  sandboxDemoPeople,
} from "@/lib/server/services/workspace/sandbox-people";
import { ACME, BETA, call, DEMO_NAMES, personBody, startBffHarness, type BffHarness } from "../helpers/bff";

const EXTRA_KEY = "sk_extra_acme_for_directory_test_0123";

let harness: BffHarness;
beforeAll(async () => {
  harness = await startBffHarness({ sandbox: { extraApiKeys: [{ business: "acme", apiKey: EXTRA_KEY }] } });
  // As at start: the demo workspaces and people are made before anyone signs in.
  await ensureSandboxWorkspaces(await getLedger());
}, 120_000);
afterAll(async () => {
  await harness.close();
});

/** The workspace a demo person's sign-in opens. */
async function workspaceOf(body: Record<string, string>): Promise<unknown> {
  const result = await call(session.POST, "/api/session", { method: "POST", body });
  expect(result.status, result.text).toBe(200);
  return (result.json.data as { session: { business: unknown } }).session.business;
}

/** The credential service as Acme's (or Beta's) owner calls it. */
async function storeKey(businessId: string, apiKey: string) {
  const deps = {
    ledger: await getLedger(),
    businessId,
    actor: { name: DEMO_NAMES.owner, role: "owner" as const, memberId: null, email: null },
  };
  return storeWorkspaceCredential(deps, { kind: "api_key", apiKey }).then(
    (answer) => answer.data,
    (error: unknown) => error,
  );
}

describe("sandbox mode", () => {
  it("each demo business is a workspace its people sign in to", async () => {
    const acme = { id: ACME.businessId, name: "Acme" };
    expect(await workspaceOf(personBody("operator"))).toEqual(acme);
    expect(await workspaceOf(personBody("finance"))).toEqual(acme);
    expect(await workspaceOf(personBody("operator", "beta"))).toEqual({ id: BETA.businessId, name: "Beta" });
  }, 90_000);

  it("a demo key and an extra key of the same business are that workspace's; another business's key is not", async () => {
    expect(await storeKey(ACME.businessId, EXTRA_KEY)).toMatchObject({ kind: "api_key", last4: EXTRA_KEY.slice(-4) });
    expect(await storeKey(ACME.businessId, ACME.apiKey)).toMatchObject({
      kind: "api_key",
      last4: ACME.apiKey.slice(-4),
    });
    for (const [businessId, foreign] of [
      [ACME.businessId, BETA.apiKey],
      [BETA.businessId, ACME.apiKey],
      [BETA.businessId, EXTRA_KEY],
    ] as const) {
      const refused = await storeKey(businessId, foreign);
      expect(refused).toBeInstanceOf(BffError);
      expect((refused as BffError).code).toBe("credential_not_allowed");
    }
  });

  it("the sign-in page is offered the demo people of each business, never a credential", async () => {
    const offered = await sandboxDemoPeople();
    expect(offered.map((p) => `${p.role}@${p.businessName}`)).toEqual([
      "owner@Acme",
      "admin@Acme",
      "operator@Acme",
      "finance@Acme",
      "support@Acme",
      "owner@Beta",
      "admin@Beta",
      "operator@Beta",
      "finance@Beta",
      "support@Beta",
    ]);
    expect(offered[2]).toEqual({
      email: "operator@acme.example",
      name: "Olivia Santos",
      role: "operator",
      businessId: ACME.businessId,
      businessName: "Acme",
    });
    const text = JSON.stringify(offered);
    for (const secret of [EXTRA_KEY, ACME.apiKey, ACME.accessToken, BETA.apiKey, SANDBOX_DEMO_PASSWORD]) {
      expect(text).not.toContain(secret);
    }
  });

  it("against a real API nothing is offered", async () => {
    process.env.PAYMENTS_API_URL = harness.sandbox.url;
    resetConfigForTests();
    try {
      expect(await sandboxDemoPeople()).toEqual([]);
    } finally {
      delete process.env.PAYMENTS_API_URL;
      resetConfigForTests();
    }
  });
});

/**
 * In sandbox mode the BFF learns the demo businesses from the running sandbox
 * (GET /__sandbox/businesses), never from sandbox code: a demo key, an extra key
 * configured for a demo business and that business's viewer token share one
 * scope; the sign-in page is offered the demo people (never a credential), and
 * nothing against a real API.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as session from "@/app/api/session/route";
import { resetConfigForTests } from "@/lib/server/config";
import { SANDBOX_DEMO_PASSWORD, sandboxDemoPeople } from "@/lib/server/services/workspace/sandbox-people";
import { ACME, BETA, call, startBffHarness, type BffHarness } from "../helpers/bff";

const EXTRA_KEY = "sk_extra_acme_for_directory_test_0123";

let harness: BffHarness;
beforeAll(async () => {
  harness = await startBffHarness({ sandbox: { extraApiKeys: [{ business: "acme", apiKey: EXTRA_KEY }] } });
});
afterAll(async () => {
  await harness.close();
});

async function businessOf(body: Record<string, string>): Promise<unknown> {
  const result = await call(session.POST, "/api/session", { method: "POST", body });
  expect(result.status, result.text).toBe(200);
  return (result.json.data as { business: unknown }).business;
}

describe("sandbox mode", () => {
  it("a demo key, an extra key of the same business and its viewer token share the business's scope", async () => {
    const acme = { id: ACME.businessId, name: "Acme" };
    expect(await businessOf({ apiKey: ACME.apiKey, operatorName: "Olivia" })).toEqual(acme);
    expect(await businessOf({ apiKey: EXTRA_KEY, operatorName: "Olivia" })).toEqual(acme);
    expect(
      await businessOf({ accessToken: ACME.accessToken, businessId: ACME.businessId, operatorName: "Vera" }),
    ).toEqual(acme);
    expect(await businessOf({ apiKey: BETA.apiKey, operatorName: "Bruno" })).toEqual({
      id: BETA.businessId,
      name: "Beta",
    });
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

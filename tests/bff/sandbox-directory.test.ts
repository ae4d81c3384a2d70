/**
 * In sandbox mode the BFF learns the demo businesses from the running sandbox
 * (GET /__sandbox/businesses), never from sandbox code: a demo key, an extra key
 * configured for a demo business and that business's viewer token share one
 * scope; the sign-in page is offered the public demo credentials only, and
 * nothing against a real API.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as session from "@/app/api/session/route";
import { resetConfigForTests } from "@/lib/server/config";
import { demoSignInCredentials } from "@/lib/server/services/session/business";
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

  it("the sign-in page is offered the demo credentials, never an extra key", async () => {
    const offered = await demoSignInCredentials();
    expect(offered).toEqual([
      { name: "Acme", apiKey: ACME.apiKey, accessToken: ACME.accessToken, businessId: ACME.businessId },
      { name: "Beta", apiKey: BETA.apiKey, accessToken: BETA.accessToken, businessId: BETA.businessId },
    ]);
    expect(JSON.stringify(offered)).not.toContain(EXTRA_KEY);
  });

  it("against a real API nothing is offered", async () => {
    process.env.PAYMENTS_API_URL = harness.sandbox.url;
    resetConfigForTests();
    try {
      expect(await demoSignInCredentials()).toEqual([]);
    } finally {
      delete process.env.PAYMENTS_API_URL;
      resetConfigForTests();
    }
  });
});

/**
 * GET /__sandbox/businesses: what the dashboard learns about the demo
 * businesses in sandbox mode. Extra keys (SANDBOX_EXTRA_API_KEYS) are listed by
 * fingerprint only, so no response carries one.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACME, BETA } from "@/sandbox/businesses";
import { startTestSandbox, type TestSandbox } from "../helpers/sandbox";

const EXTRA_KEY = "sk_extra_for_acme_0123456789";
const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ extraApiKeys: [{ business: "acme", apiKey: EXTRA_KEY }] });
});
afterAll(async () => {
  await sandbox.close();
});

describe("GET /__sandbox/businesses", () => {
  it("lists each demo business with its key fingerprints and public demo credentials", async () => {
    const res = await fetch(`${sandbox.url}/__sandbox/businesses`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const body = JSON.parse(text) as {
      data: Array<{
        id: string;
        name: string;
        api_key_sha256: string[];
        demo: { api_key: string; access_token: string };
      }>;
    };
    expect(body.data).toEqual([
      {
        id: ACME.id,
        name: "Acme",
        api_key_sha256: [sha256(ACME.apiKey), sha256(EXTRA_KEY)],
        demo: { api_key: ACME.apiKey, access_token: ACME.accessToken },
      },
      {
        id: BETA.id,
        name: "Beta",
        api_key_sha256: [sha256(BETA.apiKey)],
        demo: { api_key: BETA.apiKey, access_token: BETA.accessToken },
      },
    ]);
    expect(text).not.toContain(EXTRA_KEY);
  });

  it("is read-only", async () => {
    const res = await fetch(`${sandbox.url}/__sandbox/businesses`, { method: "POST" });
    expect(res.status).toBe(405);
  });
});

/**
 * First run against a real API (docs/accounts.md, "First run"): the one-time setup link printed at start, and
 * POST /api/setup making its holder the owner. The sandbox plays the real API (PAYMENTS_API_URL points at it,
 * so isSandboxMode() is false and none of its demo people exist); a real PGlite ledger.
 */
import { createHash, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as setup from "@/app/api/setup/route";
import * as session from "@/app/api/session/route";
import { isSandboxMode, resetConfigForTests } from "@/lib/server/config";
import { anyActiveOwner, getLedger, listAudit, listWorkspaceCredentialHistory, type Ledger } from "@/lib/server/ledger";
import { workspaceCredentialSource } from "@/lib/server/security/credential-vault";
import { announceSetupLink, issueSetupLink, SETUP_LINK_LIFETIME_MS } from "@/lib/server/services/workspace/setup-link";
import { ACME, call, countUpstream, sessionCookieFrom, startBffHarness, type BffHarness } from "../helpers/bff";
import { captureLogs } from "../helpers/logs";

let harness: BffHarness;
let ledger: Ledger;
beforeAll(async () => {
  harness = await startBffHarness();
  ledger = await getLedger();
});
afterAll(async () => {
  await harness.close();
});

function realApi(): void {
  process.env.PAYMENTS_API_URL = harness.sandbox.url;
  resetConfigForTests();
}
beforeEach(async () => {
  realApi();
  await ledger.db.execute(
    sql`TRUNCATE audit_log, workspace_credentials, memberships, members, workspaces, setup_tokens, rate_limits CASCADE`,
  );
});
afterEach(() => {
  for (const name of ["PAYMENTS_API_URL", "PAYMENTS_BUSINESS_ID", "PAYMENTS_API_KEY_SHA256"]) delete process.env[name];
  resetConfigForTests();
});

/** A deployment for one business (its id, and its key's fingerprint): where an access token can be stored too. */
function pinToAcme(): void {
  process.env.PAYMENTS_BUSINESS_ID = ACME.businessId;
  process.env.PAYMENTS_API_KEY_SHA256 = createHash("sha256").update(ACME.apiKey).digest("hex");
  resetConfigForTests();
}

const tokenOf = (url: string) => new URL(url).searchParams.get("token") ?? "";

async function freshToken(now = new Date()): Promise<string> {
  return tokenOf((await issueSetupLink(ledger, now)).url);
}

const PASSWORD = "a long and unusual passphrase";
const form = (token: string, extra: Record<string, string> = {}) => ({
  token,
  name: "Helena Prado",
  email: "helena@acme.example",
  password: PASSWORD,
  apiKey: ACME.apiKey,
  ...extra,
});

/** POST /api/setup from an address of its own (each test its own throttle budget). */
function postSetup(body: Record<string, unknown>) {
  return call(setup.POST, "/api/setup", {
    method: "POST",
    body,
    headers: { "x-forwarded-for": `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
}

async function count(table: "members" | "workspaces" | "memberships" | "audit_log"): Promise<number> {
  const result = await ledger.db.execute<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
  const rows = (result as unknown as { rows: { n: number }[] }).rows;
  return rows[0]?.n ?? -1;
}

async function nothingCreated(): Promise<void> {
  expect([await count("members"), await count("workspaces"), await count("memberships")]).toEqual([0, 0, 0]);
  expect(await listWorkspaceCredentialHistory(ledger, ACME.businessId)).toEqual([]);
}

describe("the setup link printed at start", () => {
  it("prints one line on stderr with the whole link, usable as printed, when no workspace has an owner", async () => {
    expect(isSandboxMode()).toBe(false);
    const logs = captureLogs();
    let link;
    try {
      link = await announceSetupLink(ledger, new Date());
    } finally {
      logs.restore();
    }
    expect(link).not.toBeNull();
    expect(logs.stdout).toEqual([]);
    expect(logs.stderr).toHaveLength(1);
    const line = logs.stderr[0] ?? {};
    expect(line).toMatchObject({ level: "warn", event: "setup.link", url: link?.url });
    expect(String(line.url)).toMatch(/^http:\/\/127\.0\.0\.1:3000\/setup\?token=[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(String(line.expiresAt)) - Date.now()).toBeGreaterThan(SETUP_LINK_LIFETIME_MS - 60_000);
    // The printed token is the one that works (the ledger holds only its hash).
    const answer = await postSetup(form(tokenOf(String(line.url))));
    expect(answer.status).toBe(200);
  });

  it("uses APP_ORIGIN when set, and prints nothing once a workspace has an owner, nor in sandbox mode", async () => {
    process.env.APP_ORIGIN = "https://dash.example.com";
    resetConfigForTests();
    const logs = captureLogs();
    try {
      const link = await announceSetupLink(ledger, new Date());
      expect(link?.url.startsWith("https://dash.example.com/setup?token=")).toBe(true);
    } finally {
      logs.restore();
      delete process.env.APP_ORIGIN;
      resetConfigForTests();
    }
    expect((await postSetup(form(await freshToken()))).status).toBe(200);
    expect(await anyActiveOwner(ledger)).toBe(true);
    expect(await announceSetupLink(ledger, new Date())).toBeNull();
    await ledger.db.execute(sql`TRUNCATE memberships, members, workspaces, workspace_credentials, audit_log CASCADE`);
    delete process.env.PAYMENTS_API_URL;
    resetConfigForTests();
    expect(await announceSetupLink(ledger, new Date())).toBeNull();
  });
});

describe("POST /api/setup", () => {
  it("makes the link's holder the owner, stores the key encrypted, signs them in, and the link works once", async () => {
    pinToAcme();
    const token = await freshToken();
    const { result, byRoute } = await countUpstream(harness.sandbox, () =>
      postSetup(form(token, { accessToken: ACME.accessToken })),
    );
    expect(result.status).toBe(200);
    expect(Object.keys(byRoute).sort()).toEqual([
      expect.stringMatching(/chargebacks/),
      expect.stringMatching(/payment/),
    ]);
    expect(result.json.data).toMatchObject({
      next: "done",
      session: { role: "owner", person: { name: "Helena Prado", email: "helena@acme.example" } },
    });
    expect(result.json.data).toMatchObject({ session: { business: { id: ACME.businessId } } });
    expect(result.text).not.toContain(ACME.apiKey);
    expect(result.text).not.toContain(ACME.accessToken);

    // Signed in: the cookie works, and the workspace's key is the one given, kept encrypted.
    const cookie = sessionCookieFrom(result);
    const who = await call(session.GET, "/api/session", { cookie });
    expect(who.json.data).toMatchObject({ role: "owner", credentialMissing: false });
    const stored = await ledger.db.execute<{ ciphertext: Uint8Array }>(
      sql`SELECT ciphertext FROM workspace_credentials WHERE kind = 'api_key'`,
    );
    const ciphertext = Buffer.from(
      (stored as unknown as { rows: { ciphertext: Uint8Array }[] }).rows[0]?.ciphertext ?? [],
    );
    expect(ciphertext.length).toBeGreaterThan(0);
    expect(ciphertext.toString("latin1")).not.toContain(ACME.apiKey);
    expect((await workspaceCredentialSource(ledger, ACME.businessId, "api_key"))?.secret.reveal()).toBe(ACME.apiKey);
    expect((await workspaceCredentialSource(ledger, ACME.businessId, "bearer"))?.secret.reveal()).toBe(
      ACME.accessToken,
    );

    // The password works for a later sign-in.
    const later = await call(session.POST, "/api/session", {
      method: "POST",
      body: { email: "helena@acme.example", password: PASSWORD },
    });
    expect(later.status).toBe(200);

    // The audit log says what happened, by fingerprint only.
    const audit = (await listAudit(ledger, ACME.businessId)).items.map((row) => row.action).sort();
    expect(audit).toEqual([
      "member.joined",
      "session.sign_in",
      "session.sign_in",
      "workspace.created",
      "workspace.credential_stored",
      "workspace.credential_stored",
    ]);
    expect(JSON.stringify(await listAudit(ledger, ACME.businessId))).not.toContain(ACME.apiKey);

    // A second use of the same link: refused, nothing more created.
    const again = await postSetup(form(token, { email: "someone@acme.example" }));
    expect([again.status, again.json.error?.code]).toEqual([410, "setup_link_expired"]);
    expect(again.setCookies).toEqual([]);
    expect(await count("members")).toBe(1);
  });

  it("refuses an expired link (410) and an unknown one (401), with a clear message, creating nothing", async () => {
    const expired = await freshToken(new Date(Date.now() - SETUP_LINK_LIFETIME_MS - 1_000));
    const late = await postSetup(form(expired));
    expect([late.status, late.json.error?.code]).toEqual([410, "setup_link_expired"]);
    expect(late.json.error?.message).toMatch(/npm run setup-link/);

    const { result: unknown, requests } = await countUpstream(harness.sandbox, () =>
      postSetup(form(randomUUID().replaceAll("-", "") + "abcdefgh")),
    );
    expect([unknown.status, unknown.json.error?.code]).toEqual([401, "setup_link_invalid"]);
    expect(unknown.json.error?.message).toMatch(/npm run setup-link/);
    // A link that is not usable never gets the API key tried.
    expect(requests).toBe(0);
    await nothingCreated();
  });

  it("does not use up the link when the API refuses the key, or a key not allowed here is refused", async () => {
    const token = await freshToken();
    const refused = await postSetup(form(token, { apiKey: "sk_sandbox_not_a_key" }));
    expect([refused.status, refused.json.error?.code]).toEqual([422, "credential_refused"]);
    expect(refused.json.error?.fields).toEqual({ apiKey: "fieldErrors.apiKeyRefused" });
    await nothingCreated();
    pinToAcme();
    const otherBusiness = await postSetup(form(token, { apiKey: "sk_sandbox_beta" }));
    expect([otherBusiness.status, otherBusiness.json.error?.code]).toEqual([403, "credential_not_allowed"]);
    await nothingCreated();
    const refusedToken = await postSetup(form(token, { accessToken: "at_sandbox_not_a_token" }));
    expect(refusedToken.json.error?.fields).toEqual({ accessToken: "fieldErrors.accessTokenRefused" });
    await nothingCreated();

    const retried = await postSetup(form(token));
    expect(retried.status).toBe(200);
  });

  it("without PAYMENTS_BUSINESS_ID, makes the key its own workspace, where no access token can go", async () => {
    const token = await freshToken();
    const withToken = await postSetup(form(token, { accessToken: ACME.accessToken }));
    expect([withToken.status, withToken.json.error?.fields]).toEqual([
      422,
      { accessToken: "fieldErrors.accessTokenNeedsBusinessId" },
    ]);
    const answer = await postSetup(form(token));
    expect(answer.status).toBe(200);
    expect(answer.json.data).toMatchObject({ session: { role: "owner" } });
    const [workspace] = (
      (await ledger.db.execute(sql`SELECT business_id FROM workspaces`)) as unknown as {
        rows: { business_id: string }[];
      }
    ).rows;
    expect(workspace?.business_id).toMatch(/^key_[0-9a-f]{24}$/);
  });

  it("refuses a weak password and a missing API key (422) without using the link", async () => {
    const token = await freshToken();
    const weak = await postSetup(form(token, { password: "short" }));
    expect([weak.status, weak.json.error?.fields?.password]).toEqual([422, "validation.password.tooShort"]);
    const same = await postSetup(form(token, { password: "helena@acme.example" }));
    expect(same.json.error?.fields?.password).toBe("validation.password.isEmail");
    const { apiKey: _omitted, ...withoutKey } = form(token);
    const noKey = await postSetup(withoutKey);
    expect([noKey.status, noKey.json.error?.fields?.apiKey]).toEqual([422, "validation.required"]);
    await nothingCreated();
    expect((await postSetup(form(token))).status).toBe(200);
  });

  it("is over once a workspace has an owner: another valid link is refused (409 setup_complete)", async () => {
    const first = await freshToken();
    const second = await freshToken();
    expect((await postSetup(form(first))).status).toBe(200);
    const late = await postSetup(form(second, { email: "intruder@acme.example" }));
    expect([late.status, late.json.error?.code]).toEqual([409, "setup_complete"]);
    expect(await count("members")).toBe(1);
  });

  it("is refused in sandbox mode (409 setup_not_needed), where the demo people exist", async () => {
    const token = await freshToken();
    delete process.env.PAYMENTS_API_URL;
    resetConfigForTests();
    const answer = await postSetup(form(token));
    expect([answer.status, answer.json.error?.code]).toEqual([409, "setup_not_needed"]);
    expect(await count("members")).toBe(0);
  });
});

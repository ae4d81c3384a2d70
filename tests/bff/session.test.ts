import { unsealData, sealData } from "iron-session";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as payouts from "@/app/api/payouts/route";
import * as session from "@/app/api/session/route";
import { changeMemberRole, getLedger, ledgerTimeMicros, setMembershipStatus, type Ledger } from "@/lib/server/ledger";
import { ensureSandboxWorkspaces } from "@/lib/server/services/workspace/sandbox-people";
import { ACCESS_TRUST_MS } from "@/lib/server/session/access-cache";
import { ConfigError, getSessionConfig, resetSessionConfigForTests } from "@/lib/server/session/config";
import { forgetWorkspaceAccess } from "@/lib/server/session/resolve";
import { newSessionId } from "@/lib/server/session/session";
import type { Role } from "@/lib/shared/auth/roles";
import {
  ACME,
  BETA,
  call,
  countUpstream,
  DEMO_NAMES,
  DEMO_PASSWORD,
  financeBody,
  operatorBody,
  personBody,
  sessionCookieFrom,
  signIn,
  startBffHarness,
  TEST_SECRET,
  type BffHarness,
} from "../helpers/bff";
import { addTestPerson } from "../helpers/people";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SECRET_B = "second-session-secret-abcdefghij-0123456789";
const SECRET_C = "third-session-secret-klmnopqrstuv-9876543210";

let harness: BffHarness;
let ledger: Ledger;
beforeAll(async () => {
  // `proto: "https"` calls stand for a TLS-terminating proxy's X-Forwarded-Proto, which only a deployment that trusts its proxy reads.
  harness = await startBffHarness({ env: { TRUST_PROXY: "1" } });
  ledger = await getLedger();
  // The demo people (argon2 and the sandbox's directory): seeded here, not inside the first test's time limit.
  await ensureSandboxWorkspaces(ledger);
});
afterAll(async () => {
  await harness.close();
});

const getSession = (cookie: string | null, proto: "http" | "https" = "http") =>
  call(session.GET, "/api/session", { cookie, proto });
const signOut = (cookie: string) => call(session.DELETE, "/api/session", { method: "DELETE", cookie });
const postSession = (body: unknown, proto: "http" | "https" = "http") =>
  call(session.POST, "/api/session", { method: "POST", body, proto });

function cookieAttributes(setCookie: string): string[] {
  return setCookie
    .split(";")
    .slice(1)
    .map((a) => a.trim().toLowerCase());
}

function withSecret(value: string): void {
  process.env.SESSION_SECRET = value;
  resetSessionConfigForTests();
}

/** Changes one character inside the encrypted part of the seal. */
function tamper(cookie: string): string {
  const eq = cookie.indexOf("=");
  const parts = decodeURIComponent(cookie.slice(eq + 1)).split("*");
  const encrypted = parts[4] ?? "";
  const i = Math.floor(encrypted.length / 2);
  parts[4] = `${encrypted.slice(0, i)}${encrypted[i] === "A" ? "B" : "A"}${encrypted.slice(i + 1)}`;
  return `${cookie.slice(0, eq)}=${encodeURIComponent(parts.join("*"))}`;
}

function expectUnauthenticated(result: Awaited<ReturnType<typeof getSession>>, reason?: string): void {
  expect(result.status).toBe(401);
  expect(result.json.error?.code).toBe("unauthenticated");
  expect(result.json.data).toBeNull();
  if (reason) expect(result.json.error?.details?.reason).toBe(reason);
}

interface SignedInData {
  next: string;
  session: { expiresAt: string; role: Role; business: { id: string } };
}
const signedInData = (result: Awaited<ReturnType<typeof postSession>>) => result.json.data as SignedInData;

describe("sign-in", () => {
  it("a person: 200 with the session info and an HttpOnly, SameSite=Strict cookie (no Secure over http)", async () => {
    const result = await postSession(operatorBody);
    expect(result.status).toBe(200);
    expect(result.json.error).toBeNull();
    // Sign-in asks the ledger only (no API call), so the request id is the BFF's own.
    expect(result.json.request_id).toMatch(/^bff_[0-9a-f]{20}$/);
    expect(result.json.data).toMatchObject({
      next: "done",
      session: {
        person: { name: DEMO_NAMES.operator, email: "operator@acme.example" },
        role: "operator",
        business: { id: ACME.businessId, name: "Acme" },
        sandbox: true,
        twoFactor: { enabled: false, pending: false },
        credentialMissing: false,
        idleTimeoutSeconds: 1800,
      },
    });
    expect(result.setCookies).toHaveLength(1);
    const setCookie = result.setCookies[0] ?? "";
    expect(setCookie).toMatch(/^pixops_session=[^;]+/);
    const attributes = cookieAttributes(setCookie);
    expect(attributes).toContain("httponly");
    expect(attributes).toContain("samesite=strict");
    expect(attributes).toContain("path=/");
    expect(attributes).not.toContain("secure");
    expect(attributes.some((a) => a.startsWith("domain="))).toBe(false);
    expect(Buffer.byteLength(setCookie)).toBeLessThan(4096);
  });

  it("over https the cookie is __Host- prefixed and Secure, and only that name is read there", async () => {
    const result = await postSession(operatorBody, "https");
    expect(result.status).toBe(200);
    const setCookie = result.setCookies[0] ?? "";
    expect(setCookie).toMatch(/^__Host-pixops_session=[^;]+/);
    const attributes = cookieAttributes(setCookie);
    expect(attributes).toContain("secure");
    expect(attributes).toContain("httponly");
    expect(attributes).toContain("samesite=strict");
    expect(attributes).toContain("path=/");
    expect(attributes.some((a) => a.startsWith("domain="))).toBe(false);
    expect(Buffer.byteLength(setCookie)).toBeLessThan(4096);

    const cookie = sessionCookieFrom(result);
    expect((await getSession(cookie, "https")).status).toBe(200);
    // The __Host- cookie is not the session of a plain-http request.
    expect((await getSession(cookie, "http")).status).toBe(401);
  });

  it.each([
    [
      "a chain of proxies (X-Forwarded-Proto: https, http)",
      { "x-forwarded-proto": "https, http", origin: "https://127.0.0.1:3000" },
      true,
    ],
    [
      "an https URL that the proxy says arrived over http",
      { "x-forwarded-proto": "http", origin: "http://127.0.0.1:3000" },
      false,
    ],
  ])("behind %s, sign-in and the next request agree on the cookie", async (_label, headers, secure) => {
    // The handler sees the URL Next.js gives it; the proxy's header says how the browser connected.
    const url = secure ? "http://127.0.0.1:3000/api/session" : "https://127.0.0.1:3000/api/session";
    const base = { host: "127.0.0.1:3000", ...headers };
    const signInResponse = await session.POST(
      new Request(url, {
        method: "POST",
        headers: {
          ...base,
          "sec-fetch-site": "same-origin",
          "x-requested-by": "dashboard",
          "content-type": "application/json",
        },
        body: JSON.stringify(operatorBody),
      }),
    );
    expect(signInResponse.status).toBe(200);
    const setCookie = signInResponse.headers.getSetCookie()[0] ?? "";
    expect(setCookie.startsWith("__Host-")).toBe(secure);
    expect(cookieAttributes(setCookie).includes("secure")).toBe(secure);
    const next = await session.GET(new Request(url, { headers: { ...base, cookie: setCookie.split(";")[0] ?? "" } }));
    expect(next.status).toBe(200);
  });

  it.each(["owner", "admin", "operator", "finance", "support"] as const)(
    "%s: signs in with e-mail and password and gets that role, in the same session afterwards",
    async (role) => {
      const result = await postSession(personBody(role));
      expect(result.status).toBe(200);
      expect(result.json.data).toMatchObject({
        next: "done",
        session: { person: { name: DEMO_NAMES[role] }, role, business: { id: ACME.businessId, name: "Acme" } },
      });
      const info = await getSession(sessionCookieFrom(result));
      expect(info.status).toBe(200);
      expect(info.json.data).toMatchObject({ role, person: { email: `${role}@acme.example` } });
    },
  );

  it("the e-mail is matched whatever its case and surrounding spaces", async () => {
    const result = await postSession({ email: "  Operator@ACME.example ", password: DEMO_PASSWORD });
    expect(result.status).toBe(200);
    expect(signedInData(result).session.role).toBe("operator");
  });

  it("unknown e-mail, wrong password, no active workspace: one answer, 401 invalid_login, no cookie, nothing upstream", async () => {
    const noWorkspace = await addTestPerson(ledger, null, "Nadia Nowhere");
    const deactivated = await addTestPerson(
      ledger,
      { businessId: ACME.businessId, role: "operator" },
      "Davi Desligado",
    );
    await setMembershipStatus(ledger, { businessId: ACME.businessId, memberId: deactivated.memberId }, "deactivated");
    const attempts = {
      "unknown e-mail": { email: "nobody@acme.example", password: DEMO_PASSWORD },
      "wrong password": { ...operatorBody, password: "not-the-password" },
      "right password, no membership": noWorkspace.body,
      "right password, deactivated membership": deactivated.body,
    };
    const answers: unknown[] = [];
    for (const [label, body] of Object.entries(attempts)) {
      const { result, requests } = await countUpstream(harness.sandbox, () => postSession(body));
      expect([label, result.status, result.json.data]).toEqual([label, 401, null]);
      expect(result.setCookies, label).toEqual([]);
      expect(result.headers.get("set-cookie"), label).toBeNull();
      expect(requests, label).toBe(0);
      answers.push(result.json.error);
    }
    expect(answers[0]).toMatchObject({ code: "invalid_login" });
    // The same code, message and (no) details whatever was wrong: the answer tells nothing about the account.
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });

  it("a person asking for another business's workspace at sign-in is opened in their own, never that one", async () => {
    const result = await postSession({ ...operatorBody, businessId: BETA.businessId });
    expect(result.status).toBe(200);
    expect(signedInData(result).session.business.id).toBe(ACME.businessId);
    const info = await getSession(sessionCookieFrom(result));
    expect(info.json.data).toMatchObject({ business: { id: ACME.businessId } });
  });

  it.each([
    ["fields too short", { email: "x", password: "" }, ["email", "password"]],
    ["an e-mail without @", { email: "operator.acme.example", password: DEMO_PASSWORD }, ["email"]],
    ["a non-uuid business id", { ...operatorBody, businessId: "acme" }, ["businessId"]],
  ])("an invalid body (%s) is 422 with fields and makes no upstream call", async (_label, body, fields) => {
    const { result, requests } = await countUpstream(harness.sandbox, () => postSession(body));
    expect(result.status).toBe(422);
    expect(result.json.error?.code).toBe("validation_error");
    expect(Object.keys(result.json.error?.fields ?? {}).sort()).toEqual([...fields].sort());
    expect(result.setCookies).toEqual([]);
    expect(requests).toBe(0);
  });

  it("a body of the previous sign-in (API key and a typed name) is 422 naming e-mail and password, with no upstream call", async () => {
    const { result, requests } = await countUpstream(harness.sandbox, () =>
      postSession({ apiKey: ACME.apiKey, operatorName: "Olivia Operator" }),
    );
    expect(result.status).toBe(422);
    expect(Object.keys(result.json.error?.fields ?? {}).sort()).toEqual(["email", "password"]);
    expect(result.setCookies).toEqual([]);
    expect(requests).toBe(0);
  });
});

describe("GET /api/session", () => {
  it("returns who is signed in, and never the credential", async () => {
    const operator = await getSession(await signIn(session.POST, operatorBody));
    expect(operator.status).toBe(200);
    expect(Object.keys(operator.json.data as object).sort()).toEqual([
      "business",
      "credentialMissing",
      "expiresAt",
      "idleTimeoutSeconds",
      "person",
      "role",
      "sandbox",
      "twoFactor",
    ]);
    expect(operator.json.data).toMatchObject({
      person: { name: DEMO_NAMES.operator, email: "operator@acme.example" },
      role: "operator",
      business: { id: ACME.businessId, name: "Acme" },
      sandbox: true,
    });
    expect(operator.text).not.toContain(ACME.apiKey);
    expect(operator.text).not.toContain(ACME.accessToken);

    // Finance uses the workspace's access token upstream: that is not shown either.
    const finance = await getSession(await signIn(session.POST, financeBody));
    expect(finance.status).toBe(200);
    expect(finance.text).not.toContain(ACME.accessToken);
    expect(finance.text).not.toContain(ACME.apiKey);
  });

  it("is 401 without a cookie", async () => {
    expectUnauthenticated(await getSession(null));
  });
});

describe("what the cookie holds", () => {
  const sealOf = (cookie: string) => decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));

  it("who signed in, to which workspace, and when: no credential, no role, no name", async () => {
    const cookie = await signIn(session.POST, operatorBody);
    const opened = await unsealData<Record<string, unknown>>(sealOf(cookie), {
      password: getSessionConfig().passwords,
    });
    expect(Object.keys(opened).sort()).toEqual([
      "authEpoch",
      "businessId",
      "epoch",
      "iat",
      "lat",
      "memberId",
      "mfa",
      "seen",
      "sid",
      "v",
    ]);
    expect(opened).toMatchObject({ v: 2, businessId: ACME.businessId, mfa: "none" });
    const text = JSON.stringify(opened);
    for (const secret of [ACME.apiKey, ACME.accessToken, "operator", DEMO_NAMES.operator]) {
      expect(text).not.toContain(secret);
    }
  });

  it("a cookie of the previous version (an API-key session, sealed with this deployment's secret) is 401, with nothing upstream", async () => {
    const now = Date.now();
    const v1 = {
      v: 1,
      sid: newSessionId(),
      role: "operator",
      operatorName: "Olivia Operator",
      business: { id: ACME.businessId, name: "Acme" },
      credential: { kind: "api_key", apiKey: ACME.apiKey },
      sandbox: true,
      iat: now,
      lat: await ledgerTimeMicros(ledger),
      seen: now,
    };
    const { sealPassword, absoluteLifetimeSeconds } = getSessionConfig();
    const cookie = `pixops_session=${await sealData(v1, { password: sealPassword, ttl: absoluteLifetimeSeconds })}`;
    expectUnauthenticated(await getSession(cookie), "invalid");
    const { result, requests } = await countUpstream(harness.sandbox, () =>
      call(payouts.GET, "/api/payouts", { cookie }),
    );
    expectUnauthenticated(result, "invalid");
    expect(requests).toBe(0);
  });
});

describe("the person's access as it stands now, not as it was at sign-in", () => {
  const acme = (memberId: string) => ({ businessId: ACME.businessId, memberId });

  it("deactivation on this instance refuses an open cookie at once, and reactivation does not bring it back", async () => {
    const person = await addTestPerson(ledger, { businessId: ACME.businessId, role: "operator" }, "Denise Desativada");
    const cookie = await signIn(session.POST, person.body);
    expect((await getSession(cookie)).status).toBe(200);

    await setMembershipStatus(ledger, acme(person.memberId), "deactivated");
    forgetWorkspaceAccess(ACME.businessId, person.memberId);
    expectUnauthenticated(await getSession(cookie), "access_changed");
    expect((await postSession(person.body)).json.error?.code).toBe("invalid_login");

    await setMembershipStatus(ledger, acme(person.memberId), "active");
    forgetWorkspaceAccess(ACME.businessId, person.memberId);
    expectUnauthenticated(await getSession(cookie), "access_changed");
    expect((await getSession(await signIn(session.POST, person.body))).status).toBe(200);
  });

  it("a role change on this instance refuses an open cookie at once; the next sign-in has the new role", async () => {
    const person = await addTestPerson(ledger, { businessId: ACME.businessId, role: "operator" }, "Rita Rebaixada");
    const cookie = await signIn(session.POST, person.body);
    expect((await getSession(cookie)).json.data).toMatchObject({ role: "operator" });

    await changeMemberRole(ledger, acme(person.memberId), "support");
    forgetWorkspaceAccess(ACME.businessId, person.memberId);
    expectUnauthenticated(await getSession(cookie), "access_changed");
    const again = await postSession(person.body);
    expect(signedInData(again).session.role).toBe("support");
  });

  it("a change made on another instance (nothing forgotten here) refuses the cookie once ACCESS_TRUST_MS has passed", async () => {
    const demoted = await addTestPerson(ledger, { businessId: ACME.businessId, role: "operator" }, "Otto Outro");
    const deactivated = await addTestPerson(ledger, { businessId: ACME.businessId, role: "finance" }, "Flora Fora");
    const demotedCookie = await signIn(session.POST, demoted.body);
    const deactivatedCookie = await signIn(session.POST, deactivated.body);
    // Read (and so remembered here) before the other instance changes them.
    expect((await getSession(demotedCookie)).status).toBe(200);
    expect((await getSession(deactivatedCookie)).status).toBe(200);

    await changeMemberRole(ledger, acme(demoted.memberId), "support");
    await setMembershipStatus(ledger, acme(deactivated.memberId), "deactivated");
    await harness.clock.skip(ACCESS_TRUST_MS);
    expectUnauthenticated(await getSession(demotedCookie), "access_changed");
    expectUnauthenticated(await getSession(deactivatedCookie), "access_changed");
  });
});

describe("sign-out and revocation", () => {
  it("DELETE signs out, clears the cookie, and the old cookie replayed afterwards is 401", async () => {
    const cookie = await signIn(session.POST, operatorBody);
    const out = await signOut(cookie);
    expect(out.status).toBe(200);
    expect(out.json.data).toEqual({ signedOut: true });
    const cleared = out.setCookies.find((c) => c.startsWith("pixops_session="));
    expect(cleared).toBeDefined();
    expect(cleared).toMatch(/^pixops_session=;/);
    expect(cookieAttributes(cleared ?? "")).toContain("max-age=0");

    expectUnauthenticated(await getSession(cookie), "revoked");
    expect((await signOut(cookie)).status).toBe(401);
  });

  it("two sign-ins get different sessions: revoking one leaves the other working", async () => {
    const first = await signIn(session.POST, operatorBody);
    const second = await signIn(session.POST, operatorBody);
    expect(first).not.toBe(second);
    expect((await signOut(first)).status).toBe(200);
    expectUnauthenticated(await getSession(first), "revoked");
    expect((await getSession(second)).status).toBe(200);
  });
});

describe("unreadable cookies are 401, never 500", () => {
  it("a tampered cookie", async () => {
    const cookie = await signIn(session.POST, operatorBody);
    const tampered = tamper(cookie);
    expect(tampered).not.toBe(cookie);
    const result = await getSession(tampered);
    expectUnauthenticated(result);
    // The bad cookie is cleared.
    expect(result.setCookies.some((c) => /^pixops_session=;/.test(c))).toBe(true);
    // The original still works: only the tampered copy was refused.
    expect((await getSession(cookie)).status).toBe(200);
  });

  it.each(["garbage", "Fe26.2*1*a*b*c*d*e*f~2", "%E0%A4%A", "a".repeat(5000)])("garbage cookie %#", async (value) => {
    expectUnauthenticated(await getSession(`pixops_session=${value}`));
  });

  it("a cookie sealed with a secret this deployment does not know", async () => {
    withSecret(SECRET_C);
    try {
      const foreign = await signIn(session.POST, operatorBody);
      expect((await getSession(foreign)).status).toBe(200);
      withSecret(TEST_SECRET);
      expectUnauthenticated(await getSession(foreign), "invalid");
    } finally {
      withSecret(TEST_SECRET);
    }
  });
});

describe("timeouts", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function fakeNow(): number {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t0 = Date.now();
    vi.setSystemTime(t0);
    return t0;
  }

  it("idle: no request for more than 30 minutes is 401", async () => {
    const t0 = fakeNow();
    const cookie = await signIn(session.POST, operatorBody);
    vi.setSystemTime(t0 + 29 * MINUTE);
    expect((await getSession(cookie)).status).toBe(200);
    // The same (unrefreshed) cookie: 31 minutes since it was last seen.
    vi.setSystemTime(t0 + 31 * MINUTE);
    expectUnauthenticated(await getSession(cookie), "idle");
  });

  it("activity resets the idle timer: requests at 25 and 50 minutes, with the refreshed cookie", async () => {
    const t0 = fakeNow();
    const original = await signIn(session.POST, operatorBody);
    vi.setSystemTime(t0 + 25 * MINUTE);
    const at25 = await getSession(original);
    expect(at25.status).toBe(200);
    const refreshed = sessionCookieFrom(at25);
    expect(refreshed).not.toBe(original);

    vi.setSystemTime(t0 + 50 * MINUTE);
    expect((await getSession(refreshed)).status).toBe(200);
    // Without the refresh the session would have gone idle.
    expectUnauthenticated(await getSession(original), "idle");
  });

  it("absolute lifetime: a session kept busy every 20 minutes still ends after 12 hours", async () => {
    const t0 = fakeNow();
    let cookie = await signIn(session.POST, operatorBody);
    for (let t = 20 * MINUTE; t < 12 * HOUR; t += 20 * MINUTE) {
      vi.setSystemTime(t0 + t);
      const result = await getSession(cookie);
      expect(result.status, `at ${t / MINUTE} min`).toBe(200);
      cookie = sessionCookieFrom(result);
    }
    vi.setSystemTime(t0 + 12 * HOUR + MINUTE);
    expectUnauthenticated(await getSession(cookie), "expired");
  });

  it("the refreshed cookie keeps the original absolute deadline", async () => {
    const t0 = fakeNow();
    const signedIn = await postSession(operatorBody);
    const expiresAt = signedInData(signedIn).session.expiresAt;
    expect(Date.parse(expiresAt)).toBe(t0 + 12 * HOUR);
    vi.setSystemTime(t0 + 20 * MINUTE);
    const later = await getSession(sessionCookieFrom(signedIn));
    expect(later.status).toBe(200);
    expect((later.json.data as { expiresAt: string }).expiresAt).toBe(expiresAt);
    // The browser keeps the refreshed cookie only until the session's absolute end.
    const maxAge = Number(/max-age=(\d+)/i.exec(later.setCookies[0] ?? "")?.[1]);
    expect(maxAge).toBeLessThanOrEqual(12 * 3600 - 20 * 60);
    expect(maxAge).toBeGreaterThan(12 * 3600 - 20 * 60 - 5);
  });
});

describe("secret rotation (SESSION_SECRET, newest first)", () => {
  afterEach(() => {
    vi.useRealTimers();
    withSecret(TEST_SECRET);
  });

  it("a cookie sealed under A still opens under B,A; a cookie sealed under B,A does not open under A alone", async () => {
    withSecret(TEST_SECRET);
    const underA = await signIn(session.POST, operatorBody);
    withSecret(`${SECRET_B},${TEST_SECRET}`);
    expect((await getSession(underA)).status).toBe(200);

    const underB = await signIn(session.POST, operatorBody);
    expect((await getSession(underB)).status).toBe(200);
    withSecret(TEST_SECRET);
    expectUnauthenticated(await getSession(underB), "invalid");
    expect((await getSession(underA)).status).toBe(200);
  });

  it("retiring the oldest secret keeps cookies sealed under the ones that remain", async () => {
    withSecret(`${SECRET_B},${TEST_SECRET}`);
    const underB = await signIn(session.POST, operatorBody);
    withSecret(SECRET_B);
    expect((await getSession(underB)).status).toBe(200);
    withSecret(`${SECRET_C},${SECRET_B}`);
    expect((await getSession(underB)).status).toBe(200);
  });

  it("a refreshed cookie is re-sealed with the newest secret, so it survives retiring the old one", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t0 = Date.now();
    withSecret(TEST_SECRET);
    const underA = await signIn(session.POST, operatorBody);
    withSecret(`${SECRET_B},${TEST_SECRET}`);
    vi.setSystemTime(t0 + 5 * MINUTE);
    const refreshed = sessionCookieFrom(await getSession(underA));
    withSecret(SECRET_B);
    expect((await getSession(refreshed)).status).toBe(200);
    expectUnauthenticated(await getSession(underA), "invalid");
  });
});

describe("configuration", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetSessionConfigForTests();
  });

  it("production against the real API without SESSION_SECRET is a ConfigError", () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("PAYMENTS_API_URL", "https://api.payments.example.com");
    vi.stubEnv("SESSION_SECRET", undefined);
    resetSessionConfigForTests();
    expect(() => getSessionConfig()).toThrow(ConfigError);
  });

  it("a SESSION_SECRET shorter than 32 characters is a ConfigError", () => {
    vi.stubEnv("SESSION_SECRET", `${SECRET_B},too-short`);
    resetSessionConfigForTests();
    expect(() => getSessionConfig()).toThrow(ConfigError);
  });

  it("the environment is restored afterwards (sanity of the stubs above)", async () => {
    expect(process.env.SESSION_SECRET).toBe(TEST_SECRET);
    expect(process.env.PAYMENTS_API_URL).toBeUndefined();
    expect((await postSession(operatorBody)).status).toBe(200);
  });
});

/**
 * The transport rule on the real server (`next start`, whose request URL takes
 * its scheme from a client's X-Forwarded-Proto): client-sent forwarded headers
 * change nothing without TRUST_PROXY; an https APP_ORIGIN makes the cookie
 * `__Host-` + Secure and sends HSTS on pages and API replies whatever the
 * headers say; with TRUST_PROXY=1 the proxy's headers decide; production with
 * a real API over plain http refuses to start. Also the CSP guard's own test.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { killHard, startProcess, waitFor, type Started } from "../soak/processes";
import { APP_URL, expect, personBody, SANDBOX_URL, test } from "./fixtures";

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const SECRET = "transport-e2e-secret-0123456789-abcdefghijkl";
/** Fixed, so an instance never generates (or reuses) a key ring in the developer's ~/.config. */
const CREDENTIAL_KEYS = "transport1:transport-e2e-credential-key-0123456789-abcdef";
/** The public origin the configured instances are told they have (never resolved: requests go to loopback). */
const PUBLIC = "https://dash.example.test";

/** Variables of the runner's environment that must not reach an instance started here. */
const UNSET = [
  "PAYMENTS_API_URL",
  "APP_ORIGIN",
  "TRUST_PROXY",
  "ALLOW_INSECURE_HTTP",
  "DATABASE_URL",
  "TEST_DATABASE_URL",
  "LEDGER_DIR",
  "SANDBOX_PORT",
  "SANDBOX_URL",
  "CREDENTIAL_KEYS_FILE",
  "PAYMENTS_API_KEY",
  "PAYMENTS_API_KEY_FILE",
  "PAYMENTS_ACCESS_TOKEN",
  "PAYMENTS_ACCESS_TOKEN_FILE",
  "PAYMENTS_BUSINESS_ID",
];

interface Instance {
  url: string;
  started: Started;
  workDir: string;
  logFile: string;
}

/** `next start` of the built app on loopback, against the journeys' sandbox, with the given transport settings. */
function startInstance(port: number, env: Record<string, string>): Instance {
  const workDir = mkdtempSync(path.join(tmpdir(), "pixops-transport-"));
  const logFile = path.join(workDir, "server.log");
  const started = startProcess(
    ["node", "node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"],
    {
      unset: UNSET,
      logFile,
      env: {
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        SANDBOX_URL,
        SESSION_SECRET: SECRET,
        CREDENTIAL_KEYS,
        DATA_DIR: workDir,
        LEDGER_DIR: path.join(workDir, "ledger"),
        RECONCILER: "off",
        ...env,
      },
    },
  );
  return { url: `http://127.0.0.1:${port}`, started, workDir, logFile };
}

async function stopInstance(instance: Instance | null): Promise<void> {
  if (!instance) return;
  await killHard(instance.started);
  rmSync(instance.workDir, { recursive: true, force: true });
}

function signIn(base: string, headers: Record<string, string>): Promise<Response> {
  return fetch(`${base}/api/session`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-requested-by": "dashboard",
      "sec-fetch-site": "same-origin",
      ...headers,
    },
    body: JSON.stringify(personBody("operator")),
  });
}

function page(base: string, pathname: string, headers: Record<string, string>): Promise<Response> {
  return fetch(`${base}${pathname}`, { headers, redirect: "manual" });
}

function sessionCookie(response: Response): { pair: string; attributes: string[] } {
  const setCookie = response.headers.getSetCookie().find((c) => /^(__Host-)?pixops_session=./.test(c));
  if (!setCookie) throw new Error(`no session cookie (status ${response.status})`);
  const [pair = "", ...attributes] = setCookie.split(";").map((part) => part.trim());
  return { pair, attributes: attributes.map((a) => a.toLowerCase()) };
}

async function errorCode(response: Response): Promise<string | undefined> {
  const body = (await response.json()) as { error: { code: string } | null };
  return body.error?.code;
}

test.describe("the journeys' server: neither APP_ORIGIN nor TRUST_PROXY", () => {
  const httpsTwin = APP_URL.replace(/^http:/, "https:");

  test("a client's X-Forwarded-Proto: https does not make its https Origin ours", async () => {
    const response = await signIn(APP_URL, { origin: httpsTwin, "x-forwarded-proto": "https" });
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe("csrf_rejected");
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  test("a client's X-Forwarded-Host does not make its Origin ours", async () => {
    const response = await signIn(APP_URL, { origin: "http://evil.example", "x-forwarded-host": "evil.example" });
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe("csrf_rejected");
  });

  test("with forged X-Forwarded-Proto and -Host the cookie stays plain http, no HSTS, and pages read it", async () => {
    const forged = { "x-forwarded-proto": "https", "x-forwarded-host": "evil.example" };
    const response = await signIn(APP_URL, { origin: APP_URL, ...forged });
    expect(response.status).toBe(200);
    expect(response.headers.get("strict-transport-security")).toBeNull();
    const cookie = sessionCookie(response);
    expect(cookie.pair.startsWith("pixops_session=")).toBe(true);
    expect(cookie.attributes).not.toContain("secure");

    // proxy.ts and the page read the same cookie under the same forged headers (no redirect to /login).
    const overview = await page(APP_URL, "/", { cookie: cookie.pair, ...forged });
    expect(overview.status).toBe(200);
    expect(overview.headers.get("strict-transport-security")).toBeNull();
    expect(overview.headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
  });
});

test.describe("configured instances", () => {
  test.describe.configure({ mode: "serial" });
  let appOrigin: Instance | null = null;
  let trustProxy: Instance | null = null;

  test.beforeAll(async () => {
    appOrigin = startInstance(BASE_PORT + 2, { APP_ORIGIN: "HTTPS://Dash.Example.test:443/" });
    trustProxy = startInstance(BASE_PORT + 3, { TRUST_PROXY: "1" });
    await Promise.all([waitFor(`${appOrigin.url}/login`), waitFor(`${trustProxy.url}/login`)]);
  });

  test.afterAll(async () => {
    await stopInstance(appOrigin);
    await stopInstance(trustProxy);
  });

  test("APP_ORIGIN=https: a client's X-Forwarded-Proto: http still gets __Host- + Secure, HSTS, and pages read that cookie", async () => {
    const base = appOrigin?.url ?? "";
    const response = await signIn(base, { origin: PUBLIC, "x-forwarded-proto": "http" });
    expect(response.status).toBe(200);
    expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d{7,}/);
    const cookie = sessionCookie(response);
    expect(cookie.pair.startsWith("__Host-pixops_session=")).toBe(true);
    expect(cookie.attributes).toContain("secure");
    expect(cookie.attributes).toContain("httponly");

    const overview = await page(base, "/", { cookie: cookie.pair, "x-forwarded-proto": "http" });
    expect(overview.status).toBe(200);
    expect(overview.headers.get("strict-transport-security")).toMatch(/max-age=\d{7,}/);
    expect(overview.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    // The plain-http cookie name is not a session there.
    const plainName = cookie.pair.replace(/^__Host-/, "");
    expect((await page(base, "/", { cookie: plainName })).status).toBe(307);
  });

  test("APP_ORIGIN=https: only that origin may write; the loopback Host and a forged X-Forwarded-Host may not", async () => {
    const base = appOrigin?.url ?? "";
    const refused: Array<Record<string, string>> = [
      { origin: base },
      { origin: base.replace(/^http:/, "https:") },
      { origin: "https://evil.example", "x-forwarded-host": "evil.example" },
      { origin: "http://dash.example.test" },
    ];
    for (const headers of refused) {
      const response = await signIn(base, headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await errorCode(response)).toBe("csrf_rejected");
    }
  });

  test("TRUST_PROXY=1: the proxy's X-Forwarded-Proto and -Host decide", async () => {
    const base = trustProxy?.url ?? "";
    const viaProxy = { "x-forwarded-proto": "https", "x-forwarded-host": "dash.example.test" };
    const response = await signIn(base, { origin: PUBLIC, ...viaProxy });
    expect(response.status).toBe(200);
    expect(response.headers.get("strict-transport-security")).toMatch(/max-age=/);
    const cookie = sessionCookie(response);
    expect(cookie.pair.startsWith("__Host-pixops_session=")).toBe(true);
    expect(cookie.attributes).toContain("secure");
    expect((await page(base, "/", { cookie: cookie.pair, ...viaProxy })).status).toBe(200);

    const loopbackOrigin = await signIn(base, { origin: base.replace(/^http:/, "https:"), ...viaProxy });
    expect(loopbackOrigin.status).toBe(403);

    const plain = await page(base, "/login", { "x-forwarded-proto": "http" });
    expect(plain.status).toBe(200);
    expect(plain.headers.get("strict-transport-security")).toBeNull();
  });
});

test("production with a real API over plain http refuses to start, saying what to set", async () => {
  const instance = startInstance(BASE_PORT + 4, { PAYMENTS_API_URL: SANDBOX_URL });
  try {
    await instance.started.exited;
    expect(instance.started.child.exitCode).toBe(1);
    const log = readFileSync(instance.logFile, "utf8");
    expect(log).toMatch(
      /"event":"startup\.refused".*in production with a real payments API .*APP_ORIGIN is not set.*Refusing to start\./,
    );
  } finally {
    await stopInstance(instance);
  }
});

test.describe("the CSP guard", () => {
  // The probe below breaks the policy on purpose: Chromium logs that as an error, which the console guard allows here only.
  test.use({ allowedConsoleErrors: [/csp-probe\.invalid.*Content Security Policy/] });

  test("the CSP guard sees a violation a page reports, by event and console, on every page of the context", async ({
    page: tab,
    context,
    cspGuard,
  }) => {
    await tab.goto("/login");
    await tab.evaluate(() => {
      const image = document.createElement("img");
      image.src = "https://csp-probe.invalid/pixel.png";
      document.body.append(image);
    });
    await expect
      .poll(async () => (await cspGuard.seen()).reported.join("\n"))
      .toMatch(/img-src blocked https:\/\/csp-probe\.invalid\/pixel\.png on .*\/login/);
    await expect
      .poll(async () => (await cspGuard.seen()).console.join("\n"))
      .toMatch(/csp-probe\.invalid.*Content Security Policy/);
    const seen = await cspGuard.seen();
    expect(seen.inPages.join("\n")).toMatch(/csp-probe\.invalid/);

    // A second page of the same context is watched too.
    const other = await context.newPage();
    await other.goto("/login");
    expect(
      await other.evaluate(() => Array.isArray((window as unknown as Record<string, unknown>).__pixopsCspViolations)),
    ).toBe(true);

    // Forget the probe's violation, which the guard would otherwise (rightly) fail this test for.
    const taken = await cspGuard.takeAll();
    expect(taken.reported.length).toBeGreaterThan(0);
    expect(await cspGuard.seen()).toEqual({ reported: [], inPages: [], console: [] });
  });
});

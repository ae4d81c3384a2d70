/**
 * The secrets proof: the built app, run with a canary API key (one the sandbox
 * accepts, provisioned as Acme's workspace credential through PAYMENTS_API_KEY:
 * every call of Acme's owner, who signs in with the form, goes out with it), a
 * canary SESSION_SECRET and a canary vault key ring (CREDENTIAL_KEYS), is driven
 * through every page (Chromium) and every API route (HTTP), healthy, with the
 * API answering 500 to everything, with the ledger refusing every write, and
 * with the ledger folder unusable. Then the canaries — in plain, URL-encoded,
 * base64 and base64url (any alignment) and hex forms — must appear nowhere:
 * not in any response header or body (HTML, RSC payloads, JSON, scripts), any
 * URL the browser requested or was sent to (Location), the browser's cookies
 * and storage, the server's captured stdout and stderr, the ledger's files, or
 * the build output (`.next`, whose
 * `static` folder is what is served; `npm run test:e2e` builds it with canary
 * values in the environment too, see canary-build.ts).
 *
 * Own processes on 127.0.0.1:3700 (app, `next start` against that sandbox) and
 * :4710 (sandbox), state in .data/secrets.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import {
  assertPortFree,
  killHard,
  pollUntil,
  sandboxAdmin,
  startNextProcess,
  startProcess,
  waitFor,
  writeHeaders,
  type Started,
} from "../soak/processes";
import { ACME } from "../../sandbox/businesses";
import { BUILD_MARKER, buildCanaries, canaryFingerprint, encodings, scanText, scanTree, type Finding } from "./canary";
import { DEMO_NAMES, demoEmail, personBody } from "./fixtures";

const APP_PORT = 3700;
const SANDBOX_PORT = 4710;
const APP = `http://127.0.0.1:${APP_PORT}`;
const SANDBOX = `http://127.0.0.1:${SANDBOX_PORT}`;
const DATA_DIR = path.resolve(".data/secrets");
const LEDGER_DIR = path.join(DATA_DIR, "ledger");
const APP_LOG = path.join(DATA_DIR, "app.log");

/** Fresh for every run, so nothing left from an earlier run can hide or fake a result. */
const CANARY_API_KEY = `sk_canary_${randomBytes(24).toString("base64url")}`;
const CANARY_SECRET = `canary-session-secret-${randomBytes(24).toString("base64url")}`;
const CANARY_CREDENTIAL_KEY = `canary-credential-key-${randomBytes(24).toString("base64url")}`;
const RUNTIME_CANARIES = [CANARY_API_KEY, CANARY_SECRET, CANARY_CREDENTIAL_KEY];
const ALL_CANARIES = [...RUNTIME_CANARIES, ...buildCanaries()];

const PAGES = [
  "/",
  "/payouts",
  "/payouts/new",
  "/payouts/po_demo_paid",
  "/payment-links",
  "/payment-links/new",
  "/chargebacks",
  "/subaccounts",
  "/subaccounts/sa_demo_1",
  "/activity",
  "/settings",
];

interface Seen {
  label: string;
  url: string;
  status: number;
  headers: string;
  body: Buffer;
}

const seen: Seen[] = [];
/** What the browser kept after each phase: cookies, localStorage (sessionStorage is read from the page). */
const storage: Array<{ phase: string; text: string }> = [];
const requestedUrls = new Set<string>();
const counts = {
  pages: 0,
  apiCalls: 0,
  rsc: 0,
  redirects: 0,
  upstream500Replies: 0,
  dbErrorReplies: 0,
  unusableLedgerReplies: 0,
};

let sandbox: Started | null = null;
let app: Started | null = null;

function startApp(env: Record<string, string> = {}): Started {
  return startNextProcess({
    port: APP_PORT,
    sandboxUrl: SANDBOX,
    logFile: APP_LOG,
    env: {
      SESSION_SECRET: CANARY_SECRET,
      CREDENTIAL_KEYS: `canary:${CANARY_CREDENTIAL_KEY}`,
      // Acme's API key reaches the server as the workspace's credential, from the environment (not the vault).
      PAYMENTS_API_KEY: CANARY_API_KEY,
      PAYMENTS_BUSINESS_ID: ACME.id,
      DATA_DIR,
      LEDGER_DIR,
      RECONCILE_INTERVAL_MS: "1000",
      RECONCILE_AFTER_MS: "500",
      PAYMENTS_ATTEMPT_TIMEOUT_MS: "3000",
      PAYMENTS_DEADLINE_MS: "6000",
      ...env,
    },
  });
}

/** Restarts the app; `healthy: false` waits for any HTTP answer (a server that cannot open its ledger answers 500 to everything). */
async function restartApp(
  env: Record<string, string> = {},
  options: { healthy: boolean } = { healthy: true },
): Promise<void> {
  await killHard(app);
  await assertPortFree(APP_PORT);
  app = startApp(env);
  if (options.healthy) await waitFor(`${APP}/login`);
  else
    await pollUntil(
      `${APP}/login to answer at all`,
      async () => (await fetch(`${APP}/login`, { redirect: "manual" })).status,
      (status) => status > 0,
      { timeoutMs: 90_000, everyMs: 100 },
    );
}

function headerText(headers: Headers | Record<string, string>): string {
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  return entries.map(([name, value]) => `${name}: ${value}`).join("\n");
}

/** One HTTP request to the app, recorded (status, headers, body, Location). */
async function hit(
  label: string,
  method: string,
  pathname: string,
  options: {
    cookie?: string;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
    idempotencyKey?: string;
  } = {},
) {
  const headers: Record<string, string> = method === "GET" ? {} : writeHeaders(APP);
  if (options.cookie) headers.cookie = options.cookie;
  if (options.idempotencyKey) headers["idempotency-key"] = options.idempotencyKey;
  Object.assign(headers, options.headers ?? {});
  const url = `${APP}${pathname}`;
  const response = await fetch(url, {
    method,
    headers,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    redirect: "manual",
  });
  const body = Buffer.from(await response.arrayBuffer());
  seen.push({ label, url, status: response.status, headers: headerText(response.headers), body });
  requestedUrls.add(url);
  const location = response.headers.get("location");
  if (location) {
    counts.redirects += 1;
    requestedUrls.add(location);
  }
  const sessionCookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("pixops_session=") && !c.startsWith("pixops_session=;"));
  return { status: response.status, sessionCookie: sessionCookie?.split(";")[0] ?? null };
}

/** Every API route, valid and invalid, as the dashboard's pages (and an attacker) would call them. Returns the statuses. */
async function everyApiRoute(phase: string, cookie: string): Promise<number[]> {
  const statuses: number[] = [];
  const call = async (label: string, method: string, pathname: string, options: Parameters<typeof hit>[3] = {}) => {
    const result = await hit(`${phase} ${label}`, method, pathname, { cookie, ...options });
    counts.apiCalls += 1;
    statuses.push(result.status);
    return result;
  };
  const slug = `canary-${randomUUID().slice(0, 8)}`;
  const payoutKey = `canary-${randomUUID()}`;
  await call("GET /api/session", "GET", "/api/session");
  await call("POST /api/payouts", "POST", "/api/payouts", {
    idempotencyKey: payoutKey,
    body: { amount_centavos: 2500, pix_key_type: "email", pix_key: "fornecedor@example.com" },
  });
  await call("POST /api/payouts again (same key)", "POST", "/api/payouts", {
    idempotencyKey: payoutKey,
    body: { amount_centavos: 2500, pix_key_type: "email", pix_key: "fornecedor@example.com" },
  });
  await call("POST /api/payouts invalid", "POST", "/api/payouts", {
    idempotencyKey: `canary-${randomUUID()}`,
    body: { amount_centavos: -1, pix_key_type: "email", pix_key: "x" },
  });
  await call("POST /api/payouts without key", "POST", "/api/payouts", {
    body: { amount_centavos: 2500, pix_key_type: "email", pix_key: "fornecedor@example.com" },
  });
  await call("POST /api/payouts bad JSON", "POST", "/api/payouts", {
    idempotencyKey: `canary-${randomUUID()}`,
    rawBody: "{not json",
  });
  await call("POST /api/payouts cross-site", "POST", "/api/payouts", {
    idempotencyKey: `canary-${randomUUID()}`,
    headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    body: { amount_centavos: 1, pix_key_type: "email", pix_key: "a@b.co" },
  });
  await call("GET /api/payouts", "GET", "/api/payouts");
  await call("GET /api/payouts?state=needs_review", "GET", "/api/payouts?state=needs_review&limit=50");
  await call("GET /api/payouts/{id}", "GET", "/api/payouts/po_demo_paid");
  await call("GET /api/payouts/{id} unknown", "GET", "/api/payouts/po_does_not_exist");
  await call("GET /api/payouts/attention", "GET", "/api/payouts/attention");
  await call("POST /api/payouts/review check_again", "POST", "/api/payouts/review", {
    body: { action: "check_again", idempotency_key: payoutKey },
  });
  await call("POST /api/payouts/review mark_handled", "POST", "/api/payouts/review", {
    body: { action: "mark_handled", idempotency_key: payoutKey, note: "Checked with the bank by the canary test." },
  });
  await call("GET /api/payment-links", "GET", "/api/payment-links");
  await call("POST /api/payment-links", "POST", "/api/payment-links", {
    idempotencyKey: `canary-${randomUUID()}`,
    body: { name: "Camiseta canário", slug, amount_centavos: 4990 },
  });
  await call("POST /api/payment-links invalid", "POST", "/api/payment-links", {
    idempotencyKey: `canary-${randomUUID()}`,
    body: { name: "", slug: "NO SPACES", amount_centavos: 0 },
  });
  await call("PATCH /api/subaccounts/{id}", "PATCH", "/api/subaccounts/sa_demo_1", {
    idempotencyKey: `canary-${randomUUID()}`,
    body: { name: `Loja Centro ${phase}` },
  });
  await call("GET /api/subaccounts/{id}", "GET", "/api/subaccounts/sa_demo_1");
  await call("PUT /api/subaccounts/{id}/blocked", "PUT", "/api/subaccounts/sa_demo_1/blocked", {
    idempotencyKey: `canary-${randomUUID()}`,
    body: { is_blocked: false },
  });
  await call("GET /api/subaccounts", "GET", "/api/subaccounts");
  await call("GET /api/chargebacks", "GET", "/api/chargebacks");
  await call("GET /api/activity", "GET", "/api/activity?limit=200");
  await call("GET /api/workspace/settings", "GET", "/api/workspace/settings");
  await call("GET /api/workspace/credentials", "GET", "/api/workspace/credentials");
  // Typing the key (or one that begins with it) into the credentials form: no reply may echo it.
  await call("PUT /api/workspace/credentials the canary key", "PUT", "/api/workspace/credentials", {
    body: { kind: "api_key", apiKey: CANARY_API_KEY },
  });
  await call("PUT /api/workspace/credentials a wrong key", "PUT", "/api/workspace/credentials", {
    body: { kind: "api_key", apiKey: `${CANARY_API_KEY}0` },
  });
  await call("GET /api/session signed out", "GET", "/api/session", { cookie: "" });
  await call("GET /api/payouts tampered cookie", "GET", "/api/payouts", { cookie: `${cookie.slice(0, -6)}AAAAAA` });
  // A wrong password that is (or begins with) the canary key: a reply must not echo what was typed.
  await call("POST /api/session wrong password", "POST", "/api/session", {
    cookie: "",
    body: { email: demoEmail("owner"), password: `${CANARY_API_KEY}0` },
  });
  await call("POST /api/session the key as a password", "POST", "/api/session", {
    cookie: "",
    body: { email: demoEmail("operator"), password: CANARY_API_KEY },
  });
  const fresh = await call("POST /api/session", "POST", "/api/session", {
    cookie: "",
    body: personBody("owner"),
  });
  // Sign-out of a session of its own (the main one is used by the next phases).
  if (fresh.sessionCookie) await call("DELETE /api/session", "DELETE", "/api/session", { cookie: fresh.sessionCookie });
  return statuses;
}

/** Every page over HTTP: HTML and RSC payload, signed in; and signed out (the redirect). */
async function everyPageOverHttp(phase: string, cookie: string): Promise<void> {
  for (const pathname of [...PAGES, "/login", "/login?next=%2Fpayouts"]) {
    await hit(`${phase} page ${pathname}`, "GET", pathname, { cookie });
    await hit(`${phase} rsc ${pathname}`, "GET", pathname, { cookie, headers: { rsc: "1" } });
    counts.rsc += 1;
    await hit(`${phase} signed-out ${pathname}`, "GET", pathname);
  }
}

/** Every page in Chromium, recording every response (document, RSC, scripts, styles, fetches) and every URL. */
async function everyPageInBrowser(page: Page, phase: string): Promise<void> {
  for (const pathname of PAGES) {
    await page.goto(`${APP}${pathname}`, { waitUntil: "networkidle" });
    counts.pages += 1;
  }
  const session = await page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
  storage.push({ phase, text: `${JSON.stringify(await page.context().storageState())}\n${session}` });
}

/** Body reads still running when the context closes; awaited before the scan. */
const pendingReads: Array<Promise<void>> = [];

function record(context: BrowserContext, phase: () => string): void {
  context.on("request", (request) => {
    requestedUrls.add(request.url());
    const from = request.redirectedFrom();
    if (from) requestedUrls.add(from.url());
  });
  context.on("response", (response) => {
    pendingReads.push(
      (async () => {
        const status = response.status();
        const headers = headerText(await response.allHeaders().catch(() => ({})));
        // Redirects and aborted responses have no body to read.
        const body =
          status >= 300 && status < 400 ? Buffer.alloc(0) : await response.body().catch(() => Buffer.alloc(0));
        seen.push({
          label: `${phase()} browser ${response.request().method()}`,
          url: response.url(),
          status,
          headers,
          body,
        });
      })(),
    );
  });
}

/** The ledger refuses every write (as a full disk or a read-only replica would), through triggers put in while the app is stopped. */
async function ledgerRefusesWrites(): Promise<void> {
  const db = await PGlite.create(LEDGER_DIR);
  try {
    await db.exec(
      `CREATE OR REPLACE FUNCTION canary_refuse() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'could not write: the disk is full (canary test)'; END $$ LANGUAGE plpgsql;`,
    );
    for (const table of ["payouts", "subaccounts", "audit_log", "revoked_sessions"]) {
      await db.exec(
        `CREATE TRIGGER canary_refuse BEFORE INSERT OR UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION canary_refuse();`,
      );
    }
  } finally {
    await db.close();
  }
}

test.describe.configure({ mode: "serial" });
test.setTimeout(240_000);

test.beforeAll(async () => {
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  writeFileSync(APP_LOG, "");
  await assertPortFree(SANDBOX_PORT);
  await assertPortFree(APP_PORT);
  sandbox = startProcess(
    [
      "node",
      "node_modules/tsx/dist/cli.mjs",
      "sandbox/cli.ts",
      "--port",
      String(SANDBOX_PORT),
      "--rate-limit",
      "off",
      "--quiet",
      "--data-dir",
      path.join(DATA_DIR, "sandbox"),
      "--settle-ms",
      "1500",
    ],
    {
      env: { SANDBOX_EXTRA_API_KEYS: `acme:${CANARY_API_KEY}` },
      unset: ["SANDBOX_FAULTS", "SANDBOX_LOG"],
    },
  );
  await waitFor(`${SANDBOX}/__sandbox/health`);
  app = startApp();
  await waitFor(`${APP}/login`);
});

test.afterAll(async () => {
  await killHard(app);
  await killHard(sandbox);
});

test("the canary API key and session secret appear nowhere the app writes or serves", async ({ browser }) => {
  let phase = "healthy";
  const context = await browser.newContext({ baseURL: APP });
  record(context, () => phase);
  const page = await context.newPage();

  // Sign in with the form, as a person would: Acme's owner, whose every call uses the canary key.
  await page.goto(`${APP}/login`);
  await page.getByLabel("E-mail", { exact: true }).fill(demoEmail("owner"));
  await page.getByLabel("Senha", { exact: true }).fill(personBody("owner").password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(`${APP}/`);
  await expect(page.getByRole("button", { name: new RegExp(DEMO_NAMES.owner) })).toBeVisible();
  const sessionCookie = (await context.cookies(APP)).find((c) => c.name === "pixops_session");
  expect(sessionCookie).toBeDefined();
  const cookie = `pixops_session=${sessionCookie?.value ?? ""}`;

  // 1. Healthy.
  await everyPageInBrowser(page, phase);
  const healthy = await everyApiRoute(phase, cookie);
  expect(healthy.filter((s) => s >= 500)).toEqual([]);
  await everyPageOverHttp(phase, cookie);

  // 2. The API answers 500 to everything.
  phase = "upstream-500";
  await sandboxAdmin(SANDBOX, "POST", "/__sandbox/faults", { kind: "error500" });
  await everyPageInBrowser(page, phase);
  const upstream = await everyApiRoute(phase, cookie);
  counts.upstream500Replies = upstream.filter((s) => s >= 500).length;
  expect(counts.upstream500Replies).toBeGreaterThan(5);
  await everyPageOverHttp(phase, cookie);
  await sandboxAdmin(SANDBOX, "DELETE", "/__sandbox/faults");

  // 3. The ledger refuses every write: the queries fail with Pix keys, seals, documents as parameters.
  phase = "ledger-refuses-writes";
  await killHard(app);
  await assertPortFree(APP_PORT);
  await ledgerRefusesWrites();
  await restartApp();
  await everyPageInBrowser(page, phase);
  const refused = await everyApiRoute(phase, cookie);
  counts.dbErrorReplies = refused.filter((s) => s === 500).length;
  expect(counts.dbErrorReplies).toBeGreaterThan(3);
  await everyPageOverHttp(phase, cookie);

  // 4. The ledger cannot be opened at all.
  phase = "ledger-unusable";
  const notAFolder = path.join(DATA_DIR, "not-a-folder");
  writeFileSync(notAFolder, "a file where the ledger's folder should be\n");
  await restartApp({ LEDGER_DIR: notAFolder }, { healthy: false });
  await everyPageInBrowser(page, phase);
  const unusable = await everyApiRoute(phase, cookie);
  counts.unusableLedgerReplies = unusable.filter((s) => s === 500).length;
  expect(counts.unusableLedgerReplies).toBeGreaterThan(10);
  await everyPageOverHttp(phase, cookie);

  await context.close();
  await Promise.all(pendingReads);
  await killHard(app);
  app = null;

  // The scan.
  const findings: Finding[] = [];
  for (const response of seen) {
    findings.push(...scanText(`${response.label} ${response.url} headers`, response.headers, ALL_CANARIES));
    findings.push(...scanText(`${response.label} ${response.url} body`, response.body, ALL_CANARIES));
  }
  for (const url of requestedUrls) findings.push(...scanText(`URL ${url}`, url, ALL_CANARIES));
  for (const kept of storage) findings.push(...scanText(`${kept.phase} browser storage`, kept.text, ALL_CANARIES));
  const logText = readFileSync(APP_LOG);
  findings.push(...scanText("the server's stdout and stderr", logText, ALL_CANARIES));
  const ledgerScan = scanTree(LEDGER_DIR, ALL_CANARIES);
  findings.push(...ledgerScan.findings);
  const buildScan = scanTree(".next", ALL_CANARIES);
  findings.push(...buildScan.findings);
  const publicScan = scanTree("public", ALL_CANARIES);
  findings.push(...publicScan.findings);

  // The scan can see a leak: the canaries are in what the server was given and the browser was typed into.
  expect(scanText("self-check", `key=${encodeURIComponent(CANARY_API_KEY)}`, ALL_CANARIES)).toHaveLength(1);
  expect(
    scanText("self-check", Buffer.from(`x${CANARY_SECRET}`).toString("base64"), ALL_CANARIES).length,
  ).toBeGreaterThan(0);

  const marker = existsSync(BUILD_MARKER)
    ? (JSON.parse(readFileSync(BUILD_MARKER, "utf8")) as { canaries?: string })
    : null;
  const builtWithCanary = marker?.canaries === canaryFingerprint(buildCanaries());
  const logLines = logText
    .toString("utf8")
    .split("\n")
    .filter((line) => line.startsWith("{")).length;
  console.log(
    `[secrets canary] responses=${seen.length} browser_pages=${counts.pages} browser_storage_snapshots=${storage.length} api_calls=${counts.apiCalls} rsc_payloads=${counts.rsc} redirects=${counts.redirects} urls=${requestedUrls.size} ` +
      `upstream_500_replies=${counts.upstream500Replies} ledger_refused_replies=${counts.dbErrorReplies} ledger_unusable_replies=${counts.unusableLedgerReplies} ` +
      `log_bytes=${logText.length} json_log_lines=${logLines} ledger_files=${ledgerScan.files} build_files=${buildScan.files} build_bytes=${buildScan.bytes} ` +
      `forms_per_canary=${encodings(CANARY_API_KEY).length} built_with_canary_env=${builtWithCanary ? "yes" : "no"} findings=${findings.length}`,
  );
  expect(findings).toEqual([]);
  // The failing queries of phase 3 had the payouts' Pix key and sealed credentials as parameters: none in the log either.
  const log = logText.toString("utf8");
  for (const value of ["fornecedor@example.com", "Fe26.", "params:", "Failing row"])
    expect(log, `the server's log holds ${value}`).not.toContain(value);
});

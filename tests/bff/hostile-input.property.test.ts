/**
 * Property-based proof (fast-check) that hostile input never breaks the BFF.
 *
 * Every route handler in app/api (the table below is checked against the files),
 * called as Next.js calls it, against the real sandbox and a real ledger, signed
 * out, as an operator, as finance and as the owner, with generated bodies (valid-ish and
 * hostile objects, wrong types, deep nesting, huge arrays, invalid JSON and
 * UTF-8), params (NUL, lone surrogates, RTL and zero-width characters, 100 kB
 * strings, `../`, URLs, raw percent-encodings), query strings and headers
 * (Idempotency-Key, Content-Type, Origin, fetch metadata, forwarded headers):
 * - the answer is a success or a 4xx in the BFF's envelope, never a 5xx;
 * - a 422 names its fields, each with a message;
 * - a refusal by the BFF itself (validation, CSRF, session, role, size, media
 *   type, idempotency key) never reaches the payments API.
 * A second property sends requests that are valid but for one known-bad value
 * and expects a 422 naming that field, with nothing sent upstream.
 *
 * Runs with a fixed seed (FUZZ_SEED to change it, FUZZ_RUNS to scale the runs);
 * fast-check prints the seed and the shrunk counterexample on failure.
 * (Path-level malformed encodings, which the framework handles before any
 * handler runs, are proven over HTTP in tests/e2e/hostile-input.spec.ts.)
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as activity from "@/app/api/activity/route";
import * as account from "@/app/api/account/route";
import * as accountPassword from "@/app/api/account/password/route";
import * as accountEvents from "@/app/api/account/security-events/route";
import * as accountEventsExport from "@/app/api/account/security-events/export/route";
import * as twoFactorConfirm from "@/app/api/account/two-factor/confirm/route";
import * as twoFactorDisable from "@/app/api/account/two-factor/disable/route";
import * as twoFactorRecovery from "@/app/api/account/two-factor/recovery-codes/route";
import * as twoFactorSetup from "@/app/api/account/two-factor/setup/route";
import * as invitation from "@/app/api/invitations/[id]/route";
import * as invitationAccept from "@/app/api/invitations/accept/route";
import * as invitations from "@/app/api/invitations/route";
import * as member from "@/app/api/members/[id]/route";
import * as memberEvents from "@/app/api/members/[id]/security-events/route";
import * as memberEventsExport from "@/app/api/members/[id]/security-events/export/route";
import * as memberStatus from "@/app/api/members/[id]/status/route";
import * as memberTwoFactor from "@/app/api/members/[id]/two-factor/route";
import * as members from "@/app/api/members/route";
import * as chargebacks from "@/app/api/chargebacks/route";
import * as insightsDisputes from "@/app/api/insights/disputes/route";
import * as insightsOverview from "@/app/api/insights/overview/route";
import * as insightsPaymentLinks from "@/app/api/insights/payment-links/route";
import * as insightsPayouts from "@/app/api/insights/payouts/route";
import * as paymentLinks from "@/app/api/payment-links/route";
import * as payout from "@/app/api/payouts/[id]/route";
import * as payoutReceipt from "@/app/api/payouts/[id]/receipt.pdf/route";
import * as payoutAttention from "@/app/api/payouts/attention/route";
import * as payoutExport from "@/app/api/payouts/export/route";
import * as payoutTotals from "@/app/api/payouts/totals/route";
import * as payoutReview from "@/app/api/payouts/review/route";
import * as payouts from "@/app/api/payouts/route";
import * as payoutPreview from "@/app/api/payouts/preview/route";
import * as batches from "@/app/api/payout-batches/route";
import * as batchPreview from "@/app/api/payout-batches/preview/route";
import * as batchOne from "@/app/api/payout-batches/[id]/route";
import * as batchRowsRoute from "@/app/api/payout-batches/[id]/rows/route";
import * as batchResults from "@/app/api/payout-batches/[id]/results.csv/route";
import * as batchResultsXlsx from "@/app/api/payout-batches/[id]/results.xlsx/route";
import * as batchConfirm from "@/app/api/payout-batches/[id]/confirm/route";
import * as batchPause from "@/app/api/payout-batches/[id]/pause/route";
import * as batchResume from "@/app/api/payout-batches/[id]/resume/route";
import * as batchCancel from "@/app/api/payout-batches/[id]/cancel/route";
import * as secondFactor from "@/app/api/session/second-factor/route";
import * as session from "@/app/api/session/route";
import * as sessionWorkspace from "@/app/api/session/workspace/route";
import * as sessions from "@/app/api/sessions/route";
import * as setup from "@/app/api/setup/route";
import * as workspaceCredentials from "@/app/api/workspace/credentials/route";
import * as workspaceSettings from "@/app/api/workspace/settings/route";
import { getLedger, setWorkspaceRequire2fa } from "@/lib/server/ledger";
import { storeCredentialInVault, WorkspaceSecret } from "@/lib/server/security/credential-vault";
import { ensureSandboxWorkspaces } from "@/lib/server/services/workspace/sandbox-people";
import { forgetWorkspaceAccess } from "@/lib/server/session/resolve";
import * as subaccountBlocked from "@/app/api/subaccounts/[id]/blocked/route";
import * as subaccountHistory from "@/app/api/subaccounts/[id]/history/route";
import * as subaccount from "@/app/api/subaccounts/[id]/route";
import * as subaccounts from "@/app/api/subaccounts/route";
import { AUDIT_ACTIONS } from "@/lib/shared/schemas/activity";
import { EXPIRY_HORIZON_MS, FILTER_DATE_MAX_MS, FILTER_DATE_MIN_MS } from "@/lib/shared/schemas/dates";
import { REGISTER_STATE_FILTERS } from "@/lib/shared/schemas/register";
import { INSIGHT_BUCKETS, INSIGHT_WINDOWS } from "@/lib/shared/schemas/insights";
import {
  ACME,
  BETA,
  call,
  countUpstream,
  DEMO_PASSWORD,
  financeBody,
  operatorBody,
  ownerBody,
  signIn,
  startBffHarness,
  type BffHarness,
  type CallOptions,
  type CallResult,
} from "../helpers/bff";
import { edgeDate, type EdgeDate } from "../helpers/edge-dates";
import type { RouteHandler } from "./routes";

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1);

type Who = "operator" | "finance" | "owner" | "none" | "garbage" | "tampered";
type Person = "operator" | "finance" | "owner";

let harness: BffHarness;
const cookies: Record<Person, string> = { operator: "", finance: "", owner: "" };

/** A person whose role may use `route` (the activity log is finance's, not the operator's). */
function allowedPerson(route: string): Person {
  return route === "GET /api/activity" ? "finance" : "operator";
}

/** Acme's demo API key and access token in the vault again (a generated PUT may have replaced one). */
async function restoreAcmeCredentials(): Promise<void> {
  const ledger = await getLedger();
  for (const [kind, secret] of [
    ["api_key", ACME.apiKey],
    ["bearer", ACME.accessToken],
  ] as const)
    await storeCredentialInVault(ledger, {
      businessId: ACME.businessId,
      kind,
      secret: new WorkspaceSecret(secret),
      byName: "Fuzz",
    });
  forgetWorkspaceAccess(ACME.businessId);
}

/** Signs the three people in again (after a sign-out, or a sign-out of everyone). */
async function signInEveryone(): Promise<void> {
  cookies.operator = await signIn(session.POST, operatorBody);
  cookies.finance = await signIn(session.POST, financeBody);
  cookies.owner = await signIn(session.POST, ownerBody);
}
beforeAll(async () => {
  // The sign-in throttle has its own tests (tests/bff/sign-in-throttle.test.ts); here its budgets are
  // out of reach, so that failed sign-ins among the generated requests never lock out the sessions
  // the properties sign in again with.
  harness = await startBffHarness({
    env: {
      SIGN_IN_LIMIT_PER_ADDRESS: "1000000",
      SIGN_IN_LIMIT_PER_CREDENTIAL: "1000000",
      SIGN_IN_LIMIT_TOTAL: "1000000",
    },
  });
  await ensureSandboxWorkspaces(await getLedger());
  await signInEveryone();
}, 120_000);
afterAll(async () => {
  await harness.close();
});

// ---------------------------------------------------------------- generators

/** Any UTF-16 code unit, lone surrogates and NUL included. */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
/** What an HTTP header value can carry (Latin-1 without controls). */
const headerChar = fc
  .integer({ min: 0x20, max: 0xff })
  .filter((code) => code !== 0x7f)
  .map((code) => String.fromCharCode(code));

const SPECIAL_PIECES = [
  "\u0000",
  "\ud800",
  "\udfff",
  "\udc00\ud800",
  "\u202e",
  "\u202d",
  "\u200b",
  "\u200c",
  "\u200d",
  "\ufeff",
  "\u2028",
  "\u0301",
  "../",
  "..\\",
  "/..",
  "%2e%2e%2f",
  "%00",
  "%ZZ",
  "%",
  "%ED%A0%80",
  "%C0%AF",
  "https://evil.example.com/x?y=1#z",
  "//evil.example.com",
  "javascript:alert(1)",
  "<script>alert(1)</script>",
  "' OR '1'='1",
  '"; DROP TABLE payouts; --',
  "${7*7}",
  "{{7*7}}",
  "\r\n",
  "\t",
  "👩‍👩‍👧",
  "é",
  "ﷺ",
  "𝒜",
  "ـ",
  "null",
  "undefined",
  "true",
  "-0",
  "1e400",
  " ",
] as const;

const BIG_STRINGS = [
  "a".repeat(100_000),
  "é".repeat(50_000),
  `${"\u200b".repeat(30_000)}x`,
  `${"\u202e".repeat(10)}${"9".repeat(100_000)}`,
];

/** Strings an attacker would try: any code units, special pieces glued together, 100 kB strings. */
const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: anyCodeUnit, maxLength: 40 }) },
  {
    weight: 4,
    arbitrary: fc
      .array(fc.oneof(fc.constantFrom(...SPECIAL_PIECES), fc.string({ maxLength: 6 })), { minLength: 1, maxLength: 6 })
      .map((parts) => parts.join("")),
  },
  { weight: 1, arbitrary: fc.constantFrom(...BIG_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 200 }) },
);

/** JSON values of a wrong type or shape for any field. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1.5, 2 ** 53, 2 ** 60, -0, Number.MAX_VALUE, null, true, false, "", [], {}),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(fc.integer(), { minLength: 1000, maxLength: 6000 }),
  fc.constant(Array.from({ length: 20_000 }, () => 0)),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 2, arbitrary: hostileString },
  { weight: 2, arbitrary: wrongValue },
);

/** Deeply nested JSON text (built as text: JSON.stringify itself would overflow the stack). */
const deepJsonText = fc
  .tuple(fc.integer({ min: 100, max: 30_000 }), fc.constantFrom("array", "object", "unclosed"))
  .map(([depth, kind]) => {
    if (kind === "array") return `${"[".repeat(depth)}${"]".repeat(depth)}`;
    if (kind === "object") return `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
    return "[".repeat(depth);
  });

const rawJsonText = fc.oneof(
  deepJsonText,
  fc.constantFrom(
    "",
    " ",
    "{",
    "}",
    "[",
    "null",
    "true",
    "0",
    '"text"',
    "{'a': 1}",
    '{"a": 1,}',
    '{"a" 1}',
    "NaN",
    "[1, 2",
    '{"__proto__": {"admin": true}}',
    '{"a": 1}{"b": 2}',
    "\u0000",
    '{"amount_centavos": 1e999}',
  ),
  fc.string({ unit: anyCodeUnit, maxLength: 60 }),
  fc.string({ maxLength: 60 }).map((s) => `{"${s}": ${s}}`),
);

const rawBytes = fc.oneof(
  fc.uint8Array({ maxLength: 80 }),
  fc.constantFrom(
    Uint8Array.from([0xff]),
    Uint8Array.from([0xc0, 0xaf]),
    Uint8Array.from([0xed, 0xa0, 0x80]),
    Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe2, 0x82, 0x22, 0x7d]),
  ),
);

type BodyCase =
  | { kind: "json"; value: unknown }
  | { kind: "raw"; text: string }
  | { kind: "bytes"; bytes: Uint8Array<ArrayBuffer> }
  | { kind: "none" };

/** Keys that are not the route's own: prototype keys, near-misses, anything. */
const extraKey = fc.oneof(
  fc.constantFrom(
    "__proto__",
    "constructor",
    "prototype",
    "toString",
    "hasOwnProperty",
    "",
    " ",
    "amount_centavos ",
    "AMOUNT_CENTAVOS",
    "id",
    "business_id",
    "role",
  ),
  fc.string({ maxLength: 12 }),
);

function bodyArbitrary(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<BodyCase> {
  const perField = Object.fromEntries(
    Object.entries(fields).map(([key, valid]) => [
      key,
      fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: hostileValue }),
    ]),
  );
  const object = fc
    .tuple(
      fc.record(perField, { requiredKeys: [] }),
      fc.option(fc.dictionary(extraKey, hostileValue, { maxKeys: 3 }), { freq: 3 }),
    )
    .map(([known, extra]) => ({ ...(extra ?? {}), ...known }));
  return fc.oneof(
    { weight: 8, arbitrary: object.map((value): BodyCase => ({ kind: "json", value })) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value): BodyCase => ({ kind: "json", value })) },
    { weight: 1, arbitrary: rawJsonText.map((text): BodyCase => ({ kind: "raw", text })) },
    { weight: 1, arbitrary: rawBytes.map((bytes): BodyCase => ({ kind: "bytes", bytes: Uint8Array.from(bytes) })) },
    { weight: 1, arbitrary: fc.constant<BodyCase>({ kind: "none" }) },
  );
}

/** Ids: valid ones (seeded or random), and hostile ones; as Next.js hands them over (already decoded). */
const idArbitrary = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom("po_demo_paid", "po_demo_failed", "sa_demo_1", "sa_demo_2", "sa_unknown") },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,128}$/) },
  { weight: 3, arbitrary: hostileString },
);

/** Query values: valid-ish for the key, hostile, or raw percent-encodings. */
function queryArbitrary(keys: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const keyed = Object.entries(keys).map(([key, valid]) =>
    fc.tuple(fc.constant(key), fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: hostileString })),
  );
  const pair = fc.oneof(...keyed, fc.tuple(fc.oneof(extraKey, hostileString), hostileString));
  const encoded = fc
    .tuple(pair, fc.constantFrom("encoded", "raw"))
    .map(([[key, value], mode]) =>
      mode === "encoded" ? `${safeEncode(key)}=${safeEncode(value)}` : `${key}=${value}`,
    );
  return fc.array(encoded, { maxLength: 5 }).map((parts) => (parts.length ? `?${parts.join("&")}` : ""));
}

/** encodeURIComponent, except that it cannot fail: a lone surrogate goes out raw (the URL parser turns it into U+FFFD). */
function safeEncode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value;
  }
}

interface HeaderCase {
  idempotencyKey: string | null;
  contentType: string | null;
  origin: string | null | undefined;
  requestedBy: string | null | undefined;
  fetchSite: string | null | undefined;
  forwardedProto: string | undefined;
  forwardedHost: string | undefined;
}

const headerString = fc.string({ unit: headerChar, maxLength: 60 });
/** `undefined`: the default a same-origin page sends; `null`: header left out. */
const orDefault = <T>(others: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: others },
  );

const headersArbitrary: fc.Arbitrary<HeaderCase> = fc.record({
  idempotencyKey: fc.oneof(
    { weight: 6, arbitrary: fc.uuid().map((uuid) => `fz-${uuid}`) },
    { weight: 1, arbitrary: fc.constant(null) },
    {
      weight: 2,
      arbitrary: fc.oneof(
        headerString,
        fc.constantFrom("short", "has spaces in it", "k".repeat(129), "key/with/slash", "a".repeat(8_000)),
      ),
    },
  ),
  contentType: fc.oneof(
    { weight: 8, arbitrary: fc.constant("application/json") },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        "application/json; charset=utf-8",
        "application/json; charset=latin1",
        "APPLICATION/JSON",
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/jsonx",
        "",
        "application/json, text/html",
      ),
    },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: headerString },
  ),
  origin: orDefault(
    fc.oneof(
      fc.constantFrom(
        "null",
        "https://evil.example.com",
        "http://127.0.0.1:3000.evil.example.com",
        "http://127.0.0.1:3000/",
      ),
      headerString,
    ),
  ),
  requestedBy: orDefault(fc.oneof(fc.constantFrom("", "Dashboard", "dashboard ", "other"), headerString)),
  fetchSite: orDefault(fc.constantFrom("cross-site", "same-site", "none", "same-origin", "weird")),
  forwardedProto: fc.oneof(
    { weight: 8, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom("https", "http", "https, http", "javascript") },
    { weight: 1, arbitrary: headerString },
  ),
  forwardedHost: fc.oneof(
    { weight: 9, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.oneof(fc.constantFrom("evil.example.com", "127.0.0.1:3000"), headerString) },
  ),
});

/** Mostly signed in, so that most requests get past the session check to the inputs. */
const whoArbitrary = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Who>("operator") },
  { weight: 2, arbitrary: fc.constant<Who>("finance") },
  { weight: 4, arbitrary: fc.constant<Who>("owner") },
  { weight: 1, arbitrary: fc.constantFrom<Who>("none", "garbage", "tampered") },
);

// ---------------------------------------------------------------- the routes

interface FuzzRoute {
  /** "METHOD /api/path/{id}", as in docs/bff-api.md. */
  name: string;
  handler: RouteHandler;
  /** Body fields with generators of valid values; null for routes without a body. */
  body: Record<string, fc.Arbitrary<unknown>> | null;
  /** Query keys with generators of valid values. */
  query: Record<string, fc.Arbitrary<string>>;
}

const isoDate = fc
  .date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2030-01-01T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString());
/** A filter date: mostly a plain one, often one at the edges (tests/helpers/edge-dates.ts). */
const filterDate = fc.oneof({ weight: 2, arbitrary: isoDate }, { weight: 1, arbitrary: edgeDate.map((d) => d.text) });
/**
 * The register's filters (GET /api/payouts, its totals and its export read the same ones), valid values only;
 * `searches` are the texts the search box may hold.
 */
const registerFilters = (...searches: [string, ...string[]]): Record<string, fc.Arbitrary<string>> => ({
  status: fc.constantFrom("pending", "paid", "failed"),
  state: fc.constantFrom(...REGISTER_STATE_FILTERS),
  search: fc.constantFrom(...searches),
  from: filterDate,
  to: filterDate,
});
/** An expiry from a minute to about four years ahead, read when generated; or one at the edges. */
const expiryDate = fc.oneof(
  {
    weight: 2,
    arbitrary: fc
      .integer({ min: 60_000, max: 4 * 365 * 86_400_000 })
      .map((ahead) => new Date(Date.now() + ahead).toISOString()),
  },
  { weight: 1, arbitrary: edgeDate.map((d) => d.text) },
);
const limit = fc.integer({ min: -5, max: 2_000 }).map(String);
const amount = fc.integer({ min: 1, max: 10_000_000 });
const businessIds = [ACME.businessId, BETA.businessId, "00000000-0000-4000-8000-000000000000"];

const batchRow = fc.record({
  row_number: fc.integer({ min: 1, max: 5_000 }),
  pix_key: fc.constantFrom("fornecedor@example.com", "529.982.247-25", "+5511987654321"),
  key_type: fc.constantFrom("email", "cpf", "phone"),
  amount_centavos: amount,
  description: fc.constantFrom("NF 1", ""),
  name: fc.constantFrom("Maria", '=HYPERLINK("x")'),
  original: fc.dictionary(fc.constantFrom("valor", "chave", "nome"), fc.constantFrom("1,00", "=1+1", "")),
});
const batchRowList = fc.array(batchRow, { minLength: 1, maxLength: 3 });

const ROUTES: FuzzRoute[] = [
  { name: "GET /api/payout-batches", handler: batches.GET, body: null, query: {} },
  {
    name: "POST /api/payout-batches",
    handler: batches.POST,
    body: { file_name: fc.constantFrom("lista.csv", "pagamentos.xlsx"), rows: batchRowList },
    query: {},
  },
  { name: "POST /api/payout-batches/preview", handler: batchPreview.POST, body: { rows: batchRowList }, query: {} },
  { name: "GET /api/payout-batches/{id}", handler: batchOne.GET, body: null, query: {} },
  { name: "GET /api/payout-batches/{id}/rows", handler: batchRowsRoute.GET, body: null, query: {} },
  { name: "GET /api/payout-batches/{id}/results.csv", handler: batchResults.GET, body: null, query: {} },
  { name: "GET /api/payout-batches/{id}/results.xlsx", handler: batchResultsXlsx.GET, body: null, query: {} },
  {
    name: "POST /api/payout-batches/{id}/confirm",
    handler: batchConfirm.POST,
    body: { typed_total_centavos: amount },
    query: {},
  },
  { name: "POST /api/payout-batches/{id}/pause", handler: batchPause.POST, body: null, query: {} },
  { name: "POST /api/payout-batches/{id}/resume", handler: batchResume.POST, body: null, query: {} },
  { name: "POST /api/payout-batches/{id}/cancel", handler: batchCancel.POST, body: null, query: {} },
  {
    name: "POST /api/session",
    handler: session.POST,
    body: {
      email: fc.constantFrom(
        "operator@acme.example",
        "finance@beta.example",
        "nobody@acme.example",
        "José@ñandú.example",
      ),
      password: fc.constantFrom(DEMO_PASSWORD, "wrong-password", "senha açaí 🔑"),
      businessId: fc.constantFrom(...businessIds),
    },
    query: {},
  },
  {
    name: "POST /api/session/second-factor",
    handler: secondFactor.POST,
    body: {
      challenge: fc.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
      code: fc.stringMatching(/^\d{6}$/),
      businessId: fc.constantFrom(...businessIds),
    },
    query: {},
  },
  { name: "GET /api/session/workspace", handler: sessionWorkspace.GET, body: null, query: {} },
  {
    name: "PUT /api/session/workspace",
    handler: sessionWorkspace.PUT,
    body: { businessId: fc.constantFrom(...businessIds) },
    query: {},
  },
  {
    name: "POST /api/setup",
    handler: setup.POST,
    body: {
      token: fc.stringMatching(/^[A-Za-z0-9_-]{20,64}$/),
      name: fc.constantFrom("Helena Fuzz", "José Ñandú"),
      email: fc.constantFrom("fuzz@acme.example", "owner@acme.example"),
      password: fc.constantFrom("a long enough fuzz password", DEMO_PASSWORD),
      businessName: fc.constantFrom("Acme", ""),
      apiKey: fc.constantFrom(ACME.apiKey, "sk_sandbox_nope_1234"),
    },
    query: {},
  },
  { name: "GET /api/workspace/settings", handler: workspaceSettings.GET, body: null, query: {} },
  {
    name: "PATCH /api/workspace/settings",
    handler: workspaceSettings.PATCH,
    body: { require2fa: fc.boolean() },
    query: {},
  },
  { name: "GET /api/workspace/credentials", handler: workspaceCredentials.GET, body: null, query: {} },
  {
    name: "PUT /api/workspace/credentials",
    handler: workspaceCredentials.PUT,
    body: {
      kind: fc.constantFrom("api_key", "bearer"),
      apiKey: fc.constantFrom(ACME.apiKey, BETA.apiKey, "sk_sandbox_nope_1234"),
      accessToken: fc.constantFrom(ACME.accessToken, "at_sandbox_nope_1234"),
    },
    query: {},
  },
  { name: "GET /api/members", handler: members.GET, body: null, query: {} },
  {
    name: "PATCH /api/members/{id}",
    handler: member.PATCH,
    body: { role: fc.constantFrom("owner", "admin", "operator", "finance", "support") },
    query: {},
  },
  {
    name: "PUT /api/members/{id}/status",
    handler: memberStatus.PUT,
    body: { status: fc.constantFrom("active", "deactivated") },
    query: {},
  },
  { name: "DELETE /api/members/{id}/two-factor", handler: memberTwoFactor.DELETE, body: null, query: {} },
  {
    name: "GET /api/members/{id}/security-events",
    handler: memberEvents.GET,
    body: null,
    query: { limit, cursor: fc.integer({ min: 0, max: 10_000 }).map(String) },
  },
  {
    name: "GET /api/members/{id}/security-events/export",
    handler: memberEventsExport.GET,
    body: null,
    query: { format: fc.constantFrom("csv", "xlsx") },
  },
  {
    name: "POST /api/invitations",
    handler: invitations.POST,
    body: {
      email: fc.constantFrom("convidada@example.com", "operator@acme.example", "José@ñandú.example"),
      role: fc.constantFrom("admin", "operator", "finance", "support"),
    },
    query: {},
  },
  { name: "DELETE /api/invitations/{id}", handler: invitation.DELETE, body: null, query: {} },
  {
    name: "GET /api/invitations/accept",
    handler: invitationAccept.GET,
    body: null,
    query: { token: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
  },
  {
    name: "POST /api/invitations/accept",
    handler: invitationAccept.POST,
    body: {
      account: fc.constantFrom("new", "existing"),
      token: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      name: fc.constantFrom("Nova Pessoa", "José Ñandú"),
      email: fc.constantFrom("operator@acme.example", "nova@example.com"),
      password: fc.constantFrom("a long enough fuzz password", "wrong-password"),
    },
    query: {},
  },
  { name: "GET /api/account", handler: account.GET, body: null, query: {} },
  // Never the fuzz people's real password: a password change would end the fuzz's own sessions.
  {
    name: "POST /api/account/password",
    handler: accountPassword.POST,
    body: {
      current_password: fc.constantFrom("wrong-password", "senha açaí 🔑"),
      new_password: fc.constantFrom("a long enough fuzz password", "short"),
    },
    query: {},
  },
  { name: "POST /api/account/two-factor/setup", handler: twoFactorSetup.POST, body: null, query: {} },
  {
    name: "POST /api/account/two-factor/confirm",
    handler: twoFactorConfirm.POST,
    body: { code: fc.stringMatching(/^\d{6}$/) },
    query: {},
  },
  {
    name: "POST /api/account/two-factor/recovery-codes",
    handler: twoFactorRecovery.POST,
    body: { code: fc.stringMatching(/^\d{6}$/) },
    query: {},
  },
  {
    name: "POST /api/account/two-factor/disable",
    handler: twoFactorDisable.POST,
    body: { password: fc.constantFrom("wrong-password", DEMO_PASSWORD), code: fc.stringMatching(/^\d{6}$/) },
    query: {},
  },
  {
    name: "GET /api/account/security-events",
    handler: accountEvents.GET,
    body: null,
    query: { limit, cursor: fc.integer({ min: 0, max: 10_000 }).map(String) },
  },
  {
    name: "GET /api/account/security-events/export",
    handler: accountEventsExport.GET,
    body: null,
    query: { format: fc.constantFrom("csv", "xlsx") },
  },
  { name: "GET /api/session", handler: session.GET, body: null, query: {} },
  { name: "DELETE /api/session", handler: session.DELETE, body: null, query: {} },
  { name: "DELETE /api/sessions", handler: sessions.DELETE, body: null, query: {} },
  { name: "GET /api/payment-links", handler: paymentLinks.GET, body: null, query: {} },
  { name: "GET /api/insights/disputes", handler: insightsDisputes.GET, body: null, query: {} },
  {
    name: "GET /api/insights/payment-links",
    handler: insightsPaymentLinks.GET,
    body: null,
    query: {
      window: fc.constantFrom(...INSIGHT_WINDOWS),
      from: fc.constantFrom("2026-01-01", "2026-11-20", "2025-02-29", "1999-12-31"),
      to: fc.constantFrom("2026-11-27", "2026-01-01", "2030-01-01"),
      bucket: fc.constantFrom(...INSIGHT_BUCKETS),
    },
  },
  { name: "GET /api/insights/overview", handler: insightsOverview.GET, body: null, query: {} },
  {
    name: "GET /api/insights/payouts",
    handler: insightsPayouts.GET,
    body: null,
    query: {
      window: fc.constantFrom(...INSIGHT_WINDOWS),
      from: fc.constantFrom("2026-01-01", "2026-11-20", "2025-02-29", "1999-12-31"),
      to: fc.constantFrom("2026-11-27", "2026-01-01", "2030-01-01"),
      bucket: fc.constantFrom(...INSIGHT_BUCKETS),
      format: fc.constantFrom("csv", "xlsx"),
    },
  },
  {
    name: "POST /api/payment-links",
    handler: paymentLinks.POST,
    body: {
      name: fc.constantFrom("Camiseta", "Curso de Pix"),
      slug: fc.stringMatching(/^[a-z0-9]{3,12}(-[a-z0-9]{1,6})?$/),
      description: fc.constantFrom("Aula 1", ""),
      amount_centavos: amount,
      min_amount_centavos: amount,
      max_sales: fc.integer({ min: 1, max: 1_000_000 }),
      expires_at: expiryDate,
      collect_customer_data: fc.boolean(),
    },
    query: {},
  },
  {
    name: "GET /api/payouts",
    handler: payouts.GET,
    body: null,
    query: {
      ...registerFilters("fornecedor", "po_"),
      limit,
      cursor: fc.uuid(),
    },
  },
  {
    name: "GET /api/payouts/totals",
    handler: payoutTotals.GET,
    body: null,
    query: registerFilters("fornecedor", "Maria"),
  },
  {
    name: "GET /api/payouts/export",
    handler: payoutExport.GET,
    body: null,
    query: {
      ...registerFilters("fornecedor", "Maria"),
      format: fc.constantFrom("csv", "xlsx"),
    },
  },
  {
    name: "POST /api/payouts",
    handler: payouts.POST,
    body: {
      amount_centavos: fc.integer({ min: 1, max: 1_000_000 }),
      pix_key_type: fc.constantFrom("email", "cpf", "cnpj", "phone", "evp"),
      pix_key: fc.constantFrom(
        "fornecedor@example.com",
        "529.982.247-25",
        "11.222.333/0001-81",
        "+5511987654321",
        "00000000-0000-4000-8000-000000000000",
      ),
    },
    query: {},
  },
  {
    name: "POST /api/payouts/preview",
    handler: payoutPreview.POST,
    body: {
      amount_centavos: fc.integer({ min: 1, max: 1_000_000 }),
      pix_key_type: fc.constantFrom("email", "cpf", "evp"),
      pix_key: fc.constantFrom("fornecedor@example.com", "529.982.247-25", "00000000-0000-4000-8000-000000000000"),
    },
    query: {},
  },
  { name: "GET /api/payouts/attention", handler: payoutAttention.GET, body: null, query: {} },
  {
    name: "POST /api/payouts/review",
    handler: payoutReview.POST,
    body: {
      action: fc.constantFrom("check_again", "mark_handled"),
      idempotency_key: fc.uuid().map((uuid) => `fz-${uuid}`),
      note: fc.constantFrom("Confirmed with the bank: paid once."),
      payout_id: fc.constantFrom("po_demo_paid", "po_unknown"),
    },
    query: {},
  },
  { name: "GET /api/payouts/{id}", handler: payout.GET, body: null, query: {} },
  {
    name: "GET /api/payouts/{id}/receipt.pdf",
    handler: payoutReceipt.GET,
    body: null,
    query: { lang: fc.constantFrom("pt-BR", "en", "fr", "") },
  },
  { name: "GET /api/chargebacks", handler: chargebacks.GET, body: null, query: {} },
  { name: "GET /api/subaccounts", handler: subaccounts.GET, body: null, query: {} },
  { name: "GET /api/subaccounts/{id}", handler: subaccount.GET, body: null, query: {} },
  {
    name: "GET /api/subaccounts/{id}/history",
    handler: subaccountHistory.GET,
    body: null,
    query: { limit, cursor: fc.integer({ min: 0, max: 10_000 }).map(String) },
  },
  {
    name: "PATCH /api/subaccounts/{id}",
    handler: subaccount.PATCH,
    body: {
      name: fc.constantFrom("Loja Centro", "Loja Norte"),
      email: fc.constantFrom("loja@acme.example.com", "Loja.Centro@ACME.example.com"),
      document: fc.constantFrom("737.608.868-76", "73760886876", "11.222.333/0001-81"),
      daily_limit_centavos: amount,
      monthly_limit_centavos: amount,
    },
    query: {},
  },
  {
    name: "PUT /api/subaccounts/{id}/blocked",
    handler: subaccountBlocked.PUT,
    body: { is_blocked: fc.boolean() },
    query: {},
  },
  {
    name: "GET /api/activity",
    handler: activity.GET,
    body: null,
    query: {
      actor: fc.constantFrom("Olivia Operator", "reconciler"),
      action: fc.constantFrom(...AUDIT_ACTIONS),
      target_type: fc.constantFrom("payout", "subaccount", "payment_link"),
      target_id: fc.constantFrom("po_demo_paid", "sa_demo_1"),
      from: filterDate,
      to: filterDate,
      limit,
      cursor: fc.integer({ min: 0, max: 10_000 }).map(String),
    },
  },
];

function routeNamed(name: string): FuzzRoute {
  const found = ROUTES.find((r) => r.name === name);
  if (!found) throw new Error(`no route ${name}`);
  return found;
}

const methodOf = (route: FuzzRoute) => route.name.split(" ")[0] ?? "GET";
const templateOf = (route: FuzzRoute) => route.name.split(" ")[1] ?? "/";

/** "METHOD /api/…/{id}" for every method exported by every app/api/**\/route.ts. */
function routesInApp(): string[] {
  const names: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (entry === "route.ts") {
        const template = `/${path.relative("app", dir).split(path.sep).join("/")}`.replace(/\[(\w+)\]/g, "{$1}");
        for (const match of readFileSync(full, "utf8").matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g))
          names.push(`${match[1]} ${template}`);
      }
    }
  };
  walk(path.join("app", "api"));
  return names.filter((name) => !PROBE_ROUTES.has(name)).sort();
}

/**
 * Load-balancer probes read no input (no body, query, params, cookie or header) and answer outside
 * the envelope; tests/bff/probes.test.ts covers them, hostile cookies included.
 */
const PROBE_ROUTES = new Set(["GET /api/health", "GET /api/ready"]);

// ---------------------------------------------------------------- running one request

interface Generated {
  /** A name from ROUTES (a name, so that a printed counterexample stays readable). */
  route: string;
  who: Who;
  id: string;
  query: string;
  body: BodyCase;
  headers: HeaderCase;
}

function cookieFor(who: Who): string | null {
  if (who === "operator" || who === "finance" || who === "owner") return cookies[who];
  if (who === "garbage") return "pixops_session=Fe26.2**garbage*%ZZ";
  if (who === "tampered") {
    const value = cookies.operator;
    const last = value.at(-2) === "a" ? "b" : "a";
    return `${value.slice(0, -2)}${last}${value.at(-1) ?? ""}`;
  }
  return null;
}

function optionsFor(generated: Generated): { pathname: string; options: CallOptions } {
  const { id, query, body, headers } = generated;
  const route = routeNamed(generated.route);
  const method = methodOf(route);
  const pathname = `${templateOf(route).replace("{id}", safeEncode(id))}${query}`;
  const extra: Record<string, string | null> = {};
  if (headers.origin !== undefined) extra.origin = headers.origin;
  if (headers.requestedBy !== undefined) extra["x-requested-by"] = headers.requestedBy;
  if (headers.fetchSite !== undefined) extra["sec-fetch-site"] = headers.fetchSite;
  if (headers.forwardedProto !== undefined) extra["x-forwarded-proto"] = headers.forwardedProto;
  if (headers.forwardedHost !== undefined) extra["x-forwarded-host"] = headers.forwardedHost;
  if (headers.idempotencyKey !== null) extra["idempotency-key"] = headers.idempotencyKey;
  const options: CallOptions = {
    method,
    cookie: cookieFor(generated.who),
    headers: extra,
    contentType: headers.contentType,
  };
  if (templateOf(route).includes("{id}")) options.params = { id };
  // GET requests cannot carry a body (the Fetch API refuses to build one).
  if (method !== "GET") {
    if (body.kind === "json") options.body = body.value;
    else if (body.kind === "raw") options.rawBody = body.text;
    else if (body.kind === "bytes") options.rawBody = body.bytes;
  }
  return { pathname, options };
}

/** Refusals only the BFF gives, before a handler's work starts: none of them may have reached the API. */
const LOCAL_REFUSALS = new Set([
  "invalid_json",
  "invalid_encoding",
  "invalid_content_length",
  "payload_too_large",
  "unsupported_media_type",
  "csrf_rejected",
  "idempotency_key_required",
  "unauthenticated",
  "two_factor_required",
  // Sign-in refusals: the ledger's answers, the API is never asked (docs/security.md).
  "sign_in_throttled",
  "invalid_login",
  "invalid_code",
  "sign_in_challenge_expired",
  // Workspace credentials refused before the API is asked to check them.
  "credential_not_allowed",
  "credential_provisioned",
]);
/**
 * Refusals the API gives too (its 422 and 403 are passed on with their codes,
 * e.g. a monthly limit below the subaccount's daily limit, which only the API
 * knows): when the BFF gave one itself (its own `bff_` request id), nothing may
 * have reached the API.
 */
const SHARED_REFUSALS = new Set(["validation_error", "forbidden"]);

/** Answers that stop a request at the door (session, role, CSRF), before its inputs are looked at. */
const GATES = new Set(["unauthenticated", "forbidden", "csrf_rejected", "two_factor_required"]);

const stats = {
  runs: 0,
  byStatus: new Map<number, number>(),
  upstreamCalls: 0,
  pastTheGates: new Map<string, number>(),
};

function describeGenerated(g: Generated): string {
  const text = JSON.stringify({
    route: g.route,
    who: g.who,
    id: g.id,
    query: g.query,
    body: g.body.kind === "bytes" ? { kind: "bytes", bytes: [...g.body.bytes] } : g.body,
    headers: g.headers,
  });
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
}

/** The checks every answer must pass; returns the answer for further checks. */
async function send(generated: Generated): Promise<{ result: CallResult; upstream: number }> {
  const { pathname, options } = optionsFor(generated);
  const { result, requests } = await countUpstream(harness.sandbox, () =>
    call(routeNamed(generated.route).handler, pathname, options),
  );
  stats.runs += 1;
  stats.byStatus.set(result.status, (stats.byStatus.get(result.status) ?? 0) + 1);
  stats.upstreamCalls += requests;
  if (!GATES.has(result.json.error?.code ?? ""))
    stats.pastTheGates.set(generated.route, (stats.pastTheGates.get(generated.route) ?? 0) + 1);
  const label = `${describeGenerated(generated)} → ${result.status} ${result.text.slice(0, 300)}`;
  expect(result.status, label).toBeGreaterThanOrEqual(200);
  expect(result.status, label).toBeLessThan(500);
  expect(result.headers.get("cache-control"), label).toBe("no-store");
  if (!(result.headers.get("content-type") ?? "").includes("json")) {
    // A download (a security history's CSV or .xlsx): only ever a success, sent as an attachment.
    expect(result.status, label).toBe(200);
    expect(result.headers.get("content-disposition"), label).toMatch(/^attachment;/);
    return { result, upstream: requests };
  }
  expect(typeof result.json.request_id, label).toBe("string");
  if (result.status < 300) {
    expect(result.json.error, label).toBeNull();
  } else {
    expect(result.json.data, label).toBeNull();
    expect(result.json.error?.code, label).toMatch(/^[a-z_]+$/);
    expect(typeof result.json.error?.message, label).toBe("string");
    const code = result.json.error?.code ?? "";
    const ownId = result.json.request_id?.startsWith("bff_") ?? false;
    if (LOCAL_REFUSALS.has(code) || (SHARED_REFUSALS.has(code) && ownId))
      expect(requests, `upstream requests for ${label}`).toBe(0);
  }
  if (result.status === 422) {
    const fields = Object.entries(result.json.error?.fields ?? {});
    expect(fields.length, label).toBeGreaterThan(0);
    for (const [field, message] of fields) {
      expect(typeof field, label).toBe("string");
      expect(message, `${label}: field ${field}`).toMatch(/\S/);
    }
  }
  // Signing out ends that session, signing out everywhere every session of its scope: sign in
  // again so later runs keep their roles.
  if (
    (generated.route === "DELETE /api/session" || generated.route === "DELETE /api/sessions") &&
    result.status === 200
  ) {
    await signInEveryone();
  }
  // A workspace that requires 2FA lets its people (none has it) do nothing else: back to not requiring it.
  if (generated.route === "PATCH /api/workspace/settings" && result.status === 200) {
    await setWorkspaceRequire2fa(await getLedger(), ACME.businessId, false);
    forgetWorkspaceAccess(ACME.businessId);
  }
  // A replaced credential (the API accepted it): Acme's own demo key and token again, as every test expects.
  if (generated.route === "PUT /api/workspace/credentials" && result.status === 200) {
    await restoreAcmeCredentials();
  }
  return { result, upstream: requests };
}

const generatedArbitrary: fc.Arbitrary<Generated> = fc.constantFrom(...ROUTES).chain((route) =>
  fc.record({
    route: fc.constant(route.name),
    who: whoArbitrary,
    id: idArbitrary,
    query: queryArbitrary(route.query),
    body: route.body ? bodyArbitrary(route.body) : fc.constant<BodyCase>({ kind: "none" }),
    headers: headersArbitrary,
  }),
);

// ---------------------------------------------------------------- known-bad values

interface BadCase {
  route: string;
  /** The valid request it starts from. */
  body: Record<string, unknown> | null;
  query: Record<string, string>;
  id: string | null;
  /** The field the 422 must name, and the bad values to put there. */
  field: string;
  where: "body" | "query" | "param" | "header";
  bad: fc.Arbitrary<unknown>;
}

/** `s` with a NUL or a lone surrogate in it (text the ledger cannot store). */
const withNul = (s: fc.Arbitrary<string>) =>
  fc
    .tuple(s, fc.constantFrom("\u0000", "\ud800", "\udfff"))
    .map(([value, bad]) => `${value.slice(0, 3)}${bad}${value.slice(3)}`);
/** In a URL only NUL survives: a lone surrogate cannot be encoded and becomes U+FFFD. */
const withNulInUrl = (s: fc.Arbitrary<string>) => s.map((value) => `${value.slice(0, 3)}\u0000${value.slice(3)}`);
const tooLong = (max: number) => fc.integer({ min: max + 1, max: max + 200 }).map((n) => "x".repeat(n));
const badAmount = fc.oneof(
  fc.constantFrom(0, -1, 1.5, "1000", null, true, [], {}, 2 ** 60),
  fc.integer({ max: 0 }),
  fc.double({ noInteger: true, noDefaultInfinity: true, noNaN: true }),
);
const validPayout = { amount_centavos: 1234, pix_key_type: "email", pix_key: "fornecedor@example.com" };
const validLink = { name: "Curso", slug: "curso-fuzz", amount_centavos: 1000 };
const validSignIn = operatorBody;

/** The valid requests most known-bad cases start from. */
type BadStart = Pick<BadCase, "route" | "body" | "query" | "id">;
const NEW_PAYOUT: BadStart = { route: "POST /api/payouts", body: validPayout, query: {}, id: null };
const NEW_LINK: BadStart = { route: "POST /api/payment-links", body: validLink, query: {}, id: null };
const RENAME_SUBACCOUNT: BadStart = {
  route: "PATCH /api/subaccounts/{id}",
  body: { name: "Loja Centro" },
  query: {},
  id: "sa_demo_1",
};
const SIGN_IN: BadStart = { route: "POST /api/session", body: validSignIn, query: {}, id: null };
const LIST_PAYOUTS: BadStart = { route: "GET /api/payouts", body: null, query: {}, id: null };
const LIST_ACTIVITY: BadStart = { route: "GET /api/activity", body: null, query: {}, id: null };

const BAD_CASES: BadCase[] = [
  {
    ...NEW_PAYOUT,
    field: "amount_centavos",
    where: "body",
    bad: badAmount,
  },
  {
    ...NEW_PAYOUT,
    field: "pix_key_type",
    where: "body",
    bad: fc.oneof(fc.constantFrom("iban", "EMAIL", "", 1, null), hostileString),
  },
  {
    ...NEW_PAYOUT,
    field: "pix_key",
    where: "body",
    bad: fc.oneof(
      withNul(fc.constant("fornecedor@example.com")),
      fc.constantFrom("", "not-an-email", 5, null),
      tooLong(140),
    ),
  },
  {
    ...NEW_LINK,
    field: "name",
    where: "body",
    bad: fc.oneof(withNul(fc.constant("Curso")), fc.constantFrom("", "   ", 5, null), tooLong(120)),
  },
  {
    ...NEW_LINK,
    field: "slug",
    where: "body",
    bad: fc.oneof(withNul(fc.constant("curso-a")), fc.constantFrom("A B", "a", "curso_a", "../x", "-x-"), tooLong(64)),
  },
  {
    ...NEW_LINK,
    field: "amount_centavos",
    where: "body",
    bad: badAmount,
  },
  {
    ...NEW_LINK,
    field: "description",
    where: "body",
    bad: fc.oneof(withNul(fc.constant("Aula um")), tooLong(500), fc.constantFrom(7, null, [])),
  },
  {
    ...RENAME_SUBACCOUNT,
    field: "name",
    where: "body",
    bad: fc.oneof(withNul(fc.constant("Loja Centro")), fc.constantFrom("", 1, null), tooLong(120)),
  },
  {
    ...RENAME_SUBACCOUNT,
    field: "email",
    where: "body",
    bad: fc.oneof(withNul(fc.constant("loja@acme.example.com")), fc.constantFrom("loja", "a@b", 1)),
  },
  {
    ...RENAME_SUBACCOUNT,
    field: "document",
    where: "body",
    bad: fc.oneof(withNul(fc.constant("73760886876")), fc.constantFrom("123", "123.456.789-00", 73760886876)),
  },
  {
    ...RENAME_SUBACCOUNT,
    field: "daily_limit_centavos",
    where: "body",
    bad: badAmount,
  },
  {
    ...RENAME_SUBACCOUNT,
    field: "id",
    where: "param",
    bad: fc.oneof(
      withNul(fc.constant("sa_demo_1")),
      hostileString.filter((s) => !/^[A-Za-z0-9_-]{1,128}$/.test(s.trim())),
    ),
  },
  {
    route: "PUT /api/subaccounts/{id}/blocked",
    body: { is_blocked: true },
    query: {},
    id: "sa_demo_1",
    field: "is_blocked",
    where: "body",
    bad: fc.constantFrom("true", 1, 0, null, [], {}, "yes"),
  },
  {
    route: "GET /api/payouts/{id}",
    body: null,
    query: {},
    id: "po_demo_paid",
    field: "id",
    where: "param",
    bad: fc.oneof(
      withNul(fc.constant("po_demo_paid")),
      hostileString.filter((s) => !/^[A-Za-z0-9_-]{1,128}$/.test(s.trim())),
    ),
  },
  {
    route: "POST /api/payouts/review",
    body: { action: "mark_handled", idempotency_key: "fz-review-0001", note: "Paid once." },
    query: {},
    id: null,
    field: "note",
    where: "body",
    bad: fc.oneof(withNul(fc.constant("Paid once.")), fc.constantFrom("x", "", 3), tooLong(500)),
  },
  {
    route: "POST /api/payouts/review",
    body: { action: "check_again", idempotency_key: "fz-review-0001" },
    query: {},
    id: null,
    field: "idempotency_key",
    where: "body",
    bad: fc.oneof(withNul(fc.constant("fz-review-0001")), fc.constantFrom("", 1, null), tooLong(255)),
  },
  {
    ...SIGN_IN,
    field: "email",
    where: "body",
    bad: fc.oneof(
      withNul(fc.constant("operator@acme.example")),
      fc.constantFrom("", "x", "operator acme@example", "operator.acme.example", "a@b@c", 1, null, []),
      tooLong(254).map((local) => `${local}@acme.example`),
    ),
  },
  {
    ...SIGN_IN,
    field: "password",
    where: "body",
    // Any text is a password (it is only hashed): only its absence, its type and its length are refused.
    bad: fc.oneof(fc.constantFrom("", 1, null, true, {}), tooLong(1024)),
  },
  {
    ...LIST_PAYOUTS,
    field: "limit",
    where: "query",
    bad: fc.constantFrom("0", "501", "-1", "abc", "1.5", "1e400"),
  },
  {
    ...LIST_PAYOUTS,
    field: "search",
    where: "query",
    bad: fc.oneof(withNulInUrl(fc.constant("fornecedor")), tooLong(140)),
  },
  {
    ...LIST_PAYOUTS,
    field: "state",
    where: "query",
    bad: fc.constantFrom("nope", "SUBMITTED", ""),
  },
  {
    ...LIST_ACTIVITY,
    field: "from",
    where: "query",
    bad: fc.constantFrom("yesterday", "2026-13-01T00:00:00Z", "%ZZ", ""),
  },
  {
    ...LIST_ACTIVITY,
    field: "from",
    where: "query",
    bad: edgeDate.filter((d) => !inFilterRange(d)).map((d) => d.text),
  },
  {
    ...LIST_ACTIVITY,
    field: "to",
    where: "query",
    bad: edgeDate.filter((d) => !inFilterRange(d)).map((d) => d.text),
  },
  // Only ones out of any horizon a clock near today could give (years before 2000, after 2100, malformed): the expiry's own edges are the dated-inputs property's.
  {
    ...NEW_LINK,
    field: "expires_at",
    where: "body",
    bad: edgeDate.filter((d) => !inFilterRange(d)).map((d) => d.text),
  },
  {
    ...LIST_ACTIVITY,
    field: "actor",
    where: "query",
    bad: fc.oneof(withNulInUrl(fc.constant("Olivia")), tooLong(80)),
  },
  {
    ...LIST_ACTIVITY,
    field: "action",
    where: "query",
    bad: fc.constantFrom("payout.delete", "", "SESSION.SIGN_IN"),
  },
  {
    ...NEW_PAYOUT,
    field: "Idempotency-Key",
    where: "header",
    bad: fc.oneof(
      fc.constantFrom(
        "short",
        "has spaces in it",
        "k".repeat(129),
        "key/with/slash",
        Buffer.from("ключ-ключ-ключ", "utf8").toString("latin1"),
      ),
      headerString.filter((s) => s.trim() !== "" && !/^[A-Za-z0-9_:.-]{8,128}$/.test(s.trim())),
    ),
  },
];

/** A well-formed instant within the list filters' range. */
function inFilterRange(date: EdgeDate): boolean {
  return date.ms !== null && date.ms >= FILTER_DATE_MIN_MS && date.ms <= FILTER_DATE_MAX_MS;
}

/** Every input that takes a date, and what its answer must be for a given date (null: accepted). */
interface DatedInput {
  route: string;
  field: string;
  where: "query" | "body";
  body: Record<string, unknown> | null;
  /** The field message a date must get at the instant `now`: null when it must be accepted. */
  expected: (date: EdgeDate, now: number) => string | null;
}

function filterMessage(date: EdgeDate): string | null {
  if (date.ms === null) return "validation.isoDate";
  return inFilterRange(date) ? null : "validation.dateOutOfRange";
}

function expiryMessage(date: EdgeDate, now: number): string | null {
  if (date.ms === null) return "validation.isoDate";
  if (date.ms <= now) return "validation.expiresInPast";
  return date.ms > now + EXPIRY_HORIZON_MS ? "validation.expiresTooFar" : null;
}

const DATED_INPUTS: DatedInput[] = [
  { route: "GET /api/activity", field: "from", where: "query", body: null, expected: filterMessage },
  { route: "GET /api/activity", field: "to", where: "query", body: null, expected: filterMessage },
  { route: "GET /api/payouts", field: "from", where: "query", body: null, expected: filterMessage },
  { route: "GET /api/payouts/totals", field: "to", where: "query", body: null, expected: filterMessage },
  { route: "GET /api/payouts/export", field: "from", where: "query", body: null, expected: filterMessage },
  { route: "POST /api/payment-links", field: "expires_at", where: "body", body: validLink, expected: expiryMessage },
];

function badCaseAt(index: number): BadCase {
  const found = BAD_CASES[index];
  if (!found) throw new Error(`no bad case ${index}`);
  return found;
}

// ---------------------------------------------------------------- the tests

describe("hostile input, property-based (fast-check)", () => {
  it("the route table covers every route handler in app/api", () => {
    expect(ROUTES.map((r) => r.name).sort()).toEqual(routesInApp());
  });

  it("any generated request to any route, in any session → a success or a 4xx in the envelope; 422s name their fields; refusals send nothing upstream", async () => {
    const numRuns = 3000 * RUNS;
    console.log(`[fuzz] any-request property: seed ${SEED}, ${numRuns} runs (FUZZ_SEED / FUZZ_RUNS to change)`);
    await fc.assert(
      fc.asyncProperty(generatedArbitrary, async (generated) => {
        await send(generated);
      }),
      { seed: SEED, numRuns },
    );
    const byStatus = [...stats.byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(" ");
    console.log(
      `[fuzz] ${stats.runs} requests over ${ROUTES.length} routes: ${byStatus}; ${stats.upstreamCalls} upstream calls`,
    );
    console.log(
      `[fuzz] past the session, role and CSRF checks, by route: ${ROUTES.map((r) => `${r.name} ${stats.pastTheGates.get(r.name) ?? 0}`).join(", ")}`,
    );
    // The generators must reach every handler's inputs, not only its first refusal.
    for (const r of ROUTES) expect(stats.pastTheGates.get(r.name) ?? 0, r.name).toBeGreaterThan(5);
    expect(stats.byStatus.get(200) ?? 0).toBeGreaterThan(0);
    expect(stats.byStatus.get(422) ?? 0).toBeGreaterThan(0);
  }, 300_000);

  it("a valid request with one known-bad field, param, query value or header → 422 naming it, nothing sent upstream", async () => {
    const numRuns = 600 * RUNS;
    console.log(`[fuzz] one-bad-field property: seed ${SEED}, ${numRuns} runs`);
    // Fresh sessions: this property needs them signed in, whatever the previous one ended with.
    await signInEveryone();
    // Cases by index, so that a printed counterexample stays readable (BAD_CASES[i]).
    const caseArbitrary = fc
      .nat({ max: BAD_CASES.length - 1 })
      .chain((index) =>
        fc.tuple(fc.constant(index), badCaseAt(index).bad, fc.constantFrom<Who>("operator", "operator", "finance")),
      );
    await fc.assert(
      fc.asyncProperty(caseArbitrary, fc.uuid(), async ([index, bad, who], uuid) => {
        const badCase = badCaseAt(index);
        const needsPermission = !["GET /api/payouts/{id}", "POST /api/session"].includes(badCase.route);
        // Finance is refused (403) before validation on operator-only routes: that is another property.
        const session: Who = needsPermission ? allowedPerson(badCase.route) : who;
        const body: BodyCase = badCase.body
          ? { kind: "json", value: badCase.where === "body" ? { ...badCase.body, [badCase.field]: bad } : badCase.body }
          : { kind: "none" };
        const query = badCase.where === "query" ? `?${badCase.field}=${safeEncode(String(bad))}` : "";
        const generated: Generated = {
          route: badCase.route,
          who: session,
          id: badCase.where === "param" ? String(bad) : (badCase.id ?? ""),
          query,
          body,
          headers: {
            idempotencyKey: badCase.where === "header" ? String(bad) : `fz-${uuid}`,
            contentType: "application/json",
            origin: undefined,
            requestedBy: undefined,
            fetchSite: undefined,
            forwardedProto: undefined,
            forwardedHost: undefined,
          },
        };
        const { result, upstream } = await send(generated);
        const label = `${describeGenerated(generated)} → ${result.status} ${result.text.slice(0, 300)}`;
        // A body past 64 KiB is refused as such before validation; everything else is a 422 on the field.
        if (result.status === 413) return;
        expect(result.status, label).toBe(422);
        expect(result.json.error?.code, label).toBe("validation_error");
        expect(result.json.error?.fields?.[badCase.field], label).toMatch(/\S/);
        expect(upstream, label).toBe(0);
      }),
      { seed: SEED, numRuns },
    );
  }, 120_000);

  it("dates at the edges, on every input that takes a date → accepted within its range; otherwise a 422 naming the field with why, nothing sent upstream; never a 5xx", async () => {
    const numRuns = 300 * RUNS;
    console.log(`[fuzz] dated-inputs property: seed ${SEED}, ${numRuns} runs`);
    cookies.operator = await signIn(session.POST, operatorBody);
    const seen = { accepted: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: DATED_INPUTS.length - 1 }), edgeDate, fc.uuid(), async (index, date, uuid) => {
        const input = DATED_INPUTS[index];
        if (!input) throw new Error(`no dated input ${index}`);
        const slug = `fz-${uuid.slice(0, 8)}`;
        const generated: Generated = {
          route: input.route,
          who: allowedPerson(input.route),
          id: "",
          query: input.where === "query" ? `?${input.field}=${safeEncode(date.text)}` : "",
          body: input.body
            ? {
                kind: "json",
                value: { ...input.body, slug, ...(input.where === "body" ? { [input.field]: date.text } : {}) },
              }
            : { kind: "none" },
          headers: {
            idempotencyKey: `fz-${uuid}`,
            contentType: "application/json",
            origin: undefined,
            requestedBy: undefined,
            fetchSite: undefined,
            forwardedProto: undefined,
            forwardedHost: undefined,
          },
        };
        const before = input.expected(date, harness.clock.now());
        const { result, upstream } = await send(generated);
        // An instant that crossed "now" or the horizon while the request ran may get either answer.
        if (before !== input.expected(date, harness.clock.now())) return;
        const label = `${describeGenerated(generated)} → ${result.status} ${result.text.slice(0, 300)}`;
        if (before === null) {
          expect(result.status, label).toBeLessThan(300);
          seen.accepted += 1;
        } else {
          expect(result.status, label).toBe(422);
          expect(result.json.error?.fields?.[input.field], label).toBe(before);
          expect(upstream, label).toBe(0);
          seen.refused += 1;
        }
      }),
      { seed: SEED, numRuns },
    );
    console.log(`[fuzz] dated inputs: ${seen.accepted} accepted, ${seen.refused} refused`);
    expect(seen.accepted).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);
  }, 120_000);
});

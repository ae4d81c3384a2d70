/**
 * Hostile input over real HTTP against the built app (`next start` against its
 * own sandbox, whose demo people sign in): what a route-handler test cannot show,
 * because the framework decodes the path before any handler runs and Node's
 * HTTP server hands the body over as a stream.
 *
 * - Every dynamic route (found in app/, not listed by hand), API and page, with
 *   malformed percent-encoding, signed out and as an operator and as finance
 *   (a read-only person, the workspace's access token) → a 4xx
 *   (the BFF's JSON envelope with a request_id for API paths), never a 5xx.
 * - Malformed query strings and other odd paths → never a 5xx.
 * - A ~1 MB and a 100 MB unauthenticated POST /api/session (declared length,
 *   chunked, and a chunked body that never ends) → 413, and the server's
 *   resident memory (VmRSS of the next-server process, /proc/<pid>/status)
 *   grows by less than 20 MiB.
 *
 * Ports 3200 (app) and 4210 (sandbox); state under .data/fuzz (removed after).
 */
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { connect } from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import {
  killHard,
  personBody,
  startNextProcess,
  startSandboxProcess,
  waitFor,
  writeHeaders as writeHeadersFor,
  type Started,
} from "../soak/processes";

const APP_PORT = Number(process.env.HOSTILE_APP_PORT ?? 3200);
const SANDBOX_PORT = Number(process.env.HOSTILE_SANDBOX_PORT ?? 4210);
const HOST = "127.0.0.1";
const APP = `http://${HOST}:${APP_PORT}`;
const SANDBOX = `http://${HOST}:${SANDBOX_PORT}`;
const WORK_DIR = path.join(".data", "fuzz", `hostile-${process.pid}`);
const MiB = 1024 * 1024;

let sandboxProcess: Started | null = null;
let appProcess: Started | null = null;
const cookies: Record<"none" | "operator" | "finance", string | null> = { none: null, operator: null, finance: null };

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** One HTTP request, on a connection of its own, with the path sent byte for byte as given (fetch would normalise it). */
function raw(
  method: string,
  pathname: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: HOST,
        port: APP_PORT,
        agent: false,
        method,
        path: pathname,
        headers: body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * The status of a request written whole onto a plain socket (for requests Node's
 * HTTP client would split or refuse), read until the server closes or resets.
 */
function rawStatus(requestText: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(APP_PORT, HOST);
    let received = "";
    socket.on("data", (data: Buffer) => {
      received += data.toString("latin1");
    });
    const settle = (error?: Error) => {
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(received)?.[1];
      if (status) resolve(Number(status));
      else reject(error ?? new Error(`no HTTP answer: ${JSON.stringify(received.slice(0, 200))}`));
    };
    // A server that answers before reading all we sent closes with a reset: its answer was read first.
    socket.on("error", settle);
    socket.on("close", () => settle());
    socket.end(requestText);
  });
}

type Upload = "declared" | "chunked" | "endless";

/**
 * A large POST on a plain socket, by default an unauthenticated POST
 * /api/session (a sign-in attempt with the CSRF headers an attacker can send too):
 * - declared: `Content-Length: total` and `total` bytes;
 * - chunked: `total` bytes as one chunk, then the last chunk;
 * - endless: a chunk announced as `total` bytes of which only 1 MiB is sent,
 *   and the body never ends (a server that waits for the end never answers).
 * The whole request is handed to the socket in one write, so the answer is read
 * before the error of any write the server no longer reads (libuv reads before
 * it writes). The socket is closed once the answer is in: for an API path, the
 * BFF's envelope; for a page, its status line and headers.
 */
function bigPost(
  total: number,
  upload: Upload,
  target: { method?: string; path?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; code: string | null }> {
  const pathname = target.path ?? "/api/session";
  const head = [
    `${target.method ?? "POST"} ${pathname} HTTP/1.1`,
    `Host: ${HOST}:${APP_PORT}`,
    ...Object.entries({ ...writeHeadersFor(APP), ...target.headers }).map(([name, value]) => `${name}: ${value}`),
    upload === "declared" ? `Content-Length: ${total}` : "Transfer-Encoding: chunked",
    "",
    upload === "declared" ? "" : total.toString(16),
    "",
  ].join("\r\n");
  const body = Buffer.alloc(upload === "endless" ? MiB : total, "a");
  return new Promise((resolve, reject) => {
    const socket = connect(APP_PORT, HOST);
    let received = "";
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(received)?.[1];
      // The envelope's last member is request_id: once it is in, so is the code.
      const complete = pathname.startsWith("/api/")
        ? /\r\n\r\n[\s\S]*"request_id":[^}]*\}/.test(received)
        : received.includes("\r\n\r\n");
      if (!status || !complete) {
        if (error)
          reject(new Error(`no complete HTTP answer (${error.message}): ${JSON.stringify(received.slice(0, 300))}`));
        return;
      }
      settled = true;
      socket.destroy();
      resolve({ status: Number(status), code: /"code":"([a-z_]+)"/.exec(received)?.[1] ?? null });
    };
    socket.on("data", (data: Buffer) => {
      received += data.toString("latin1");
      settle();
    });
    socket.on("error", settle);
    socket.on("close", () => settle(new Error("closed")));
    socket.cork();
    socket.write(head);
    socket.write(body);
    if (upload === "chunked") socket.write("\r\n0\r\n\r\n");
    socket.uncork();
  });
}

function rssKiB(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match?.[1]) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]);
}

async function signInAs(body: { email: string; password: string }): Promise<string> {
  const res = await raw("POST", "/api/session", writeHeadersFor(APP), JSON.stringify(body));
  const cookie = ([] as string[]).concat(res.headers["set-cookie"] ?? []).find((c) => c.startsWith("pixops_session="));
  const done = res.status === 200 && (JSON.parse(res.text) as { data?: { next?: string } }).data?.next === "done";
  if (!done || !cookie) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return cookie.split(";")[0] ?? "";
}

/** Route files under app/ with a dynamic segment, as URL templates ("/api/payouts/[id]"), with the methods they export. */
function dynamicRoutes(kind: "api" | "page"): Array<{ template: string; methods: string[] }> {
  const found: Array<{ template: string; methods: string[] }> = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if ((kind === "api" && entry === "route.ts") || (kind === "page" && entry === "page.tsx")) {
        const template = `/${path
          .relative("app", dir)
          .split(path.sep)
          .filter((part) => !/^\(.*\)$/.test(part))
          .join("/")}`;
        if (!template.includes("[")) continue;
        const methods =
          kind === "page"
            ? ["GET"]
            : [...readFileSync(full, "utf8").matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)].map(
                (m) => m[1] ?? "GET",
              );
        found.push({ template, methods });
      }
    }
  };
  walk("app");
  return found;
}

/** Percent-encodings that do not decode: a lone surrogate, bad hex, truncated and overlong sequences, beyond U+10FFFF. */
const MALFORMED = [
  "%ED%A0%80",
  "%ZZ",
  "%",
  "abc%",
  "%E0%A4%A",
  "%C3",
  "%C0%AF",
  "%FF",
  "%F4%90%80%80",
  "%e2%82%2",
  "ok%ED%BF%BFok",
];

test.describe.configure({ mode: "serial" });
test.setTimeout(120_000);

test.beforeAll(async () => {
  rmSync(WORK_DIR, { recursive: true, force: true });
  sandboxProcess = startSandboxProcess({ port: SANDBOX_PORT, dataDir: path.join(WORK_DIR, "sandbox") });
  await waitFor(`${SANDBOX}/__sandbox/health`);
  appProcess = startNextProcess({
    port: APP_PORT,
    sandboxUrl: SANDBOX,
    env: { DATA_DIR: WORK_DIR, LEDGER_DIR: path.join(WORK_DIR, "ledger") },
  });
  await waitFor(`${APP}/login`);
  cookies.operator = await signInAs(personBody("operator"));
  cookies.finance = await signInAs(personBody("finance"));
});

test.afterAll(async () => {
  await killHard(appProcess);
  await killHard(sandboxProcess);
  rmSync(WORK_DIR, { recursive: true, force: true });
});

function headersFor(who: keyof typeof cookies, method: string): Record<string, string> {
  const headers: Record<string, string> =
    method === "GET" ? {} : { ...writeHeadersFor(APP), "idempotency-key": `hostile-${method}-0001` };
  const cookie = cookies[who];
  if (cookie) headers.cookie = cookie;
  return headers;
}

test("every dynamic API route with malformed percent-encoding → 400 in the BFF's envelope with a request_id, for every session", async () => {
  const routes = dynamicRoutes("api");
  expect(routes.map((r) => r.template).sort()).toEqual([
    "/api/invitations/[id]",
    "/api/members/[id]",
    "/api/members/[id]/security-events",
    "/api/members/[id]/security-events/export",
    "/api/members/[id]/status",
    "/api/members/[id]/two-factor",
    "/api/payout-batches/[id]",
    "/api/payout-batches/[id]/cancel",
    "/api/payout-batches/[id]/confirm",
    "/api/payout-batches/[id]/pause",
    "/api/payout-batches/[id]/results.csv",
    "/api/payout-batches/[id]/results.xlsx",
    "/api/payout-batches/[id]/resume",
    "/api/payout-batches/[id]/rows",
    "/api/payouts/[id]",
    "/api/payouts/[id]/receipt.pdf",
    "/api/subaccounts/[id]",
    "/api/subaccounts/[id]/blocked",
    "/api/subaccounts/[id]/history",
  ]);
  let checked = 0;
  for (const { template, methods } of routes) {
    for (const method of methods) {
      for (const bad of MALFORMED) {
        for (const who of ["none", "operator", "finance"] as const) {
          const target = template.replace("[id]", bad);
          const res = await raw(
            method,
            target,
            headersFor(who, method),
            method === "GET" ? undefined : JSON.stringify({ name: "x", is_blocked: true }),
          );
          const label = `${method} ${target} as ${who}: ${res.status} ${res.text.slice(0, 200)}`;
          expect(res.status, label).toBe(400);
          expect(res.headers["content-type"], label).toContain("application/json");
          expect(res.headers["cache-control"], label).toBe("no-store");
          const json = JSON.parse(res.text) as {
            data: unknown;
            error: { code: string } | null;
            request_id: string | null;
          };
          expect(json.data, label).toBeNull();
          expect(json.error?.code, label).toBe("malformed_path");
          expect(json.request_id, label).toMatch(/^bff_[0-9a-f]{20}$/);
          expect(res.headers["x-request-id"], label).toBe(json.request_id);
          checked += 1;
        }
      }
    }
  }
  console.log(`[hostile] ${checked} malformed dynamic API requests → 400 malformed_path`);
});

/** A plain navigation, a router prefetch (which the page matcher skips), a browser prefetch, an RSC fetch. */
const PAGE_REQUEST_KINDS: Array<Record<string, string>> = [
  {},
  { "next-router-prefetch": "1", rsc: "1" },
  { purpose: "prefetch" },
  { rsc: "1" },
];

test("every dynamic page route with malformed percent-encoding → 4xx, never 5xx, signed in or out, prefetch or not", async () => {
  const routes = dynamicRoutes("page");
  expect(routes.length).toBeGreaterThanOrEqual(2);
  for (const { template } of routes) {
    for (const bad of MALFORMED) {
      for (const who of ["none", "operator", "finance"] as const) {
        for (const extra of PAGE_REQUEST_KINDS) {
          const target = template.replace(/\[[^\]]+\]/g, bad);
          const res = await raw("GET", target, { ...headersFor(who, "GET"), ...extra });
          expect(res.status, `GET ${target} as ${who} ${JSON.stringify(extra)}: ${res.status}`).toBeGreaterThanOrEqual(
            400,
          );
          expect(res.status, `GET ${target} as ${who} ${JSON.stringify(extra)}: ${res.status}`).toBeLessThan(500);
        }
      }
    }
  }
});

test("well-formed but hostile paths and query strings → never a 5xx; a well-formed encoding still works", async () => {
  // A valid encoding of a valid id reaches the handler decoded.
  const encoded = await raw("GET", "/api/payouts/po%5Fdemo%5Fpaid", headersFor("operator", "GET"));
  expect(encoded.status, encoded.text).toBe(200);

  const targets = [
    "/api/payouts/%00",
    "/api/payouts/..%2F..%2Fsession",
    "/api/payouts/%2E%2E",
    "/api/payouts/%E2%80%AE%E2%80%8Bpo_demo_paid",
    "/api/payouts/https%3A%2F%2Fevil.example.com",
    `/api/payouts/${"a".repeat(4000)}`,
    "/api/subaccounts/%00/blocked",
    "/api/%ZZ",
    "/api/payouts/%ZZ/extra",
    "/%ED%A0%80",
    "/payouts/%00",
    "/_next/static/%ZZ",
    "/api/payouts?search=%ZZ&limit=%ED%A0%80",
    "/api/payouts?search=%00&cursor=%FF",
    "/api/payouts?state=%E2%80%AE&status=%",
    "/api/activity?actor=%ED%A0%80&from=%ZZ&target_id=%00",
    "/api/chargebacks?x=%",
    "/api/payouts/po_demo_paid?%ZZ=%ZZ",
    "/payouts?search=%ED%A0%80",
    "/login?next=%ED%A0%80",
    "/login?next=%2F%2Fevil.example.com",
  ];
  for (const target of targets) {
    for (const who of ["none", "operator", "finance"] as const) {
      const res = await raw("GET", target, headersFor(who, "GET"));
      expect(res.status, `GET ${target} as ${who}: ${res.status} ${res.text.slice(0, 200)}`).toBeLessThan(500);
    }
  }

  // A 100 kB id: over Node's header limit, refused by the HTTP server itself (431) before Next.js.
  for (const target of [
    `/api/payouts/${"a".repeat(100_000)}`,
    `/api/subaccounts/${"%ZZ".repeat(34_000)}/blocked`,
    `/payouts/${"a".repeat(100_000)}`,
  ]) {
    const status = await rawStatus(
      `GET ${target} HTTP/1.1\r\nHost: ${HOST}:${APP_PORT}\r\nCookie: ${cookies.operator ?? ""}\r\nConnection: close\r\n\r\n`,
    );
    expect(status, `GET ${target.slice(0, 60)}… (${target.length} characters)`).toBe(431);
  }
});

test("a ~1 MB and a 100 MB unauthenticated POST /api/session (declared, chunked, never-ending) → 413; large POSTs to pages and through the proxy → 4xx; the server's RSS grows by less than 20 MiB", async () => {
  const pid = appProcess?.child.pid;
  if (pid === undefined) throw new Error("no app process");
  const uploads: Upload[] = ["declared", "chunked", "endless"];
  // Requests that run proxy.ts (every page; API paths with a '%'), whose bodies Next.js copies for it.
  const page = { path: "/login" };
  const throughProxy = {
    method: "PUT",
    path: "/api/subaccounts/sa%5Fdemo%5F1/blocked",
    headers: { cookie: cookies.operator ?? "", "idempotency-key": "hostile-put-0001" },
  };
  // Warm up every kind of request (module loading, first allocations) before the baseline.
  for (let i = 0; i < 3; i += 1) {
    expect((await raw("POST", "/api/session", writeHeadersFor(APP), "{}")).status).toBe(422);
    for (const upload of uploads) expect((await bigPost(MiB, upload)).status).toBe(413);
    expect((await bigPost(16 * MiB, "declared", page)).status).toBeLessThan(500);
    expect((await bigPost(16 * MiB, "chunked", throughProxy)).status).toBeLessThan(500);
  }
  const before = rssKiB(pid);
  const results: string[] = [];
  for (const total of [MiB + 1, 100 * MiB, 100 * MiB]) {
    for (const upload of uploads) {
      const res = await bigPost(total, upload);
      const label = `${total} bytes, ${upload}: ${JSON.stringify(res)}`;
      expect(res.status, label).toBe(413);
      expect(res.code, label).toBe("payload_too_large");
      results.push(`${(total / MiB).toFixed(0)} MiB ${upload}: ${res.status}`);
    }
  }
  // At once, so that copies held at the same time would add up (Next.js's default copies up to 10 MB each).
  const concurrent = await Promise.all([
    ...Array.from({ length: 8 }, () => bigPost(16 * MiB, "declared", page)),
    ...Array.from({ length: 4 }, () => bigPost(16 * MiB, "chunked", throughProxy)),
  ]);
  for (const res of concurrent) {
    expect(res.status, JSON.stringify(res)).toBeGreaterThanOrEqual(400);
    expect(res.status, JSON.stringify(res)).toBeLessThan(500);
  }
  results.push(
    `8 × 16 MiB POST /login at once: ${concurrent
      .slice(0, 8)
      .map((r) => r.status)
      .join("/")}`,
  );
  results.push(
    `4 × 16 MiB chunked PUT ${throughProxy.path} at once: ${concurrent
      .slice(8)
      .map((r) => r.status)
      .join("/")}`,
  );
  const after = rssKiB(pid);
  const growth = after - before;
  console.log(
    `[hostile] next-server RSS before ${before} KiB, after ${after} KiB, growth ${growth} KiB (${results.join(", ")})`,
  );
  expect(growth, `RSS grew by ${growth} KiB`).toBeLessThan(20 * 1024);
});

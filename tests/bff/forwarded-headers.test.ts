/**
 * Forwarded-header spoofing on every state-changing route, in each of the three
 * ways a deployment can be configured (lib/server/transport-config.ts):
 * `X-Forwarded-Proto` / `X-Forwarded-Host` are ignored unless TRUST_PROXY=1,
 * an https APP_ORIGIN makes every response secure whatever they say, and the
 * CSRF check compares normalised origins. A refused write never reaches the
 * API and has no effect; an accepted one sets the cookie (name, Secure) and
 * HSTS the configuration implies, and the session cookie it carried is read by
 * the same rule.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as session from "@/app/api/session/route";
import { getLedger } from "@/lib/server/ledger";
import { ensureSandboxWorkspaces } from "@/lib/server/services/workspace/sandbox-people";
import { resetTransportConfigForTests } from "@/lib/server/transport-config";
import {
  call,
  countUpstream,
  operatorBody,
  sessionCookieFrom,
  startBffHarness,
  type BffHarness,
  type CallResult,
} from "../helpers/bff";
import { stateChangingRoutes } from "./routes";

let harness: BffHarness;
beforeAll(async () => {
  harness = await startBffHarness();
  // The demo people (argon2, the sandbox's directory): seeded here, not inside the first sign-in's time limit.
  await ensureSandboxWorkspaces(await getLedger());
});
afterAll(async () => {
  await harness.close();
  for (const name of TRANSPORT_VARIABLES) delete process.env[name];
  resetTransportConfigForTests();
});

const TRANSPORT_VARIABLES = ["APP_ORIGIN", "TRUST_PROXY", "ALLOW_INSECURE_HTTP"] as const;

type HeaderSet = Record<string, string>;

interface SpoofCase {
  label: string;
  /** The request's headers: the browser's Origin and whatever a client or a proxy added. */
  headers: HeaderSet;
  /** Headers of the sign-in that made the caller's session (defaults to the deployment's). */
  session?: HeaderSet;
  outcome: "refused" | "accepted";
  /** Whether the response is an https one: HSTS, and `__Host-` + Secure on any session cookie it sets. */
  secure: boolean;
}

interface Deployment {
  label: string;
  env: Partial<Record<(typeof TRANSPORT_VARIABLES)[number], string>>;
  /** What a legitimate browser's request carries in this deployment (with its proxy's headers). */
  legitimate: HeaderSet;
  /** Whether the legitimate browser's requests are https ones. */
  secure: boolean;
  cases: SpoofCase[];
}

const HOST_ORIGIN_HTTP = "http://127.0.0.1:3000";
const HOST_ORIGIN_HTTPS = "https://127.0.0.1:3000";
const PUBLIC_HTTPS = "https://dash.example.com";

const deployments: Deployment[] = [
  {
    label: "neither APP_ORIGIN nor TRUST_PROXY (plain http)",
    env: {},
    legitimate: { origin: HOST_ORIGIN_HTTP },
    secure: false,
    cases: [
      {
        label: "a client's X-Forwarded-Proto: https with the https Origin it implies",
        headers: { "x-forwarded-proto": "https", origin: HOST_ORIGIN_HTTPS },
        outcome: "refused",
        secure: false,
      },
      {
        label: "a client's X-Forwarded-Host: evil.example with Origin http://evil.example",
        headers: { "x-forwarded-host": "evil.example", origin: "http://evil.example" },
        outcome: "refused",
        secure: false,
      },
      {
        label:
          "a client's X-Forwarded-Proto: https and X-Forwarded-Host: evil.example with the real Origin (both ignored)",
        headers: { "x-forwarded-proto": "https", "x-forwarded-host": "evil.example", origin: HOST_ORIGIN_HTTP },
        outcome: "accepted",
        secure: false,
      },
    ],
  },
  {
    label: "APP_ORIGIN=HTTPS://Dash.Example.com:443/ (normalised to https://dash.example.com)",
    env: { APP_ORIGIN: "HTTPS://Dash.Example.com:443/" },
    legitimate: { origin: PUBLIC_HTTPS },
    secure: true,
    cases: [
      {
        label: "no X-Forwarded-Proto (a TLS proxy that does not send it)",
        headers: { origin: PUBLIC_HTTPS },
        outcome: "accepted",
        secure: true,
      },
      {
        label: "X-Forwarded-Proto: http sent by a client",
        headers: { "x-forwarded-proto": "http", origin: PUBLIC_HTTPS },
        outcome: "accepted",
        secure: true,
      },
      {
        label: "an Origin in a non-canonical form (upper case, :443)",
        headers: { origin: "https://DASH.example.com:443" },
        outcome: "accepted",
        secure: true,
      },
      {
        label: "X-Forwarded-Host: evil.example with Origin https://evil.example",
        headers: { "x-forwarded-host": "evil.example", origin: "https://evil.example" },
        outcome: "refused",
        secure: true,
      },
      {
        label: "the Origin of the Host header the request names",
        headers: { origin: HOST_ORIGIN_HTTPS },
        outcome: "refused",
        secure: true,
      },
      {
        label: "the Origin on plain http",
        headers: { "x-forwarded-proto": "http", origin: "http://dash.example.com" },
        outcome: "refused",
        secure: true,
      },
    ],
  },
  {
    label: "TRUST_PROXY=1 (a proxy that sets X-Forwarded-Proto and X-Forwarded-Host)",
    env: { TRUST_PROXY: "1" },
    legitimate: { "x-forwarded-proto": "https", "x-forwarded-host": "dash.example.com", origin: PUBLIC_HTTPS },
    secure: true,
    cases: [
      {
        label: "the proxy's https and public host",
        headers: { "x-forwarded-proto": "https", "x-forwarded-host": "dash.example.com", origin: PUBLIC_HTTPS },
        outcome: "accepted",
        secure: true,
      },
      {
        label: "the proxy's https with an Origin of the internal Host header",
        headers: { "x-forwarded-proto": "https", "x-forwarded-host": "dash.example.com", origin: HOST_ORIGIN_HTTPS },
        outcome: "refused",
        secure: true,
      },
      {
        label: "the proxy's https with an Origin on plain http",
        headers: {
          "x-forwarded-proto": "https",
          "x-forwarded-host": "dash.example.com",
          origin: "http://dash.example.com",
        },
        outcome: "refused",
        secure: true,
      },
      {
        label: "the proxy saying plain http",
        session: {
          "x-forwarded-proto": "http",
          "x-forwarded-host": "dash.example.com",
          origin: "http://dash.example.com",
        },
        headers: {
          "x-forwarded-proto": "http",
          "x-forwarded-host": "dash.example.com",
          origin: "http://dash.example.com",
        },
        outcome: "accepted",
        secure: false,
      },
    ],
  },
];

function applyEnv(env: Deployment["env"]): void {
  for (const name of TRANSPORT_VARIABLES) {
    const value = env[name];
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetTransportConfigForTests();
}

async function signInWith(headers: HeaderSet): Promise<string> {
  const result = await call(session.POST, "/api/session", { method: "POST", body: operatorBody, headers });
  expect(result.status, result.text).toBe(200);
  return sessionCookieFrom(result);
}

function expectSecurity(result: CallResult, secure: boolean, label: string): void {
  const hsts = result.headers.get("strict-transport-security");
  if (secure) expect(hsts, `${label}: HSTS`).toMatch(/max-age=\d{7,}/);
  else expect(hsts, `${label}: no HSTS`).toBeNull();
  for (const cookie of result.setCookies.filter((c) => /^(__Host-)?pixops_session=/.test(c))) {
    expect(cookie.startsWith("__Host-pixops_session="), `${label}: cookie name of ${cookie}`).toBe(secure);
    expect(/;\s*secure(;|$)/i.test(cookie), `${label}: Secure on ${cookie}`).toBe(secure);
  }
}

const ROUTE_NAMES = stateChangingRoutes({
  cookie: () => "",
  freshCookie: async () => "",
  signInBody: operatorBody,
}).map((route) => route.name);

describe.each(deployments.map((d) => [d.label, d] as const))("%s", (_label, deployment) => {
  const sessions = new Map<string, string>();
  /** One session per set of sign-in headers, signed in under this deployment's settings. */
  const sessionFor = async (headers: HeaderSet): Promise<string> => {
    const key = JSON.stringify(headers);
    const existing = sessions.get(key);
    if (existing) return existing;
    const cookie = await signInWith(headers);
    sessions.set(key, cookie);
    return cookie;
  };

  beforeAll(() => {
    applyEnv(deployment.env);
  });

  it("a legitimate sign-in sets the cookie this configuration implies", async () => {
    const result = await call(session.POST, "/api/session", {
      method: "POST",
      body: operatorBody,
      headers: deployment.legitimate,
    });
    expect(result.status, result.text).toBe(200);
    expect(result.setCookies).toHaveLength(1);
    expectSecurity(result, deployment.secure, "sign-in");
  });

  describe.each(ROUTE_NAMES.map((name) => [name] as const))("%s", (routeName) => {
    it.each(deployment.cases.map((c) => [c.label, c] as const))("%s", async (caseLabel, spoof) => {
      const sessionHeaders = spoof.session ?? deployment.legitimate;
      const cookie = await sessionFor(sessionHeaders);
      const route = stateChangingRoutes({
        cookie: () => cookie,
        freshCookie: () => signInWith(sessionHeaders),
        signInBody: operatorBody,
      }).find((r) => r.name === routeName);
      if (!route) throw new Error(`no route ${routeName}`);
      const options = await route.request();
      const { result, requests } = await countUpstream(harness.sandbox, () =>
        call(route.handler, route.path, { ...options, headers: spoof.headers }),
      );

      if (spoof.outcome === "refused") {
        expect(result.status, result.text).toBe(403);
        expect(result.json.error?.code).toBe("csrf_rejected");
        expect(result.setCookies).toEqual([]);
        expect(requests).toBe(0);
        // A refused sign-out leaves its session signed in.
        if (options.cookie)
          expect(
            (await call(session.GET, "/api/session", { cookie: options.cookie, headers: sessionHeaders })).status,
          ).toBe(200);
      } else {
        expect(result.status, result.text).toBe(route.okStatus);
        expect(result.json.error).toBeNull();
        if (routeName === "POST /api/session" || routeName === "DELETE /api/session")
          expect(result.setCookies).toHaveLength(1);
      }
      expectSecurity(result, spoof.secure, caseLabel);
    });
  });
});

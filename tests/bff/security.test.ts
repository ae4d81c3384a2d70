import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as paymentLinks from "@/app/api/payment-links/route";
import * as payout from "@/app/api/payouts/[id]/route";
import * as payouts from "@/app/api/payouts/route";
import * as session from "@/app/api/session/route";
import {
  ACME,
  call,
  DEMO_PASSWORD,
  financeBody,
  newKey,
  operatorBody,
  sessionCookieFrom,
  startBffHarness,
  type BffHarness,
  type CallOptions,
  type CallResult,
} from "../helpers/bff";
import { businessRoutes, sessionRoutes, type RouteHandler } from "./routes";

let harness: BffHarness;
beforeAll(async () => {
  // `proto: "https"` calls stand for a TLS-terminating proxy's X-Forwarded-Proto, which only a deployment that trusts its proxy reads.
  harness = await startBffHarness({ env: { TRUST_PROXY: "1" } });
});
afterAll(async () => {
  await harness.close();
});

interface Seen {
  label: string;
  proto: "http" | "https";
  result: CallResult;
}

/** The workspace's credentials (the API key for the operator, the access token for finance) and the people's password. */
const SECRETS = [ACME.apiKey, ACME.accessToken, DEMO_PASSWORD];

/** Plain, base64 and base64url forms: "in clear" includes trivially reversible encodings. */
function encodings(secret: string): string[] {
  const b64 = Buffer.from(secret).toString("base64").replace(/=+$/, "");
  const b64url = Buffer.from(secret).toString("base64url");
  return [secret, encodeURIComponent(secret), b64, b64url, Buffer.from(secret).toString("hex")];
}

/**
 * A full run of every route — as an operator and as finance, over http and https,
 * signed out, and through its error paths — collecting every response.
 */
async function fullRun(): Promise<Seen[]> {
  const seen: Seen[] = [];
  const record = async (
    label: string,
    handler: RouteHandler,
    path: string,
    options: CallOptions,
  ): Promise<CallResult> => {
    const result = await call(handler, path, options);
    seen.push({ label, proto: options.proto ?? "http", result });
    return result;
  };

  for (const proto of ["http", "https"] as const) {
    const operatorSignIn = await record(`${proto} operator sign-in`, session.POST, "/api/session", {
      method: "POST",
      body: operatorBody,
      proto,
    });
    const financeSignIn = await record(`${proto} finance sign-in`, session.POST, "/api/session", {
      method: "POST",
      body: financeBody,
      proto,
    });
    const operator = sessionCookieFrom(operatorSignIn);
    const finance = sessionCookieFrom(financeSignIn);
    // A password that is a secret of its own (here the API key) never comes back, whatever is wrong.
    await record(`${proto} failed sign-in`, session.POST, "/api/session", {
      method: "POST",
      body: { email: "operator@acme.example", password: ACME.apiKey },
      proto,
    });
    await record(`${proto} invalid sign-in`, session.POST, "/api/session", {
      method: "POST",
      body: { email: "not-an-email", password: ACME.accessToken },
      proto,
    });
    await record(`${proto} session`, sessionRoutes.get.handler, sessionRoutes.get.path, { cookie: operator, proto });

    for (const route of businessRoutes()) {
      await record(`${proto} operator ${route.name}`, route.handler, route.path, {
        ...route.options,
        cookie: operator,
        proto,
      });
    }
    for (const route of businessRoutes()) {
      await record(`${proto} finance ${route.name}`, route.handler, route.path, {
        ...route.options,
        cookie: finance,
        proto,
      });
    }
    for (const route of businessRoutes()) {
      await record(`${proto} signed-out ${route.name}`, route.handler, route.path, { ...route.options, proto });
    }

    // Error paths: validation, conflicts, upstream 4xx and 5xx, CSRF.
    await record(`${proto} invalid payout`, payouts.POST, "/api/payouts", {
      method: "POST",
      cookie: operator,
      proto,
      idempotencyKey: newKey(),
      body: { amount_centavos: -1, pix_key_type: "email", pix_key: "x" },
    });
    await record(`${proto} rejected payout`, payouts.POST, "/api/payouts", {
      method: "POST",
      cookie: operator,
      proto,
      idempotencyKey: newKey(),
      body: { amount_centavos: 50, pix_key_type: "email", pix_key: "a@example.com" },
    });
    await record(`${proto} unknown payout`, payout.GET, "/api/payouts/po_nope", {
      cookie: operator,
      proto,
      params: { id: "po_nope" },
    });
    const slug = `seguranca-${proto}-${Date.now().toString(36)}`;
    const link = { name: "Segurança", slug, amount_centavos: 100 };
    await record(`${proto} link`, paymentLinks.POST, "/api/payment-links", {
      method: "POST",
      cookie: operator,
      proto,
      idempotencyKey: newKey(),
      body: link,
    });
    await record(`${proto} slug taken`, paymentLinks.POST, "/api/payment-links", {
      method: "POST",
      cookie: operator,
      proto,
      idempotencyKey: newKey(),
      body: link,
    });
    await record(`${proto} csrf`, paymentLinks.POST, "/api/payment-links", {
      method: "POST",
      cookie: operator,
      proto,
      idempotencyKey: newKey(),
      body: link,
      headers: { "sec-fetch-site": "cross-site" },
    });
    await harness.sandbox.addFault({ kind: "error503", path: "/v1/payment-links" });
    await record(`${proto} upstream 503`, paymentLinks.GET, "/api/payment-links", { cookie: operator, proto });
    await harness.sandbox.clearFaults();
    await record(`${proto} tampered cookie`, session.GET, "/api/session", {
      cookie: `${operator.slice(0, -6)}AAAAAA`,
      proto,
    });

    await record(`${proto} finance sign-out`, sessionRoutes.delete.handler, sessionRoutes.delete.path, {
      ...sessionRoutes.delete.options,
      cookie: finance,
      proto,
    });
    await record(`${proto} operator sign-out`, sessionRoutes.delete.handler, sessionRoutes.delete.path, {
      ...sessionRoutes.delete.options,
      cookie: operator,
      proto,
    });
    await record(`${proto} revoked`, sessionRoutes.get.handler, sessionRoutes.get.path, { cookie: operator, proto });
  }
  return seen;
}

describe("every response of a full run", () => {
  let seen: Seen[] = [];
  beforeAll(async () => {
    seen = await fullRun();
  }, 180_000);

  it("covers successes and failures of every kind", () => {
    const statuses = new Set(seen.map((s) => s.result.status));
    for (const status of [200, 201, 401, 403, 404, 409, 422, 503])
      expect(statuses, `status ${status}`).toContain(status);
    expect(seen.length).toBeGreaterThan(80);
  });

  it("carries the API security headers and no X-Powered-By", () => {
    for (const { label, result } of seen) {
      const h = result.headers;
      expect(h.get("cache-control"), label).toBe("no-store");
      expect(h.get("x-content-type-options"), label).toBe("nosniff");
      expect(h.get("referrer-policy"), label).toBe("strict-origin-when-cross-origin");
      expect(h.get("cross-origin-opener-policy"), label).toBe("same-origin");
      expect(h.get("content-type"), label).toMatch(/^application\/json/);
      expect(h.has("x-powered-by"), label).toBe(false);
    }
  });

  it("sends HSTS only over https", () => {
    for (const { label, proto, result } of seen) {
      const hsts = result.headers.get("strict-transport-security");
      if (proto === "https") expect(hsts, label).toMatch(/max-age=\d{7,}/);
      else expect(hsts, label).toBeNull();
    }
  });

  it("never contains the credential, in any body or header", () => {
    const forms = SECRETS.flatMap(encodings);
    for (const { label, result } of seen) {
      const headerText = [...result.headers.entries()].map(([name, value]) => `${name}: ${value}`).join("\n");
      for (const form of forms) {
        expect(result.text.includes(form), `${label} body contains ${form}`).toBe(false);
        expect(headerText.includes(form), `${label} headers contain ${form}`).toBe(false);
      }
    }
  });

  it("the session cookie does not carry the credential in clear", () => {
    const cookies = seen.flatMap((s) => s.result.setCookies).filter((c) => /^(__Host-)?pixops_session=[^;]/.test(c));
    expect(cookies.length).toBeGreaterThanOrEqual(4);
    for (const cookie of cookies) {
      const value = decodeURIComponent(cookie.split(";")[0]?.split("=").slice(1).join("=") ?? "");
      for (const form of SECRETS.flatMap(encodings)) expect(value).not.toContain(form);
      for (const word of ["operator", "finance", "Olivia", "Fernanda", "Acme", "acme.example", ACME.businessId])
        expect(value).not.toContain(word);
    }
  });
});

describe("deployment", () => {
  it("Next.js is configured not to send X-Powered-By on any response", async () => {
    const loaded: unknown = await import(pathToFileURL(path.resolve("next.config.mjs")).href);
    const config = (loaded as { default?: { poweredByHeader?: unknown } }).default;
    expect(config?.poweredByHeader).toBe(false);
  });
});

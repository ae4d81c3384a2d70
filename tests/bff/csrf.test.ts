import { describe, expect, it } from "vitest";
import * as paymentLinks from "@/app/api/payment-links/route";
import * as session from "@/app/api/session/route";
import { call, countUpstream, newKey, operatorBody, signIn, type CallOptions } from "../helpers/bff";
import { stateChangingRoutes, type RouteHandler } from "./routes";
import { setUpBffHarness } from "../helpers/bff-suite";

const bff = setUpBffHarness();

let slugSeq = 0;
function linkBody() {
  slugSeq += 1;
  return { name: "Ingresso CSRF", slug: `csrf-${Date.now().toString(36)}-${slugSeq}`, amount_centavos: 1000 };
}

interface Target {
  name: string;
  handler: RouteHandler;
  path: string;
  /** A well-formed request for this route (fresh each time). */
  request: () => Promise<CallOptions>;
  okStatus: number;
}

// Every state-changing route: sign-in, payment links, payouts, both subaccount changes, sign-out
// (which gets a session of its own each time: a check that let it through signs out only that one).
const targets: Target[] = stateChangingRoutes({
  cookie: () => bff.cookie,
  freshCookie: () => signIn(session.POST, operatorBody),
  signInBody: operatorBody,
});

const rejections: Array<{ label: string; change: (req: CallOptions) => CallOptions; status: number; code: string }> = [
  {
    label: "Sec-Fetch-Site: cross-site",
    change: (r) => ({ ...r, headers: { "sec-fetch-site": "cross-site" } }),
    status: 403,
    code: "csrf_rejected",
  },
  {
    label: "Sec-Fetch-Site: same-site",
    change: (r) => ({ ...r, headers: { "sec-fetch-site": "same-site" } }),
    status: 403,
    code: "csrf_rejected",
  },
  {
    label: "a foreign Origin",
    change: (r) => ({ ...r, headers: { origin: "https://evil.example" } }),
    status: 403,
    code: "csrf_rejected",
  },
  {
    label: "Origin of the same host on another scheme",
    change: (r) => ({ ...r, headers: { origin: "https://127.0.0.1:3000" } }),
    status: 403,
    code: "csrf_rejected",
  },
  {
    label: "an Origin that only begins like ours",
    change: (r) => ({ ...r, headers: { origin: "http://127.0.0.1:3000.evil.example" } }),
    status: 403,
    code: "csrf_rejected",
  },
  {
    label: "Origin of the same host on another port",
    change: (r) => ({ ...r, headers: { origin: "http://127.0.0.1:3001" } }),
    status: 403,
    code: "csrf_rejected",
  },
  {
    label: "an Origin that is not an origin",
    change: (r) => ({ ...r, headers: { origin: "http://127.0.0.1:3000/path" } }),
    status: 403,
    code: "csrf_rejected",
  },
  { label: "Origin: null", change: (r) => ({ ...r, headers: { origin: "null" } }), status: 403, code: "csrf_rejected" },
  {
    label: "no X-Requested-By",
    change: (r) => ({ ...r, headers: { "x-requested-by": null } }),
    status: 403,
    code: "csrf_rejected",
  },
  {
    label: "a wrong X-Requested-By",
    change: (r) => ({ ...r, headers: { "x-requested-by": "evil" } }),
    status: 403,
    code: "csrf_rejected",
  },
  {
    label: "a text/plain body",
    change: (r) => ({ ...r, rawBody: JSON.stringify(r.body ?? {}), body: undefined, contentType: "text/plain" }),
    status: 415,
    code: "unsupported_media_type",
  },
  {
    label: "a form-urlencoded body",
    change: (r) => ({
      ...r,
      rawBody: "name=x&slug=y",
      body: undefined,
      contentType: "application/x-www-form-urlencoded",
    }),
    status: 415,
    code: "unsupported_media_type",
  },
];

describe.each(targets.map((t) => [t.name, t] as const))("%s", (_name, target) => {
  it.each(rejections.map((r) => [r.label, r] as const))(
    "%s → refused with no upstream call and no effect",
    async (_label, rejection) => {
      const options = await target.request();
      const { result, requests } = await countUpstream(bff.harness.sandbox, () =>
        call(target.handler, target.path, rejection.change(options)),
      );
      expect(result.status).toBe(rejection.status);
      expect(result.json.error?.code).toBe(rejection.code);
      expect(result.json.data).toBeNull();
      expect(result.setCookies).toEqual([]);
      expect(requests).toBe(0);
      // The session the request carried is still signed in (a refused sign-out did nothing).
      if (options.cookie)
        expect((await call(session.GET, "/api/session", { cookie: options.cookie })).status).toBe(200);
    },
  );

  it("the well-formed request passes", async () => {
    const options = await target.request();
    const result = await call(target.handler, target.path, options);
    expect(result.status, result.text).toBe(target.okStatus);
    expect(result.json.error).toBeNull();
  });

  it("a JSON body with a charset parameter, and Sec-Fetch-Site none (typed URL, bookmark), pass", async () => {
    const base = await target.request();
    const options: CallOptions = {
      ...base,
      headers: { "sec-fetch-site": "none" },
      ...(base.body === undefined ? {} : { contentType: "application/json; charset=utf-8" }),
    };
    const result = await call(target.handler, target.path, options);
    expect(result.status, result.text).toBe(target.okStatus);
  });
});

describe("refused writes have no effect", () => {
  it("a refused cross-site sign-out leaves the session signed in", async () => {
    const own = await signIn(session.POST, operatorBody);
    const refused = await call(session.DELETE, "/api/session", {
      method: "DELETE",
      cookie: own,
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(refused.status).toBe(403);
    expect((await call(session.GET, "/api/session", { cookie: own })).status).toBe(200);
  });

  it("a refused payment link is not created, even with the same idempotency key later", async () => {
    const key = newKey("csrf");
    const body = linkBody();
    const refused = await call(paymentLinks.POST, "/api/payment-links", {
      method: "POST",
      cookie: bff.cookie,
      idempotencyKey: key,
      body,
      headers: { origin: "https://evil.example" },
    });
    expect(refused.status).toBe(403);
    const list = await call(paymentLinks.GET, "/api/payment-links", { cookie: bff.cookie });
    expect((list.json.data as Array<{ slug: string }>).some((l) => l.slug === body.slug)).toBe(false);
    const accepted = await call(paymentLinks.POST, "/api/payment-links", {
      method: "POST",
      cookie: bff.cookie,
      idempotencyKey: key,
      body,
    });
    expect(accepted.status).toBe(201);
  });
});

describe("GET is not subject to the write checks", () => {
  const crossSite = { "sec-fetch-site": "cross-site", origin: "https://evil.example", "x-requested-by": null };

  it("GET /api/payment-links from a cross-site context without X-Requested-By is answered", async () => {
    const result = await call(paymentLinks.GET, "/api/payment-links", { cookie: bff.cookie, headers: crossSite });
    expect(result.status).toBe(200);
  });

  it("GET /api/session likewise", async () => {
    const result = await call(session.GET, "/api/session", { cookie: bff.cookie, headers: crossSite });
    expect(result.status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as session from "@/app/api/session/route";
import {
  call,
  countUpstream,
  operatorBody,
  signIn,
  startBffHarness,
  viewerBody,
  type BffHarness,
} from "../helpers/bff";
import { businessRoutes, sessionRoutes } from "./routes";

let harness: BffHarness;
beforeAll(async () => {
  harness = await startBffHarness();
});
afterAll(async () => {
  await harness.close();
});

describe("signed out", () => {
  it.each(businessRoutes().map((r) => [r.name, r] as const))("%s → 401 with no upstream call", async (_name, route) => {
    const { result, requests } = await countUpstream(harness.sandbox, () =>
      call(route.handler, route.path, route.options),
    );
    expect(result.status).toBe(401);
    expect(result.json.error?.code).toBe("unauthenticated");
    expect(result.json.data).toBeNull();
    expect(requests).toBe(0);
  });

  it.each([sessionRoutes.get, sessionRoutes.delete].map((r) => [r.name, r] as const))(
    "%s → 401",
    async (_name, route) => {
      const result = await call(route.handler, route.path, route.options);
      expect(result.status).toBe(401);
      expect(result.json.error?.code).toBe("unauthenticated");
    },
  );
});

describe("viewer", () => {
  let cookie = "";
  beforeAll(async () => {
    cookie = await signIn(session.POST, viewerBody);
  });

  const routes = businessRoutes();
  const forbidden = routes.filter((r) => !r.viewer);

  it("may use exactly payout lookup and chargebacks among the business routes", () => {
    expect(
      routes
        .filter((r) => r.viewer)
        .map((r) => r.name)
        .sort(),
    ).toEqual(["GET /api/chargebacks", "GET /api/payouts/{id}"]);
  });

  it.each(forbidden.map((r) => [r.name, r] as const))(
    "%s → 403 forbidden with no upstream call",
    async (_name, route) => {
      const { result, requests } = await countUpstream(harness.sandbox, () =>
        call(route.handler, route.path, { ...route.options, cookie }),
      );
      expect(result.status).toBe(403);
      expect(result.json.error?.code).toBe("forbidden");
      // No upstream call: the id is the BFF's own.
      expect(result.json.request_id).toMatch(/^bff_[0-9a-f]{20}$/);
      expect(requests).toBe(0);
    },
  );

  it("GET /api/payouts/{id} works: 200 for po_demo_paid, without the register (operators only)", async () => {
    const route = routes.find((r) => r.name === "GET /api/payouts/{id}");
    if (!route) throw new Error("route missing");
    const result = await call(route.handler, route.path, { ...route.options, cookie });
    expect(result.status).toBe(200);
    expect(result.json.data).toMatchObject({
      id: "po_demo_paid",
      status: "paid",
      amount_centavos: 150000,
      register: null,
    });
    expect(result.json.request_id).toMatch(/^req_/);
  });

  it("GET /api/chargebacks works: 200 with the business's 32 chargebacks", async () => {
    const route = routes.find((r) => r.name === "GET /api/chargebacks");
    if (!route) throw new Error("route missing");
    const result = await call(route.handler, route.path, { ...route.options, cookie });
    expect(result.status).toBe(200);
    expect(Array.isArray(result.json.data)).toBe(true);
    expect((result.json.data as unknown[]).length).toBeGreaterThanOrEqual(30);
  });

  it("GET and DELETE /api/session work for a viewer", async () => {
    const info = await call(sessionRoutes.get.handler, sessionRoutes.get.path, {
      ...sessionRoutes.get.options,
      cookie,
    });
    expect(info.status).toBe(200);
    expect(info.json.data).toMatchObject({ role: "viewer" });
    const out = await call(sessionRoutes.delete.handler, sessionRoutes.delete.path, {
      ...sessionRoutes.delete.options,
      cookie,
    });
    expect(out.status).toBe(200);
    expect((await call(sessionRoutes.get.handler, sessionRoutes.get.path, { cookie })).status).toBe(401);
  });
});

describe("operator", () => {
  let cookie = "";
  beforeAll(async () => {
    cookie = await signIn(session.POST, operatorBody);
  });

  // Sequential, in table order: the PATCH makes sa_demo_1 known before it is read.
  it.each(businessRoutes().map((r) => [r.name, r] as const))("%s is allowed", async (_name, route) => {
    const result = await call(route.handler, route.path, { ...route.options, cookie });
    expect(result.status, result.text).toBe(route.operatorStatus);
    expect(result.json.error).toBeNull();
  });

  it("GET and DELETE /api/session work for an operator", async () => {
    expect((await call(sessionRoutes.get.handler, sessionRoutes.get.path, { cookie })).status).toBe(200);
    expect(
      (await call(sessionRoutes.delete.handler, sessionRoutes.delete.path, { ...sessionRoutes.delete.options, cookie }))
        .status,
    ).toBe(200);
    expect((await call(sessionRoutes.get.handler, sessionRoutes.get.path, { cookie })).status).toBe(401);
  });
});

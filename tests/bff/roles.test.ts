/**
 * Every route against every role, generated from the permission table
 * (lib/shared/auth/roles.ts): a role with the route's permission gets the
 * route's answer; any other role gets 403 forbidden with nothing sent upstream.
 * A permission no route case names fails the suite, so a new permission cannot
 * be added without being tested here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as chargebacks from "@/app/api/chargebacks/route";
import * as payout from "@/app/api/payouts/[id]/route";
import * as session from "@/app/api/session/route";
import { getLedger } from "@/lib/server/ledger";
import { workspaceCredentials } from "@/lib/server/ledger/schema";
import { storeCredentialInVault, WorkspaceSecret } from "@/lib/server/security/credential-vault";
import { forgetWorkspaceAccess } from "@/lib/server/session/resolve";
import { can, PERMISSIONS, ROLES, type Permission, type Role } from "@/lib/shared/auth/roles";
import { ACME, call, countUpstream, personBody, signIn, startBffHarness, type BffHarness } from "../helpers/bff";
import { businessRoutes, downloadRoutes, permissionRoutes, sessionRoutes } from "./routes";

let harness: BffHarness;
beforeAll(async () => {
  harness = await startBffHarness();
});
afterAll(async () => {
  await harness.close();
});

describe("signed out", () => {
  it.each([...businessRoutes(), ...downloadRoutes()].map((r) => [r.name, r] as const))(
    "%s → 401 with no upstream call",
    async (_name, route) => {
      const { result, requests } = await countUpstream(harness.sandbox, () =>
        call(route.handler, route.path, route.options),
      );
      expect(result.status).toBe(401);
      expect(result.json.error?.code).toBe("unauthenticated");
      expect(result.json.data).toBeNull();
      expect(requests).toBe(0);
    },
  );

  it.each([sessionRoutes.get, sessionRoutes.delete].map((r) => [r.name, r] as const))(
    "%s → 401",
    async (_name, route) => {
      const result = await call(route.handler, route.path, route.options);
      expect(result.status).toBe(401);
      expect(result.json.error?.code).toBe("unauthenticated");
    },
  );
});

describe("the table is covered", () => {
  it("every permission is checked by at least one route case", () => {
    const named = new Set<Permission>([...permissionRoutes().map((r) => r.permission), "sessions.revoke_all"]);
    const missing = (Object.keys(PERMISSIONS) as Permission[]).filter((p) => !named.has(p));
    expect(missing).toEqual([]);
  });
});

describe.each(ROLES.map((role) => [role] as const))("%s", (role: Role) => {
  let cookie = "";
  beforeAll(async () => {
    cookie = await signIn(session.POST, personBody(role));
  });

  // Sequential, in table order: the PATCH makes sa_demo_1 known before it is read.
  it.each(permissionRoutes().map((r) => [r.name, r] as const))("%s", async (_name, route) => {
    const { result, requests } = await countUpstream(harness.sandbox, () =>
      call(route.handler, route.path, { ...route.options, cookie }),
    );
    if (can(role, route.permission)) {
      expect(result.status, result.text).toBe(route.okStatus);
      expect(result.json.error).toBeNull();
    } else {
      expect(result.status, result.text).toBe(403);
      expect(result.json.error?.code).toBe("forbidden");
      // No upstream call: the id is the BFF's own.
      expect(result.json.request_id).toMatch(/^bff_[0-9a-f]{20}$/);
      expect(requests).toBe(0);
    }
  });

  it("GET /api/session names the person and the role; DELETE signs out", async () => {
    const info = await call(sessionRoutes.get.handler, sessionRoutes.get.path, { cookie });
    expect(info.status).toBe(200);
    expect(info.json.data).toMatchObject({ role, person: { email: personBody(role).email } });
    const out = await call(sessionRoutes.delete.handler, sessionRoutes.delete.path, {
      ...sessionRoutes.delete.options,
      cookie,
    });
    expect(out.status).toBe(200);
    expect((await call(sessionRoutes.get.handler, sessionRoutes.get.path, { cookie })).status).toBe(401);
  });
});

describe("read-only people and the payout register", () => {
  it("support and finance see the register row of a looked-up payout (least privilege upstream: the access token)", async () => {
    const operator = await signIn(session.POST, personBody("operator"));
    const route = businessRoutes().find((r) => r.name === "POST /api/payouts");
    if (!route) throw new Error("route missing");
    const created = await call(route.handler, route.path, { ...route.options, cookie: operator });
    expect(created.status, created.text).toBe(201);
    const id = (created.json.data as { id: string }).id;
    for (const role of ["support", "finance"] as const) {
      const cookie = await signIn(session.POST, personBody(role));
      const lookup = businessRoutes().find((r) => r.name === "GET /api/payouts/{id}");
      if (!lookup) throw new Error("route missing");
      const result = await call(lookup.handler, `/api/payouts/${id}`, { params: { id }, cookie });
      expect(result.status, result.text).toBe(200);
      expect(result.json.data).toMatchObject({ id, register: { id } });
    }
  });
});

// Last: an allowed call signs out every session of the workspace.
describe("DELETE /api/sessions (sessions.revoke_all)", () => {
  it.each(ROLES.map((role) => [role] as const))("%s", async (role) => {
    const cookie = await signIn(session.POST, personBody(role));
    const route = sessionRoutes.deleteAll;
    const result = await call(route.handler, route.path, { ...route.options, cookie });
    if (can(role, "sessions.revoke_all")) {
      expect(result.status, result.text).toBe(200);
      expect((await call(sessionRoutes.get.handler, sessionRoutes.get.path, { cookie })).status).toBe(401);
    } else {
      expect(result.status, result.text).toBe(403);
      expect(result.json.error?.code).toBe("forbidden");
    }
  });
});

describe("least privilege upstream", () => {
  it("finance and support call the API with the workspace's access token; without one, with its API key", async () => {
    const ledger = await getLedger();
    const useToken = async (token: string | null) => {
      if (token)
        await storeCredentialInVault(ledger, {
          businessId: ACME.businessId,
          kind: "bearer",
          secret: new WorkspaceSecret(token),
          byName: "Test",
        });
      else await ledger.db.delete(workspaceCredentials).where(eq(workspaceCredentials.kind, "bearer"));
      forgetWorkspaceAccess(ACME.businessId);
    };
    const lookup = (cookie: string) =>
      call(payout.GET, "/api/payouts/po_demo_paid", { params: { id: "po_demo_paid" }, cookie });
    const finance = await signIn(session.POST, personBody("finance"));
    const support = await signIn(session.POST, personBody("support"));
    const operator = await signIn(session.POST, personBody("operator"));

    // A token the API refuses: the read-only people's reads fail upstream, the operator's (API key) do not.
    await useToken("at_sandbox_not_a_real_token_0123");
    const refusedUpstream = (result: { status: number; json: { error: { code: string } | null } }) => [
      result.status,
      result.json.error?.code,
    ];
    expect(refusedUpstream(await lookup(finance))).toEqual([409, "credential_rejected"]);
    expect(refusedUpstream(await lookup(support))).toEqual([409, "credential_rejected"]);
    expect(refusedUpstream(await call(chargebacks.GET, "/api/chargebacks", { cookie: finance }))).toEqual([
      409,
      "credential_rejected",
    ]);
    expect((await lookup(operator)).status).toBe(200);

    // The workspace's real token: their reads work again.
    await useToken(ACME.accessToken);
    expect((await lookup(finance)).status).toBe(200);
    expect((await lookup(support)).status).toBe(200);

    // No token stored: they fall back to the API key.
    await useToken(null);
    expect((await lookup(support)).status).toBe(200);
  });
});

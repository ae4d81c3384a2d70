/** Issue 8, items 2 and 8: failed sign-ins stay out of tenants' logs; sign out everywhere. */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as activity from "@/app/api/activity/route";
import * as session from "@/app/api/session/route";
import * as sessions from "@/app/api/sessions/route";
import { getLedger, listAudit, listSecurityEvents } from "@/lib/server/ledger";
import { clientAddress } from "@/lib/server/http/client-address";
import { signedInReply } from "@/lib/server/http/session-reply";
import { signIn as signInService, signOutEverywhere } from "@/lib/server/services/session/sessions";
import { ensureSandboxWorkspaces } from "@/lib/server/services/workspace/sandbox-people";
import { resolveSession } from "@/lib/server/session/resolve";
import { openSession } from "@/lib/server/session/session";
import {
  ACME,
  betaOperatorBody,
  call,
  DEMO_NAMES,
  personBody,
  signIn,
  startBffHarness,
  type BffHarness,
} from "../helpers/bff";

let harness: BffHarness;
beforeAll(async () => {
  harness = await startBffHarness();
  await ensureSandboxWorkspaces(await getLedger());
});
afterAll(async () => {
  await harness.close();
});

describe("failed sign-ins", () => {
  it("an unknown e-mail or a wrong password, naming any business, writes nothing into a business's log, and no typed text anywhere", async () => {
    const target = randomUUID();
    const attempts = [
      { email: "<script>IwasHere</script>@acme.example", password: "made-up-password-1", businessId: target },
      { email: "operator@acme.example", password: "made-up-password-2", businessId: ACME.businessId },
    ];
    const before = (await listAudit(await getLedger(), ACME.businessId, { limit: 200 })).items.length;
    for (const body of attempts) {
      const result = await call(session.POST, "/api/session", { method: "POST", body });
      expect(result.status).toBe(401);
      expect(result.json.error?.code).toBe("invalid_login");
    }
    expect((await listAudit(await getLedger(), target, { limit: 200 })).items).toEqual([]);
    expect((await listAudit(await getLedger(), ACME.businessId, { limit: 200 })).items).toHaveLength(before);
    const events = await listSecurityEvents(await getLedger(), 10);
    expect(events.slice(0, 2).map((e) => e.reason)).toEqual(["invalid_login", "invalid_login"]);
    const text = JSON.stringify(events);
    for (const typed of ["IwasHere", "script", "operator@acme.example", "made-up-password"])
      expect(text).not.toContain(typed);
  });
});

describe("sign out everywhere", () => {
  it("revokes every session of the business (every role, this one included), and no other business's", async () => {
    const mine = await signIn(session.POST, personBody("admin"));
    const colleague = await signIn(session.POST, personBody("operator"));
    const finance = await signIn(session.POST, personBody("finance"));
    const owner = await signIn(session.POST, personBody("owner"));
    const otherBusiness = await signIn(session.POST, betaOperatorBody);

    const out = await call(sessions.DELETE, "/api/sessions", { method: "DELETE", cookie: mine });
    expect(out.status).toBe(200);
    expect(out.setCookies.some((c) => /pixops_session=;/.test(c) && /Max-Age=0/.test(c))).toBe(true);

    for (const cookie of [mine, colleague, finance, owner]) {
      const who = await call(session.GET, "/api/session", { cookie });
      expect(who.status).toBe(401);
      expect(who.json.error).toMatchObject({ code: "unauthenticated", details: { reason: "revoked" } });
    }
    expect((await call(session.GET, "/api/session", { cookie: otherBusiness })).status).toBe(200);

    // Signing in again works at once, and the audit log says who did it.
    const again = await signIn(session.POST, personBody("admin"));
    const log = await call(activity.GET, "/api/activity?action=session.sign_out_everywhere", { cookie: again });
    expect(log.status).toBe(200);
    expect(log.text).toContain(DEMO_NAMES.admin);
  });

  it("is for owners and admins only, and needs the CSRF headers", async () => {
    for (const role of ["operator", "finance", "support"] as const) {
      const cookie = await signIn(session.POST, personBody(role));
      const refused = await call(sessions.DELETE, "/api/sessions", { method: "DELETE", cookie });
      expect([role, refused.status]).toEqual([role, 403]);
    }
    const ownerCookie = await signIn(session.POST, personBody("owner"));
    const forged = await call(sessions.DELETE, "/api/sessions", {
      method: "DELETE",
      cookie: ownerCookie,
      headers: { "x-requested-by": null },
    });
    expect(forged.status).toBe(403);
    expect((await call(session.GET, "/api/session", { cookie: ownerCookie })).status).toBe(200);
  });
});

/**
 * Several instances serve one business over one database, each on its own clock.
 * Instance A is the session service called with A's time (SKEW_MS ahead of real
 * time); instance B is the route handlers, on real time.
 */
describe("sign out everywhere across instances whose clocks differ", () => {
  const SKEW_MS = 5_000;
  const clockA = () => Date.now() + SKEW_MS;
  const cookieValue = (cookie: string) => cookie.slice(cookie.indexOf("=") + 1);

  async function signInOnA(body: { email: string; password: string }): Promise<string> {
    const step = await signInService(await getLedger(), body, clientAddress(new Headers()), clockA());
    if (step.next !== "done") throw new Error("a demo person has no second factor");
    const result = await signedInReply(step.signed, false);
    const cookie = result.cookies?.[0]?.split(";")[0];
    if (!cookie) throw new Error("no cookie from sign-in on A");
    return cookie;
  }

  async function signOutEverywhereOnA(cookie: string): Promise<void> {
    const ledger = await getLedger();
    const opened = await openSession(cookieValue(cookie), clockA());
    if (!opened.ok) throw new Error(`the session on A did not open: ${opened.problem}`);
    const resolved = await resolveSession(ledger, opened.session);
    if (!resolved.ok) throw new Error(`the session on A did not resolve: ${resolved.problem}`);
    await signOutEverywhere(ledger, resolved.session, clockA());
  }

  const status = async (cookie: string) => (await call(session.GET, "/api/session", { cookie })).status;

  it("a session signed in on the instance whose clock is ahead, just before the revocation on the other, is revoked", async () => {
    const onA = await signInOnA(personBody("finance"));
    const revoker = await signIn(session.POST, personBody("admin"));
    expect(await status(onA)).toBe(200);
    expect((await call(sessions.DELETE, "/api/sessions", { method: "DELETE", cookie: revoker })).status).toBe(200);
    expect(await status(onA)).toBe(401);
    // Really after the revocation, on either instance: signed in.
    expect(await status(await signIn(session.POST, personBody("admin")))).toBe(200);
    expect(await status(await signInOnA(personBody("admin")))).toBe(200);
  });

  it("a session signed in on the instance whose clock is behind, after the revocation on the one ahead, stays signed in; one just before is revoked", async () => {
    const before = await signIn(session.POST, personBody("finance"));
    const revoker = await signInOnA(personBody("admin"));
    await signOutEverywhereOnA(revoker);
    const after = await signIn(session.POST, personBody("finance"));
    expect(await status(before)).toBe(401);
    expect(await status(revoker)).toBe(401);
    expect(await status(after)).toBe(200);
  });
});

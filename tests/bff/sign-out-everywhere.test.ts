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
import { openSession } from "@/lib/server/session/session";
import { ACME, BETA, call, signIn, startBffHarness, type BffHarness } from "../helpers/bff";

let harness: BffHarness;
beforeAll(async () => {
  harness = await startBffHarness();
});
afterAll(async () => {
  await harness.close();
});

const operator = (apiKey: string, operatorName = "Olivia Operator") => ({ apiKey, operatorName });
const viewer = (accessToken: string, businessId: string, operatorName = "Vera Viewer") => ({
  accessToken,
  businessId,
  operatorName,
});

describe("failed sign-ins", () => {
  it("a made-up viewer token for any business id writes nothing into that business's log, and no caller-chosen text anywhere", async () => {
    const target = randomUUID();
    for (const businessId of [target, ACME.businessId]) {
      const result = await call(session.POST, "/api/session", {
        method: "POST",
        body: viewer("at_made_up_token", businessId, "<script>I was here</script>"),
      });
      expect(result.status).toBe(401);
      expect((await listAudit(await getLedger(), businessId, { limit: 200 })).items).toEqual([]);
    }
    const events = await listSecurityEvents(await getLedger(), 10);
    expect(events.slice(0, 2).map((e) => e.reason)).toEqual(["invalid_credentials", "invalid_credentials"]);
    expect(JSON.stringify(events)).not.toContain("I was here");
    expect(JSON.stringify(events)).not.toContain("at_made_up_token");
  });
});

describe("sign out everywhere", () => {
  it("revokes every session of the business (operators and viewers, this one included), and no other business's", async () => {
    const mine = await signIn(session.POST, operator(ACME.apiKey, "Ana"));
    const colleague = await signIn(session.POST, operator(ACME.apiKey, "Caio"));
    const finance = await signIn(session.POST, viewer(ACME.accessToken, ACME.businessId));
    const otherBusiness = await signIn(session.POST, operator(BETA.apiKey));

    const out = await call(sessions.DELETE, "/api/sessions", { method: "DELETE", cookie: mine });
    expect(out.status).toBe(200);
    expect(out.setCookies.some((c) => /pixops_session=;/.test(c) && /Max-Age=0/.test(c))).toBe(true);

    for (const cookie of [mine, colleague, finance]) {
      const who = await call(session.GET, "/api/session", { cookie });
      expect(who.status).toBe(401);
      expect(who.json.error).toMatchObject({ code: "unauthenticated", details: { reason: "revoked" } });
    }
    expect((await call(session.GET, "/api/session", { cookie: otherBusiness })).status).toBe(200);

    // Signing in again works at once, and the audit log says who did it.
    const again = await signIn(session.POST, operator(ACME.apiKey, "Ana"));
    const log = await call(activity.GET, "/api/activity?action=session.sign_out_everywhere", { cookie: again });
    expect(log.status).toBe(200);
    expect(log.text).toContain("Ana");
  });

  it("is for operators only, and needs the CSRF headers", async () => {
    const finance = await signIn(session.POST, viewer(ACME.accessToken, ACME.businessId));
    expect((await call(sessions.DELETE, "/api/sessions", { method: "DELETE", cookie: finance })).status).toBe(403);
    const operatorCookie = await signIn(session.POST, operator(ACME.apiKey));
    const forged = await call(sessions.DELETE, "/api/sessions", {
      method: "DELETE",
      cookie: operatorCookie,
      headers: { "x-requested-by": null },
    });
    expect(forged.status).toBe(403);
    expect((await call(session.GET, "/api/session", { cookie: operatorCookie })).status).toBe(200);
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

  async function signInOnA(body: Record<string, string>): Promise<string> {
    const result = await signedInReply(
      await signInService(await getLedger(), viewerOrOperator(body), clientAddress(new Headers()), clockA()),
      false,
    );
    const cookie = result.cookies?.[0]?.split(";")[0];
    if (!cookie) throw new Error("no cookie from sign-in on A");
    return cookie;
  }
  const viewerOrOperator = (body: Record<string, string>) => body as Parameters<typeof signInService>[1];

  async function signOutEverywhereOnA(cookie: string): Promise<void> {
    const opened = await openSession(cookieValue(cookie), clockA());
    if (!opened.ok) throw new Error(`the session on A did not open: ${opened.problem}`);
    await signOutEverywhere(await getLedger(), opened.session, clockA());
  }

  const status = async (cookie: string) => (await call(session.GET, "/api/session", { cookie })).status;

  it("a session signed in on the instance whose clock is ahead, just before the revocation on the other, is revoked", async () => {
    const onA = await signInOnA(viewer(ACME.accessToken, ACME.businessId, "Ahead"));
    const revoker = await signIn(session.POST, operator(ACME.apiKey));
    expect(await status(onA)).toBe(200);
    expect((await call(sessions.DELETE, "/api/sessions", { method: "DELETE", cookie: revoker })).status).toBe(200);
    expect(await status(onA)).toBe(401);
    // Really after the revocation, on either instance: signed in.
    expect(await status(await signIn(session.POST, operator(ACME.apiKey)))).toBe(200);
    expect(await status(await signInOnA(operator(ACME.apiKey)))).toBe(200);
  });

  it("a session signed in on the instance whose clock is behind, after the revocation on the one ahead, stays signed in; one just before is revoked", async () => {
    const before = await signIn(session.POST, viewer(ACME.accessToken, ACME.businessId, "Behind"));
    const revoker = await signInOnA(operator(ACME.apiKey));
    await signOutEverywhereOnA(revoker);
    const after = await signIn(session.POST, viewer(ACME.accessToken, ACME.businessId, "Behind"));
    expect(await status(before)).toBe(401);
    expect(await status(revoker)).toBe(401);
    expect(await status(after)).toBe(200);
  });
});

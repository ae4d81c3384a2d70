/**
 * The API refusing the workspace's key (revoked upstream) is the workspace's
 * problem, not the person's session: the BFF answers 409 `credential_rejected`
 * (never a 401, which the browser answers by sending people to sign in, which
 * cannot help), the person stays signed in, and a payout the API refused is
 * recorded as not sent (a 401 from the API makes nothing).
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as chargebacks from "@/app/api/chargebacks/route";
import * as payouts from "@/app/api/payouts/route";
import * as session from "@/app/api/session/route";
import { BffRequestError } from "@/lib/browser/bff-client/errors";
import { call, financeBody, operatorBody, signIn, startBffHarness, type BffHarness } from "../helpers/bff";

let harness: BffHarness;
let operator = "";
let finance = "";
beforeAll(async () => {
  harness = await startBffHarness();
  operator = await signIn(session.POST, operatorBody);
  finance = await signIn(session.POST, financeBody);
}, 60_000);
afterAll(async () => {
  await harness.close();
});
afterEach(async () => {
  await harness.sandbox.clearFaults();
});

describe("the API refuses the workspace's key", () => {
  it("a read answers 409 credential_rejected with the request id; the session still opens", async () => {
    await harness.sandbox.setFaults([{ kind: "error401", method: "GET", path: "/v1/chargebacks" }]);
    const refused = await call(chargebacks.GET, "/api/chargebacks", { cookie: finance });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json.error).toMatchObject({ code: "credential_rejected" });
    expect(refused.json.request_id).toEqual(expect.any(String));

    await harness.sandbox.clearFaults();
    expect((await call(session.GET, "/api/session", { cookie: finance })).status).toBe(200);
    expect((await call(chargebacks.GET, "/api/chargebacks", { cookie: finance })).status).toBe(200);
  });

  it("a payout it refuses is 409 credential_rejected and made nothing upstream; the operator stays signed in", async () => {
    const key = randomUUID();
    const body = { amount_centavos: 4_321, pix_key_type: "email", pix_key: "revoked@example.com" };
    await harness.sandbox.setFaults([{ kind: "error401", method: "POST", path: "/v1/payouts" }]);
    const refused = await call(payouts.POST, "/api/payouts", {
      method: "POST",
      cookie: operator,
      idempotencyKey: key,
      body,
    });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json.error).toMatchObject({ code: "credential_rejected" });
    expect((await harness.sandbox.payouts()).filter((p) => p.idempotency_key === key)).toEqual([]);
    expect((await call(session.GET, "/api/session", { cookie: operator })).status).toBe(200);
  });

  it("the browser does not treat it as a lost session (no redirect to sign in)", () => {
    const error = new BffRequestError({ status: 409, code: "credential_rejected", message: "refused" });
    expect(error.isAuthError).toBe(false);
    expect(new BffRequestError({ status: 401, code: "unauthenticated", message: "gone" }).isAuthError).toBe(true);
  });
});

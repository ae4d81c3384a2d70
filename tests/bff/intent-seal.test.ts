/**
 * The credential sealed with a pending payout: a key of its own (not the
 * cookie's), rotation, and a life no longer than the automatic re-send window
 * — the seal stops opening, and the reconciler erases it from the ledger,
 * whatever the row's state. Times are injected (the reconciler's `now`), never waited for.
 */
import { hkdfSync } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { sealData } from "iron-session";
import { afterEach, describe, expect, it } from "vitest";
import * as payouts from "@/app/api/payouts/route";
import * as session from "@/app/api/session/route";
import { payoutPolicy, SEAL_MARGIN_MS } from "@/lib/server/services/payouts/policy";
import { reconcilePayouts } from "@/lib/server/services/payouts/reconciler";
import { getLedger } from "@/lib/server/ledger";
import { payouts as payoutsTable } from "@/lib/server/ledger/schema";
import type { Credential } from "@/lib/server/payments-api/client";
import { getSessionConfig, ironPasswords, resetSessionConfigForTests } from "@/lib/server/session/config";
import { openCredential, sealCredential } from "@/lib/server/session/credential-seal";
import { newSessionCookie, openSession, sealSession } from "@/lib/server/session/session";
import { ACME, call, newKey, TEST_SECRET } from "../helpers/bff";
import { setUpBffHarness } from "../helpers/bff-suite";

const SECRET_B = "second-session-secret-abcdefghij-0123456789";
const MINUTE = 60_000;
const credential: Credential = { kind: "api_key", apiKey: ACME.apiKey };

// Payouts stay pending for a minute, so a submitted payout keeps a follow-up seal.
const bff = setUpBffHarness({ sandbox: { settleMs: 60_000 } });

function withSecret(value: string): void {
  process.env.SESSION_SECRET = value;
  resetSessionConfigForTests();
}

/** The intent-seal key as docs/session.md describes it: HKDF-SHA-256 of a secret, salt "pixops-dashboard", info "pixops intent-seal v1". */
function documentedIntentKey(secret: string): string {
  return Buffer.from(hkdfSync("sha256", secret, "pixops-dashboard", "pixops intent-seal v1", 32)).toString("base64url");
}

describe("the intent seal's own key", () => {
  afterEach(() => withSecret(TEST_SECRET));

  it("is derived as documented: a seal made with the documented key opens as an intent seal", async () => {
    const seal = await sealData(
      { v: 1, purpose: "intent", credential, exp: Date.now() + MINUTE },
      { password: ironPasswords([documentedIntentKey(TEST_SECRET)]).newest },
    );
    expect(await openCredential(seal)).toEqual(credential);
  });

  it("a session sealed with the intent key does not open as a session", async () => {
    const data = newSessionCookie({
      memberId: "00000000-0000-4000-8000-000000000001",
      businessId: ACME.businessId,
      lat: Date.now() * 1000,
      mfa: "none",
      epoch: 1,
      authEpoch: 1,
    });
    expect((await openSession(await sealSession(data))).ok).toBe(true);
    const underIntentKey = await sealData(data, { password: ironPasswords([documentedIntentKey(TEST_SECRET)]).newest });
    expect(await openSession(underIntentKey)).toEqual({ ok: false, problem: "invalid" });
    // Nor over HTTP, as a bff.cookie.
    const result = await call(session.GET, "/api/session", {
      cookie: `pixops_session=${encodeURIComponent(underIntentKey)}`,
    });
    expect(result.status).toBe(401);
  });

  it("an intent payload sealed with the bff.cookie's key does not open as an intent seal (nor do seals of earlier versions)", async () => {
    const cookieKey = getSessionConfig().sealPassword;
    const intentUnderCookieKey = await sealData(
      { v: 1, purpose: "intent", credential, exp: Date.now() + MINUTE },
      { password: cookieKey },
    );
    expect(await openCredential(intentUnderCookieKey)).toBeNull();
    // What earlier versions stored: the bare credential under the bff.cookie's key.
    expect(await openCredential(await sealData(credential, { password: cookieKey }))).toBeNull();
  });

  it("an intent seal is not a session bff.cookie, and a session bff.cookie is not an intent seal", async () => {
    const seal = await sealCredential(credential, { lifetimeMs: MINUTE });
    expect(await openCredential(seal)).toEqual(credential);
    expect(await openSession(seal)).toEqual({ ok: false, problem: "invalid" });
    const sessionSeal = decodeURIComponent(bff.cookie.slice(bff.cookie.indexOf("=") + 1));
    expect((await openSession(sessionSeal)).ok).toBe(true);
    expect(await openCredential(sessionSeal)).toBeNull();
  });

  it("rotates with SESSION_SECRET: new seals use the newest secret's key, older ones still open", async () => {
    withSecret(TEST_SECRET);
    const underA = await sealCredential(credential, { lifetimeMs: MINUTE });
    withSecret(`${SECRET_B},${TEST_SECRET}`);
    expect(await openCredential(underA)).toEqual(credential);
    const underB = await sealCredential(credential, { lifetimeMs: MINUTE });
    withSecret(SECRET_B);
    expect(await openCredential(underB)).toEqual(credential);
    expect(await openCredential(underA)).toBeNull();
    withSecret(TEST_SECRET);
    expect(await openCredential(underB)).toBeNull();
  });

  it("opens until its lifetime ends, by the caller's clock, and not after", async () => {
    const t0 = Date.UTC(2026, 0, 1);
    const seal = await sealCredential(credential, { lifetimeMs: 15 * MINUTE, now: t0 });
    expect(await openCredential(seal, t0 + 15 * MINUTE - 1)).toEqual(credential);
    expect(await openCredential(seal, t0 + 15 * MINUTE)).toBeNull();
  });
});

describe("the seal's lifetime is the automatic re-send window", () => {
  it("lifetime = window + a small margin; the background follow-up is cut to the window", () => {
    const policy = payoutPolicy({ PAYOUT_AUTO_RESEND_WINDOW_MS: String(15 * MINUTE) });
    expect(policy.sealLifetimeMs).toBe(15 * MINUTE + SEAL_MARGIN_MS);
    expect(SEAL_MARGIN_MS).toBeLessThanOrEqual(2 * MINUTE);
    expect(policy.followUpWindowMs).toBe(15 * MINUTE);
    expect(
      payoutPolicy({
        PAYOUT_AUTO_RESEND_WINDOW_MS: String(15 * MINUTE),
        PAYOUT_FOLLOW_UP_WINDOW_MS: String(60 * MINUTE),
      }).followUpWindowMs,
    ).toBe(15 * MINUTE);
    expect(
      payoutPolicy({
        PAYOUT_AUTO_RESEND_WINDOW_MS: String(15 * MINUTE),
        PAYOUT_FOLLOW_UP_WINDOW_MS: String(5 * MINUTE),
      }).followUpWindowMs,
    ).toBe(5 * MINUTE);
  });

  async function storedRow(key: string) {
    const [row] = await (await getLedger()).db.select().from(payoutsTable).where(eq(payoutsTable.idempotencyKey, key));
    if (!row) throw new Error(`no row for ${key}`);
    return row;
  }

  /** Rows still holding a seal although sent before `now - window`. */
  async function sealsPastWindow(now: Date): Promise<number> {
    const window = payoutPolicy().autoResendWindowMs;
    const rows = await (
      await getLedger()
    ).db
      .select({ id: payoutsTable.id })
      .from(payoutsTable)
      .where(
        sql`${payoutsTable.credentialSeal} IS NOT NULL AND ${payoutsTable.sendStartedAt} <= ${now.toISOString()}::timestamptz - (${window} * interval '1 millisecond')`,
      );
    return rows.length;
  }

  const createPayout = (key: string, amount: number) =>
    call(payouts.POST, "/api/payouts", {
      method: "POST",
      cookie: bff.cookie,
      idempotencyKey: key,
      body: { amount_centavos: amount, pix_key_type: "email", pix_key: "seal@example.com" },
    });

  /** A seal as versions before the workspace credential wrote one with every payout (sealed at its send). */
  async function sealAsBefore(key: string): Promise<string> {
    const row = await storedRow(key);
    const seal = await sealCredential(credential, {
      lifetimeMs: payoutPolicy().sealLifetimeMs,
      now: row.sendStartedAt.getTime(),
    });
    await (
      await getLedger()
    ).db
      .update(payoutsTable)
      .set({ credentialSeal: seal })
      .where(eq(payoutsTable.idempotencyKey, key));
    return seal;
  }

  it("an unanswered payout of an older version: re-sendable with its seal inside the window; past it, moved to review and the seal erased, nothing sent", async () => {
    const window = payoutPolicy().autoResendWindowMs;
    const key = newKey("seal-window");
    await bff.harness.sandbox.addFault({ kind: "error503", method: "POST", path: "/v1/payouts" });
    expect((await createPayout(key, 4100)).status).toBe(504);
    await bff.harness.sandbox.clearFaults();
    // A new payout keeps no seal (the reconciler uses the workspace's credential); an older version's kept one.
    expect((await storedRow(key)).credentialSeal).toBeNull();
    const seal = await sealAsBefore(key);
    const before = await storedRow(key);
    expect(before.state).toBe("uncertain");
    expect(await openCredential(seal, before.sendStartedAt.getTime() + window - 1)).toEqual(credential);
    expect(await openCredential(seal, before.sendStartedAt.getTime() + window + SEAL_MARGIN_MS + 1_000)).toBeNull();

    const now = new Date(before.sendStartedAt.getTime() + window + 1_000);
    const sendsBefore = (await bff.harness.sandbox.stats()).by_route["POST /v1/payouts"] ?? 0;
    const pass = await reconcilePayouts(await getLedger(), { olderThanMs: 0, now });
    expect(pass.toReview).toBeGreaterThanOrEqual(1);
    expect((await bff.harness.sandbox.stats()).by_route["POST /v1/payouts"] ?? 0).toBe(sendsBefore);
    expect(await storedRow(key)).toMatchObject({
      state: "needs_review",
      reviewReason: "resend_window_passed",
      credentialSeal: null,
    });
    expect(await sealsPastWindow(now)).toBe(0);
  });

  it("a submitted, still pending payout (with an older version's seal): the seal is erased at the window and it is no longer looked up", async () => {
    const window = payoutPolicy().autoResendWindowMs;
    const key = newKey("seal-follow");
    expect((await createPayout(key, 4200)).status).toBe(201);
    expect((await storedRow(key)).credentialSeal).toBeNull();
    await sealAsBefore(key);
    const before = await storedRow(key);
    expect(before).toMatchObject({ state: "submitted", status: "pending" });
    expect(before.credentialSeal).not.toBeNull();

    const now = new Date(before.sendStartedAt.getTime() + window + 1_000);
    const lookupsBefore = (await bff.harness.sandbox.stats()).by_route["GET /v1/payouts/:id"] ?? 0;
    await reconcilePayouts(await getLedger(), { olderThanMs: 0, now });
    expect((await storedRow(key)).credentialSeal).toBeNull();
    expect((await bff.harness.sandbox.stats()).by_route["GET /v1/payouts/:id"] ?? 0).toBe(lookupsBefore);
    expect(await sealsPastWindow(now)).toBe(0);
  });

  it("a seal left on any row older than the window (an older version, a crash between two writes) is purged by the next pass", async () => {
    const window = payoutPolicy().autoResendWindowMs;
    const key = newKey("seal-purge");
    expect((await createPayout(key, 4300)).status).toBe(201);
    const ledger = await getLedger();
    // As an earlier version could leave it: a seal on a submitted payout whose status is already final
    // (just looked up, so the refresher leaves the row alone in these passes).
    await ledger.db
      .update(payoutsTable)
      .set({ status: "paid", credentialSeal: "Fe26.2**left-over", statusCheckedAt: sql`now()` })
      .where(eq(payoutsTable.idempotencyKey, key));
    const created = (await storedRow(key)).sendStartedAt.getTime();

    const inside = await reconcilePayouts(ledger, { olderThanMs: 0, now: new Date(created + window - 1_000) });
    expect((await storedRow(key)).credentialSeal).toBe("Fe26.2**left-over");
    expect(inside.sealsPurged).toBe(0);
    const past = await reconcilePayouts(ledger, { olderThanMs: 0, now: new Date(created + window + 1_000) });
    expect(past.sealsPurged).toBeGreaterThanOrEqual(1);
    expect((await storedRow(key)).credentialSeal).toBeNull();
  });
});

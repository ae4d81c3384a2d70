/**
 * The background jobs (reconciler, refresher, batch worker) act with the workspace's API key of the row's own
 * business, never a credential kept with the row: new payouts and batches keep no seal. A row written before seals
 * were retired falls back to its unexpired seal when the workspace has no key; with neither, it is treated as a
 * row without a seal always was (needs review; a batch paused for its credential). A key replaced in the vault is
 * used from the next pass on; a stored key the vault cannot open counts as none and stops nothing else.
 */
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as payoutsRoute from "@/app/api/payouts/route";
import * as resume from "@/app/api/payout-batches/[id]/resume/route";
import * as session from "@/app/api/session/route";
import { getLedger } from "@/lib/server/ledger";
import { payoutBatches, payouts as payoutsTable } from "@/lib/server/ledger/schema";
import { workspaceCredentials } from "@/lib/server/ledger/schema-workspace";
import { runBatchPass } from "@/lib/server/services/batches/worker";
import { payoutPolicy } from "@/lib/server/services/payouts/policy";
import { reconcilePayouts } from "@/lib/server/services/payouts/reconciler";
import { sealCredential } from "@/lib/server/session/credential-seal";
import { ACME, BETA, betaOperatorBody, call, newKey, signIn, storeWorkspaceApiKey } from "../helpers/bff";
import { setUpBffHarness } from "../helpers/bff-suite";
import { batchRows, confirmBatch, createBatch, readBatch, runUntilDone, upstreamByKey } from "../helpers/batches";

const ctx = setUpBffHarness({ env: { PAYOUT_REFRESH_EVERY_MS: "100" } });

async function ledger() {
  return getLedger();
}

/** The business's workspace holds no API key (none stored; none provisioned in these tests). */
async function forgetWorkspaceKey(businessId: string): Promise<void> {
  await (await ledger()).db.delete(workspaceCredentials).where(eq(workspaceCredentials.businessId, businessId));
}

async function storedRow(key: string) {
  const [row] = await (await ledger()).db.select().from(payoutsTable).where(eq(payoutsTable.idempotencyKey, key));
  if (!row) throw new Error(`no row for ${key}`);
  return row;
}

/** A payout whose send got no answer (a 503 every time): an unresolved intent, `uncertain`, for the reconciler. */
async function unansweredPayout(cookie: string, prefix: string): Promise<string> {
  const key = newKey(prefix);
  await ctx.harness.sandbox.addFault({ kind: "error503", method: "POST", path: "/v1/payouts" });
  const sent = await call(payoutsRoute.POST, "/api/payouts", {
    method: "POST",
    cookie,
    idempotencyKey: key,
    body: { amount_centavos: 3_100, pix_key_type: "email", pix_key: "bg@example.com" },
  });
  expect(sent.status, sent.text).toBe(504);
  await ctx.harness.sandbox.clearFaults();
  expect(await storedRow(key)).toMatchObject({ state: "uncertain", credentialSeal: null });
  return key;
}

/** The seal a version before the workspace credential kept with a payout (open for the re-send window). */
async function sealAsBefore(key: string, apiKey: string): Promise<void> {
  const row = await storedRow(key);
  const seal = await sealCredential(
    { kind: "api_key", apiKey },
    { lifetimeMs: payoutPolicy().sealLifetimeMs, now: row.sendStartedAt.getTime() },
  );
  await (
    await ledger()
  ).db
    .update(payoutsTable)
    .set({ credentialSeal: seal })
    .where(eq(payoutsTable.idempotencyKey, key));
}

/** Which business the sandbox saw each send of this key for, and whether it made (or replayed) the payout. */
async function sendsOf(key: string): Promise<{ business_id: string; outcome: string | null }[]> {
  return (await ctx.harness.sandbox.payoutRequests())
    .filter((r) => r.idempotency_key === key)
    .map((r) => ({ business_id: r.business_id, outcome: r.outcome?.startsWith("2") ? "2xx" : r.outcome }));
}

async function resumeBatch(id: string): Promise<void> {
  const result = await call(resume.POST, `/api/payout-batches/${id}/resume`, {
    method: "POST",
    cookie: ctx.cookie,
    params: { id },
    body: {},
  });
  expect(result.status, result.text).toBe(200);
}

describe("background jobs act with the workspace's stored API key", () => {
  it("a new payout keeps no seal; the reconciler re-sends it with its business's stored key", async () => {
    await storeWorkspaceApiKey(ACME.businessId, ACME.apiKey);
    const key = await unansweredPayout(ctx.cookie, "ws-resend");

    const pass = await reconcilePayouts(await ledger(), { olderThanMs: 0 });
    expect(pass).toMatchObject({ submitted: 1, toReview: 0 });
    expect(await storedRow(key)).toMatchObject({ state: "submitted", credentialSeal: null });
    expect((await sendsOf(key)).at(-1)).toEqual({ business_id: ACME.businessId, outcome: "2xx" });
  });

  it("a new batch keeps no seal, nor do its rows' payouts; the worker sends it to the end with the stored key", async () => {
    await storeWorkspaceApiKey(ACME.businessId, ACME.apiKey);
    const batch = await confirmBatch(ctx.cookie, await createBatch(ctx.cookie, batchRows(4, { prefix: "ws-batch" })));
    const [stored] = await (await ledger()).db.select().from(payoutBatches).where(eq(payoutBatches.id, batch.id));
    expect(stored?.credentialSeal).toBeNull();

    const { batch: done } = await runUntilDone(ctx.harness, ctx.cookie, batch.id);
    expect(done).toMatchObject({ status: "completed", counts: { paid: 4, failed: 0 } });
    expect([...(await upstreamByKey(ctx.harness, batch.id)).values()]).toEqual([1, 1, 1, 1]);
    const rows = await (await ledger()).db.select().from(payoutsTable).where(eq(payoutsTable.batchId, batch.id));
    expect(rows.map((r) => r.credentialSeal)).toEqual([null, null, null, null]);
  }, 60_000);

  it("without a workspace key, an older row's unexpired seal is used; with neither, the row waits for a person as before", async () => {
    await storeWorkspaceApiKey(ACME.businessId, ACME.apiKey);
    const sealed = await unansweredPayout(ctx.cookie, "ws-old-seal");
    await sealAsBefore(sealed, ACME.apiKey);
    const bare = await unansweredPayout(ctx.cookie, "ws-bare");
    await forgetWorkspaceKey(ACME.businessId);

    const pass = await reconcilePayouts(await ledger(), { olderThanMs: 0 });
    expect(pass).toMatchObject({ submitted: 1, toReview: 1 });
    expect(await storedRow(sealed)).toMatchObject({ state: "submitted" });
    expect((await sendsOf(sealed)).at(-1)).toEqual({ business_id: ACME.businessId, outcome: "2xx" });
    // Today's outcome for a payout without a credential: needs review, audited, nothing sent; "check again" remains.
    expect(await storedRow(bare)).toMatchObject({ state: "needs_review", reviewReason: "credential_unavailable" });
    expect((await sendsOf(bare)).every((s) => s.outcome === "503")).toBe(true);
  });

  it("without a workspace key a new batch pauses for its credential, sending nothing, as one whose seal ended did", async () => {
    await storeWorkspaceApiKey(ACME.businessId, ACME.apiKey);
    const batch = await confirmBatch(ctx.cookie, await createBatch(ctx.cookie, batchRows(2, { prefix: "ws-none" })));
    await forgetWorkspaceKey(ACME.businessId);

    expect(await runBatchPass(await ledger(), { concurrency: 2 })).toMatchObject({ claimed: 0, submitted: 0 });
    expect(await readBatch(ctx.cookie, batch.id)).toMatchObject({
      status: "paused",
      paused_reason: "credential_expired",
      counts: { pending: 2 },
    });
    expect((await upstreamByKey(ctx.harness, batch.id)).size).toBe(0);
  });

  it("a key replaced in the vault is used by the next pass: refused, the batch pauses; with the new key it completes", async () => {
    await storeWorkspaceApiKey(ACME.businessId, ACME.apiKey);
    const batch = await confirmBatch(ctx.cookie, await createBatch(ctx.cookie, batchRows(3, { prefix: "ws-replace" })));
    await storeWorkspaceApiKey(ACME.businessId, "sk_sandbox_revoked_0123456789");

    const refused = await runBatchPass(await ledger(), { concurrency: 1 });
    expect(refused).toMatchObject({ refused: 1, submitted: 0, rejected: 0 });
    expect(await readBatch(ctx.cookie, batch.id)).toMatchObject({
      status: "paused",
      paused_reason: "credential_refused",
      counts: { pending: 3 },
    });

    await storeWorkspaceApiKey(ACME.businessId, ACME.apiKey);
    await resumeBatch(batch.id);
    const { batch: done } = await runUntilDone(ctx.harness, ctx.cookie, batch.id);
    expect(done).toMatchObject({ status: "completed", counts: { paid: 3, failed: 0 } });
    expect([...(await upstreamByKey(ctx.harness, batch.id)).values()]).toEqual([1, 1, 1]);
  }, 60_000);
});

describe("tenant scope", () => {
  it("each business's rows go out with its own stored key, never another's, in one pass", async () => {
    const beta = await signIn(session.POST, betaOperatorBody);
    await storeWorkspaceApiKey(ACME.businessId, ACME.apiKey);
    await storeWorkspaceApiKey(BETA.businessId, BETA.apiKey);
    const acmeKey = await unansweredPayout(ctx.cookie, "ws-acme");
    const betaKey = await unansweredPayout(beta, "ws-beta");

    expect(await reconcilePayouts(await ledger(), { olderThanMs: 0 })).toMatchObject({ submitted: 2 });
    expect((await sendsOf(acmeKey)).at(-1)).toEqual({ business_id: ACME.businessId, outcome: "2xx" });
    expect((await sendsOf(betaKey)).at(-1)).toEqual({ business_id: BETA.businessId, outcome: "2xx" });
    const upstream = await ctx.harness.sandbox.payouts();
    expect(upstream.filter((p) => p.idempotency_key === acmeKey).map((p) => p.business_id)).toEqual([ACME.businessId]);
    expect(upstream.filter((p) => p.idempotency_key === betaKey).map((p) => p.business_id)).toEqual([BETA.businessId]);
  });

  it("a business without a key never borrows another's: its row waits for a person, its batch pauses", async () => {
    const beta = await signIn(session.POST, betaOperatorBody);
    await storeWorkspaceApiKey(ACME.businessId, ACME.apiKey);
    const betaKey = await unansweredPayout(beta, "ws-beta-none");
    const betaBatch = await confirmBatch(beta, await createBatch(beta, batchRows(2, { prefix: "ws-beta-none" })));
    await forgetWorkspaceKey(BETA.businessId);

    await reconcilePayouts(await ledger(), { olderThanMs: 0 });
    expect(await storedRow(betaKey)).toMatchObject({ state: "needs_review", reviewReason: "credential_unavailable" });
    await runBatchPass(await ledger(), { concurrency: 2 });
    expect(await readBatch(beta, betaBatch.id)).toMatchObject({
      status: "paused",
      paused_reason: "credential_expired",
    });
    const upstream = await ctx.harness.sandbox.payoutRequests();
    expect(upstream.filter((r) => r.idempotency_key === betaKey).every((r) => r.outcome === "503")).toBe(true);
    expect((await upstreamByKey(ctx.harness, betaBatch.id)).size).toBe(0);
  });
});

describe("a stored key the vault cannot open", () => {
  it("counts as none for that business (an older row's seal still serves); the other businesses' rows go on", async () => {
    const beta = await signIn(session.POST, betaOperatorBody);
    await storeWorkspaceApiKey(ACME.businessId, ACME.apiKey);
    await storeWorkspaceApiKey(BETA.businessId, BETA.apiKey);
    const sealed = await unansweredPayout(ctx.cookie, "ws-broken-sealed");
    await sealAsBefore(sealed, ACME.apiKey);
    const bare = await unansweredPayout(ctx.cookie, "ws-broken-bare");
    const betaKey = await unansweredPayout(beta, "ws-broken-beta");
    // ACME's stored key now names a key the ring does not hold: reading it is a CredentialVaultError.
    await (
      await ledger()
    ).db
      .update(workspaceCredentials)
      .set({ keyId: "gone" })
      .where(and(eq(workspaceCredentials.businessId, ACME.businessId), isNull(workspaceCredentials.replacedAt)));

    const pass = await reconcilePayouts(await ledger(), { olderThanMs: 0 });
    expect(pass).toMatchObject({ submitted: 2, toReview: 1 });
    expect(await storedRow(sealed)).toMatchObject({ state: "submitted" });
    expect(await storedRow(betaKey)).toMatchObject({ state: "submitted" });
    expect(await storedRow(bare)).toMatchObject({ state: "needs_review", reviewReason: "credential_unavailable" });
    await forgetWorkspaceKey(ACME.businessId);
  });
});

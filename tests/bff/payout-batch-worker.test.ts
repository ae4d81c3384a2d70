/**
 * The batch worker against the real sandbox and ledger: a batch sent to the end
 * with each row as the sandbox decides, a crash after rows were claimed (the
 * next worker and the reconciler finish them, once each upstream), and two
 * workers on one ledger never sending the same row.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import * as cancel from "@/app/api/payout-batches/[id]/cancel/route";
import * as pause from "@/app/api/payout-batches/[id]/pause/route";
import * as results from "@/app/api/payout-batches/[id]/results.csv/route";
import * as review from "@/app/api/payouts/review/route";
import { claimBatchRow, getLedger, listWorkBatches, movePayoutToReview } from "@/lib/server/ledger";
import {
  BATCH_WORKER_ACTOR,
  MAX_BATCH_BACKOFF_MS,
  batchBackoffMs,
  runBatchPass,
  startBatchWorker,
  stopBatchWorker,
} from "@/lib/server/services/batches/worker";
import { reconcilePayouts } from "@/lib/server/services/payouts/reconciler";
import { sendPayout } from "@/lib/server/services/payouts/sender";
import { apiClientFor } from "@/lib/server/payments-api/for-credential";
import { PaymentsApiError, type Credential, type PaymentsClient } from "@/lib/server/payments-api/client";
import { payouts as payoutsTable } from "@/lib/server/ledger/schema";
import type { Batch } from "@/lib/shared/schemas/payout-batches";
import { ACME, call, DEMO_NAMES } from "../helpers/bff";
import { activityReader } from "../helpers/activity-reader";
import { setUpBffHarness } from "../helpers/bff-suite";
import {
  batchRows,
  confirmBatch,
  createBatch,
  readBatch,
  readRows,
  runUntilDone,
  upstreamByKey,
} from "../helpers/batches";

const ctx = setUpBffHarness({ env: { PAYOUT_REFRESH_EVERY_MS: "100" } });
const readActivity = activityReader();

describe("batch worker", () => {
  it("sends a 50-row batch to completion: each row paid or failed as the sandbox decides, one upstream payout per row", async () => {
    const unknownKeys = [5, 17, 30];
    const batch = await confirmBatch(
      ctx.cookie,
      await createBatch(ctx.cookie, batchRows(50, { prefix: "fifty", unknownKeys })),
    );
    const { batch: done, passes } = await runUntilDone(ctx.harness, ctx.cookie, batch.id);
    expect(done.status).toBe("completed");
    expect(done.counts).toEqual({
      pending: 0,
      sending: 0,
      sent: 0,
      paid: 47,
      failed: 3,
      needs_review: 0,
      handled: 0,
      cancelled: 0,
    });
    expect(passes.reduce((sum, p) => sum + p.claimed, 0)).toBe(50);

    const rows = await readRows(ctx.cookie, batch.id);
    for (const row of rows) {
      expect(row.status, `row ${row.row_number}`).toBe(unknownKeys.includes(row.row_number) ? "failed" : "paid");
      expect(row.payout_id).toMatch(/^po_/);
      expect(row.end_to_end_id).toMatch(/^E/);
    }
    expect(rows.find((r) => r.row_number === 5)?.failure_reason).toContain("DICT");
    const upstream = await upstreamByKey(ctx.harness, batch.id);
    expect(upstream.size).toBe(50);
    expect([...upstream.values()].every((count) => count === 1)).toBe(true);

    const audit = await readActivity(`?target_id=${batch.id}`);
    expect(audit[0]).toMatchObject({ action: "batch.completed", actor: { name: "batch worker" } });
  }, 120_000);

  it("after a crash mid-batch (rows claimed, some sent without an answer) the next worker and the reconciler finish every row, once each upstream", async () => {
    const ledger = await getLedger();
    const batch = await confirmBatch(ctx.cookie, await createBatch(ctx.cookie, batchRows(20, { prefix: "crash" })));
    const credential = { kind: "api_key" as const, apiKey: ACME.apiKey };
    const prepare = async () => ({
      requestHash: "crash-test",
      actor: { name: DEMO_NAMES.operator, role: "operator" },
    });
    // The crashed worker claimed 6 rows (as today's worker claims them: no seal, so the reconciler sends with the
    // workspace's stored key): 3 never sent, 3 sent with the answer lost (the API made them).
    const claimed = [];
    for (let i = 0; i < 6; i++)
      claimed.push(await claimBatchRow(ledger, { id: batch.id, businessId: ACME.businessId }, prepare));
    await ctx.harness.sandbox.setFaults([{ kind: "commit_then_drop", method: "POST", path: "/v1/payouts" }]);
    for (const row of claimed.slice(3)) {
      const outcome = await sendPayout(
        {
          ledger,
          api: apiClientFor(credential, { maxAttempts: 1 }),
          businessId: ACME.businessId,
          actor: { name: DEMO_NAMES.operator, role: "operator" },
          action: "payout.create",
          mayResolveReview: false,
        },
        row?.idempotencyKey ?? "",
      );
      expect(outcome.kind).toBe("unknown");
    }
    await ctx.harness.sandbox.clearFaults();
    expect((await upstreamByKey(ctx.harness, batch.id)).size).toBe(3);

    // The restarted instance: its reconciler resumes the claimed rows with their own keys, its worker the rest.
    await reconcilePayouts(ledger, { olderThanMs: 0 });
    const { batch: done } = await runUntilDone(ctx.harness, ctx.cookie, batch.id);
    expect(done.status).toBe("completed");
    expect(done.counts.paid).toBe(20);
    const upstream = await upstreamByKey(ctx.harness, batch.id);
    expect(upstream.size).toBe(20);
    expect([...upstream.values()].every((count) => count === 1)).toBe(true);
  }, 120_000);

  it("cancel closes rows already claimed but not yet sent: no worker or reconciler sends them afterwards; a started send is kept", async () => {
    const ledger = await getLedger();
    const batch = await confirmBatch(
      ctx.cookie,
      await createBatch(ctx.cookie, batchRows(8, { prefix: "claimed-cancel" })),
    );
    const credential = { kind: "api_key" as const, apiKey: ACME.apiKey };
    const prepare = async () => ({
      requestHash: "claimed-cancel",
      actor: { name: DEMO_NAMES.operator, role: "operator" },
    });
    // A worker claimed 4 rows ahead of its lanes and sent only the first.
    const claimed = [];
    for (let i = 0; i < 4; i++)
      claimed.push(await claimBatchRow(ledger, { id: batch.id, businessId: ACME.businessId }, prepare));
    const sent = await sendPayout(
      {
        ledger,
        api: apiClientFor(credential),
        businessId: ACME.businessId,
        actor: { name: DEMO_NAMES.operator, role: "operator" },
        action: "payout.create",
        mayResolveReview: false,
      },
      claimed[0]?.idempotencyKey ?? "",
    );
    expect(sent.kind).toBe("submitted");

    const cancelled = (
      await call(cancel.POST, `/api/payout-batches/${batch.id}/cancel`, {
        method: "POST",
        cookie: ctx.cookie,
        params: { id: batch.id },
        body: {},
      })
    ).json.data as Batch;
    expect(cancelled.counts.cancelled).toBe(7);

    // The lanes that held the other three claimed rows go on, and so does the reconciler: nothing is sent.
    for (const row of claimed.slice(1)) {
      const outcome = await sendPayout(
        {
          ledger,
          api: apiClientFor(credential),
          businessId: ACME.businessId,
          actor: BATCH_WORKER_ACTOR,
          action: "payout.create",
          mayResolveReview: false,
        },
        row?.idempotencyKey ?? "",
      );
      expect(outcome).toMatchObject({
        kind: "settled",
        record: { state: "rejected", lastErrorCode: "batch_cancelled" },
      });
    }
    await reconcilePayouts(ledger, { olderThanMs: 0 });
    await runBatchPass(ledger, { concurrency: 2 });
    const upstream = await upstreamByKey(ctx.harness, batch.id);
    expect([...upstream.keys()]).toEqual([claimed[0]?.idempotencyKey]);
    const rows = await readRows(ctx.cookie, batch.id);
    const first = claimed[0]?.rowNumber;
    expect(rows.filter((r) => r.status === "cancelled").map((r) => r.row_number)).toEqual(
      rows.map((r) => r.row_number).filter((n) => n !== first),
    );
    expect(rows.find((r) => r.row_number === first)).toMatchObject({
      status: expect.stringMatching(/^(sent|paid)$/),
      payout_id: expect.stringMatching(/^po_/),
    });
    for (const row of claimed.slice(1))
      expect(rows.find((r) => r.row_number === row?.rowNumber)?.failure_reason).toBe(
        "Cancelled with its batch before it was sent.",
      );
  }, 120_000);

  it("a row a person resolves follows its payout (handled reads handled in progress, rows and results); the paused batch then completes, audited", async () => {
    const ledger = await getLedger();
    const batch = await confirmBatch(ctx.cookie, await createBatch(ctx.cookie, batchRows(2, { prefix: "reviewed" })));
    const credential = { kind: "api_key" as const, apiKey: ACME.apiKey };
    const prepare = async () => ({
      requestHash: "reviewed",
      actor: { name: DEMO_NAMES.operator, role: "operator" },
    });
    // Both rows claimed, then the operator pauses: row 2 is sent, row 3's answer never came and it waits for a person.
    const [sent, lost] = [
      await claimBatchRow(ledger, { id: batch.id, businessId: ACME.businessId }, prepare),
      await claimBatchRow(ledger, { id: batch.id, businessId: ACME.businessId }, prepare),
    ];
    expect(
      (
        await call(pause.POST, `/api/payout-batches/${batch.id}/pause`, {
          method: "POST",
          cookie: ctx.cookie,
          params: { id: batch.id },
          body: {},
        })
      ).status,
    ).toBe(200);
    const outcome = await sendPayout(
      {
        ledger,
        api: apiClientFor(credential),
        businessId: ACME.businessId,
        actor: BATCH_WORKER_ACTOR,
        action: "payout.create",
        mayResolveReview: false,
      },
      sent?.idempotencyKey ?? "",
    );
    expect(outcome.kind).toBe("submitted");
    await movePayoutToReview(ledger, ACME.businessId, lost?.idempotencyKey ?? "", "resend_window_passed");
    expect((await readRows(ctx.cookie, batch.id)).map((r) => r.status)).toEqual(["sent", "needs_review"]);

    const handled = await call(review.POST, "/api/payouts/review", {
      method: "POST",
      cookie: ctx.cookie,
      body: {
        action: "mark_handled",
        idempotency_key: lost?.idempotencyKey,
        note: "Checked with the bank: never made.",
      },
    });
    expect(handled.status, handled.text).toBe(200);
    expect((await readRows(ctx.cookie, batch.id)).map((r) => r.status)).toEqual(["sent", "handled"]);
    expect((await readBatch(ctx.cookie, batch.id)).counts).toMatchObject({ sent: 1, needs_review: 0, handled: 1 });

    // The worker follows the paused batch's sent row to its end; with every row ended, the batch is completed.
    for (let pass = 0; pass < 30 && (await readBatch(ctx.cookie, batch.id)).status === "paused"; pass++) {
      await runBatchPass(ledger, { concurrency: 2 });
      await ctx.harness.clock.skip(1_000);
    }
    const done = await readBatch(ctx.cookie, batch.id);
    expect(done.status).toBe("completed");
    expect(done.counts).toMatchObject({ paid: 1, handled: 1, needs_review: 0 });
    const audit = await readActivity(`?target_id=${batch.id}`);
    expect(audit[0]).toMatchObject({ action: "batch.completed", actor: { name: "batch worker" } });

    const csv = await results.GET(
      new Request(`http://127.0.0.1:3000/api/payout-batches/${batch.id}/results.csv`, {
        headers: { host: "127.0.0.1:3000", cookie: ctx.cookie },
      }),
      { params: Promise.resolve({ id: batch.id }) },
    );
    const statuses = (await csv.text())
      .trim()
      .split("\r\n")
      .slice(1)
      .map((line) => line.split(";")[3]);
    expect(statuses).toEqual(["paid", "handled"]);
  }, 120_000);

  it("two workers on one ledger never send the same row", async () => {
    const ledger = await getLedger();
    const batch = await confirmBatch(ctx.cookie, await createBatch(ctx.cookie, batchRows(40, { prefix: "twin" })));
    await ctx.harness.sandbox.setFaults([{ kind: "latency", method: "POST", path: "/v1/payouts", ms: 20 }]);
    const [a, b] = await Promise.all([
      runBatchPass(ledger, { concurrency: 3 }),
      runBatchPass(ledger, { concurrency: 3 }),
    ]);
    await ctx.harness.sandbox.clearFaults();
    expect((a?.claimed ?? 0) + (b?.claimed ?? 0)).toBe(40);
    expect(a?.claimed).toBeGreaterThan(0);
    expect(b?.claimed).toBeGreaterThan(0);
    const sends = (await ctx.harness.sandbox.payoutRequests()).filter((r) =>
      r.idempotency_key?.startsWith(`batch-${batch.id}-`),
    );
    expect(sends).toHaveLength(40);
    expect(new Set(sends.map((s) => s.idempotency_key)).size).toBe(40);
    const upstream = await upstreamByKey(ctx.harness, batch.id);
    expect([...upstream.values()].every((count) => count === 1)).toBe(true);
    expect(upstream.size).toBe(40);
  }, 120_000);

  it("a sent row the API answers 404 for is marked checked, so it is not first in line again on every pass", async () => {
    const ledger = await getLedger();
    const batch = await confirmBatch(ctx.cookie, await createBatch(ctx.cookie, batchRows(2, { prefix: "gone" })));
    expect((await runBatchPass(ledger, { concurrency: 2 })).claimed).toBe(2);
    const [row] = await ledger.db
      .select({ id: payoutsTable.id })
      .from(payoutsTable)
      .where(and(eq(payoutsTable.batchId, batch.id), eq(payoutsTable.state, "submitted")))
      .limit(1);
    if (!row) throw new Error("no sent row");
    // A payout id the API does not know (as after the API's data was reset), never checked yet.
    await ledger.db
      .update(payoutsTable)
      .set({ payoutId: `po_unknown_${batch.id}`, status: "pending", statusCheckedAt: null })
      .where(eq(payoutsTable.id, row.id));
    const pass = await runBatchPass(ledger, { concurrency: 1 });
    expect(pass.lookedUp).toBeGreaterThanOrEqual(1);
    const [after] = await ledger.db.select().from(payoutsTable).where(eq(payoutsTable.id, row.id));
    expect(after).toMatchObject({ state: "submitted", status: "pending" });
    expect(after?.statusCheckedAt).toBeInstanceOf(Date);
  });

  it("a 429 makes the whole batch wait for the Retry-After before sending more", async () => {
    const ledger = await getLedger();
    const batch = await confirmBatch(ctx.cookie, await createBatch(ctx.cookie, batchRows(6, { prefix: "slow" })));
    await ctx.harness.sandbox.setFaults([{ kind: "throttle429", method: "POST", path: "/v1/payouts", retry_after: 5 }]);
    const first = await runBatchPass(ledger, {
      concurrency: 1,
      clientFor: (credential) => apiClientFor(credential, { maxAttempts: 1 }),
    });
    expect(first).toMatchObject({ claimed: 1, unknown: 1, backoffs: 1 });
    await ctx.harness.sandbox.clearFaults();
    expect((await runBatchPass(ledger, { concurrency: 1 })).claimed).toBe(0);
    await ctx.harness.clock.skip(5_000);
    await reconcilePayouts(ledger, { olderThanMs: 0 });
    const { batch: done } = await runUntilDone(ctx.harness, ctx.cookie, batch.id);
    expect(done.counts.paid).toBe(6);
    expect([...(await upstreamByKey(ctx.harness, batch.id)).values()]).toEqual([1, 1, 1, 1, 1, 1]);
  }, 120_000);

  /** The batch's back-off as the ledger holds it. */
  async function backoffOf(batchId: string): Promise<number | null> {
    const batch = (await listWorkBatches(await getLedger())).find((b) => b.id === batchId);
    return batch?.backoffUntil?.getTime() ?? null;
  }

  /** Moved to 5 s before `until`, the batch claims nothing; moved to it, it claims again. */
  async function expectWaitUntil(until: number): Promise<void> {
    const ledger = await getLedger();
    await ctx.harness.clock.skip(until - 5_000 - ctx.harness.clock.now());
    expect((await runBatchPass(ledger, { concurrency: 1 })).claimed).toBe(0);
    await ctx.harness.clock.skip(Math.max(0, until - ctx.harness.clock.now()));
    expect((await runBatchPass(ledger, { concurrency: 1 })).claimed).toBeGreaterThan(0);
  }

  it("a 503 with only a Retry-After header makes the whole batch wait that long (no body field)", async () => {
    const ledger = await getLedger();
    const batch = await confirmBatch(ctx.cookie, await createBatch(ctx.cookie, batchRows(3, { prefix: "header503" })));
    // The sandbox's 503 says how long only in its Retry-After header.
    await ctx.harness.sandbox.setFaults([{ kind: "error503", method: "POST", path: "/v1/payouts", retry_after: 30 }]);
    const before = ctx.harness.clock.now();
    const first = await runBatchPass(ledger, {
      concurrency: 1,
      clientFor: (credential) => apiClientFor(credential, { maxAttempts: 1 }),
    });
    const after = ctx.harness.clock.now();
    expect(first).toMatchObject({ claimed: 1, unknown: 1, backoffs: 1 });
    const until = await backoffOf(batch.id);
    expect(until).toBeGreaterThanOrEqual(before + 30_000);
    expect(until).toBeLessThanOrEqual(after + 30_000);
    await ctx.harness.sandbox.clearFaults();

    // Not one more row until the 30 s are over (1 s, the old fallback, is long past), then the batch goes on.
    await expectWaitUntil(until ?? 0);
  }, 120_000);

  it("a 429 with only the body's retry_after_seconds makes the whole batch wait that long (no header)", async () => {
    const ledger = await getLedger();
    const batch = await confirmBatch(ctx.cookie, await createBatch(ctx.cookie, batchRows(3, { prefix: "body429" })));
    // An API that says how long only in the body: the client's error as it would throw it, without a Retry-After.
    const throttled = new PaymentsApiError({
      kind: "http",
      status: 429,
      code: "rate_limited",
      message: "Too many requests.",
      details: { retry_after_seconds: 12 },
      attempts: 1,
      retryable: true,
    });
    expect(throttled.retryAfter).toBeNull();
    const clientFor = (credential: Credential): PaymentsClient => ({
      ...apiClientFor(credential, { maxAttempts: 1 }),
      createPayout: () => Promise.reject(throttled),
    });
    const before = ctx.harness.clock.now();
    expect(await runBatchPass(ledger, { concurrency: 1, clientFor })).toMatchObject({ claimed: 1, backoffs: 1 });
    const after = ctx.harness.clock.now();
    const until = await backoffOf(batch.id);
    expect(until).toBeGreaterThanOrEqual(before + 12_000);
    expect(until).toBeLessThanOrEqual(after + 12_000);
    await expectWaitUntil(until ?? 0);
  }, 120_000);

  it("the process's own worker, started as the server starts it, sends a confirmed batch to the end by itself", async () => {
    startBatchWorker();
    try {
      const batch = await confirmBatch(ctx.cookie, await createBatch(ctx.cookie, batchRows(5, { prefix: "own" })));
      // Waits for an outcome, not for a fixed time: the confirmation wakes the worker at once.
      await vi.waitFor(async () => expect((await readBatch(ctx.cookie, batch.id)).status).toBe("completed"), {
        timeout: 60_000,
        interval: 100,
      });
      expect((await readBatch(ctx.cookie, batch.id)).counts.paid).toBe(5);
      expect([...(await upstreamByKey(ctx.harness, batch.id)).values()]).toEqual([1, 1, 1, 1, 1]);
    } finally {
      stopBatchWorker();
    }
  }, 90_000);
});

describe("the batch's back-off (batchBackoffMs)", () => {
  const now = Date.parse("2026-03-02T12:00:00Z");
  const answer = (status: number, retryAfter: string | null, seconds?: unknown) =>
    new PaymentsApiError({
      kind: "http",
      status,
      code: "x",
      message: "x",
      details: seconds === undefined ? {} : { retry_after_seconds: seconds },
      attempts: 4,
      retryable: true,
      retryAfter,
    });

  it("takes the longest of the Retry-After header (seconds or an HTTP date, read against the clock), the body's field and 1 s", () => {
    expect(batchBackoffMs(answer(503, "30"), now)).toBe(30_000);
    expect(batchBackoffMs(answer(503, new Date(now + 45_000).toUTCString()), now)).toBe(45_000);
    expect(batchBackoffMs(answer(429, null, 12), now)).toBe(12_000);
    expect(batchBackoffMs(answer(429, "20", 12), now)).toBe(20_000);
    expect(batchBackoffMs(answer(429, "2", 12), now)).toBe(12_000);
    // Nothing usable said: 1 s (a date in the past, garbage, zero, a negative or non-numeric body field).
    for (const error of [
      answer(503, null),
      answer(503, new Date(now - 5_000).toUTCString()),
      answer(503, "soon"),
      answer(429, "0", 0),
      answer(429, null, -3),
      answer(429, null, "9"),
    ]) {
      expect(batchBackoffMs(error, now)).toBe(1_000);
    }
  });

  it("waits at most 5 minutes, and only on a 429 or a 503", () => {
    expect(batchBackoffMs(answer(503, "86400"), now)).toBe(MAX_BATCH_BACKOFF_MS);
    expect(batchBackoffMs(answer(429, new Date(now + 3_600_000).toUTCString(), 7200), now)).toBe(5 * 60_000);
    expect(batchBackoffMs(answer(500, "30"), now)).toBeNull();
    expect(batchBackoffMs(answer(422, "30"), now)).toBeNull();
    expect(batchBackoffMs(new Error("network"), now)).toBeNull();
  });
});

import "server-only";
import { SYSTEM_ACTORS } from "@/lib/shared/schemas/activity";
import { payoutSettings } from "@/lib/server/config";
import {
  appendAudit,
  claimBatchRows,
  finishBatches,
  getLedger,
  listBatchFollowUps,
  listFinishedPausedBatches,
  listWorkBatches,
  pauseForCredential,
  returnUnsentRows,
  setBatchBackoff,
  type Ledger,
  type WorkBatch,
} from "@/lib/server/ledger";
import type { BatchPauseReason } from "@/lib/server/ledger/schema";
import { serverClock } from "@/lib/server/clock";
import { log } from "@/lib/server/log";
import { isPaymentsApiError, type Credential, type PaymentsClient } from "@/lib/server/payments-api/client";
import { parseRetryAfter } from "@/lib/server/payments-api/retry";
import { apiClientFor } from "@/lib/server/payments-api/for-credential";
import { backgroundCredentials } from "@/lib/server/services/payouts/background-credential";
import { payoutRequestHash } from "@/lib/server/services/payouts/issue";
import { pixKeyFingerprint } from "@/lib/server/services/payouts/key-fingerprint";
import { createPacer, type Pacer } from "@/lib/server/services/batches/pacer";
import { payoutPolicy, type PayoutPolicy } from "@/lib/server/services/payouts/policy";
import { refreshPayoutStatus } from "@/lib/server/services/payouts/refresher";
import { sendPayout } from "@/lib/server/services/payouts/sender";

export const BATCH_WORKER_ACTOR = { name: SYSTEM_ACTORS.batchWorker, role: "system" };

export interface BatchPassOptions {
  /** Rows sent at once by this pass (PAYOUT_BATCH_CONCURRENCY). */
  concurrency: number;
  /** At most this many rows claimed by this pass (so other batches and the follow-ups get their turn). */
  maxClaims?: number;
  policy?: PayoutPolicy;
  /** The client a credential sends with (tests may wrap it). */
  clientFor?: (credential: Credential) => PaymentsClient;
  /** Stops claiming new rows (rows already claimed are still sent). */
  signal?: AbortSignal;
  /** Spaces this worker's upstream requests (PAYOUT_BATCH_RATE_PER_SECOND); none: as fast as the lanes go. */
  pacer?: Pacer;
}

export interface BatchPassSummary {
  claimed: number;
  submitted: number;
  rejected: number;
  unknown: number;
  busy: number;
  backoffs: number;
  lookedUp: number;
  completed: number;
  /** Rows the API refused for the batch's credential (401): back to pending, their batch paused until a resume. */
  refused: number;
  /** Of those, rows whose batch was cancelled while they were being sent: closed as cancelled (nothing was made). */
  cancelled: number;
}

/** How long the whole batch waits at least after the API said "slow down" (also when it did not say for how long). */
const MIN_BACKOFF_MS = 1_000;
/** The longest the whole batch waits on one answer: a far-off Retry-After (or a wrong one) does not stall it for hours. */
export const MAX_BATCH_BACKOFF_MS = 5 * 60_000;

/**
 * A 429 or a 503 still failing after the client's own retries: the API asks for
 * less traffic. The whole batch then waits the longest of the answer's
 * Retry-After header (delta-seconds or an HTTP date, read against `now`), its
 * body's `details.retry_after_seconds` and 1 s, at most MAX_BATCH_BACKOFF_MS.
 * Null for any other failure.
 */
export function batchBackoffMs(error: unknown, now: number): number | null {
  if (!isPaymentsApiError(error) || (error.status !== 429 && error.status !== 503)) return null;
  const header = parseRetryAfter(error.retryAfter ?? undefined, now) ?? 0;
  const seconds = error.details?.retry_after_seconds;
  const body = typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
  return Math.min(Math.max(header, body, MIN_BACKOFF_MS), MAX_BATCH_BACKOFF_MS);
}

interface Active {
  batch: WorkBatch;
  api: PaymentsClient;
  credential: Credential;
}

/**
 * One pass of the batch worker, safe on any number of instances: claims rows of
 * sending batches a group at a time (each claim writes the rows' payout
 * intents, see claimBatchRows) and sends each with the single payout's sender,
 * under its lease and with its own key, `concurrency` at a time; then looks up
 * the pending payouts of the batches with nothing left to send (a batch still
 * sending keeps the rate for its sends), and completes the batches that are done
 * (sending or paused).
 */
export async function runBatchPass(ledger: Ledger, options: BatchPassOptions): Promise<BatchPassSummary> {
  const policy = options.policy ?? payoutPolicy();
  const clientFor = options.clientFor ?? ((credential: Credential) => apiClientFor(credential));
  const clock = serverClock();
  const summary: BatchPassSummary = {
    claimed: 0,
    submitted: 0,
    rejected: 0,
    unknown: 0,
    busy: 0,
    backoffs: 0,
    lookedUp: 0,
    completed: 0,
    refused: 0,
    cancelled: 0,
  };

  const active: Active[] = [];
  const credentialFor = backgroundCredentials(ledger);
  for (const batch of await listWorkBatches(ledger)) {
    const credential = await credentialFor(batch.businessId, batch.credentialSeal, clock.now());
    if (!credential) {
      // Its workspace holds no API key (and an older batch's seal, if any, ended): a person resumes it once one is stored.
      if (await pauseForCredential(ledger, batch, "credential_expired", BATCH_WORKER_ACTOR.name))
        await auditPause(ledger, batch, "credential_expired");
      continue;
    }
    active.push({ batch, api: clientFor(credential), credential });
  }

  const sendable = active.filter(
    ({ batch }) => batch.status === "sending" && (!batch.backoffUntil || batch.backoffUntil.getTime() <= clock.now()),
  );
  const stillSending = await sendRows(ledger, sendable, { ...options, policy }, summary);
  await followUp(
    ledger,
    active.filter((a) => !stillSending.includes(a)),
    options,
    policy,
    summary,
  );

  // The batches this pass worked on, and paused ones without a credential whose last rows ended elsewhere.
  const finishable = [...active.map((a) => a.batch.id), ...(await listFinishedPausedBatches(ledger))];
  for (const done of await finishBatches(ledger, finishable)) {
    summary.completed += 1;
    await auditBatch(ledger, done, "batch.completed", { status: "completed" });
  }
  return summary;
}

interface QueuedRow {
  from: Active;
  idempotencyKey: string;
}

/** Sends rows claimed a group at a time; returns the batches that may still have rows to claim. */
async function sendRows(
  ledger: Ledger,
  batches: Active[],
  options: BatchPassOptions & { policy: PayoutPolicy },
  summary: BatchPassSummary,
): Promise<Active[]> {
  const open = [...batches];
  // Batches the API told to slow down: their queued rows wait (a batch with nothing left to claim still sends its queue).
  const slowed = new Set<Active>();
  // Batches whose credential the API refused (401): nothing more of theirs is sent with it.
  const refused = new Set<Active>();
  const queue: QueuedRow[] = [];
  const lanes = Math.max(1, options.concurrency);
  const maxClaims = options.maxClaims ?? Number.POSITIVE_INFINITY;
  let turn = 0;
  let claiming: Promise<void> | null = null;
  const canClaim = () => open.length > 0 && summary.claimed < maxClaims && !options.signal?.aborted;

  // One group (up to one row per lane) from the next batch in turn; a batch with nothing left is dropped.
  const claimGroup = async () => {
    const current = open[turn++ % open.length] as Active;
    // No seal: the reconciler re-sends an unresolved row with its business's workspace credential.
    const actor = { name: current.batch.confirmedByName ?? BATCH_WORKER_ACTOR.name, role: "operator" };
    const claimed = await claimBatchRows(
      ledger,
      current.batch,
      Math.min(lanes, maxClaims - summary.claimed),
      (row) => ({
        requestHash: payoutRequestHash({
          amount_centavos: row.amountCentavos,
          pix_key_type: row.pixKeyType,
          pix_key: row.pixKey ?? "",
          idempotency_key: "",
        }),
        pixKeyFingerprint: pixKeyFingerprint(row.businessId, row.pixKeyType, row.pixKey ?? ""),
        actor,
      }),
    );
    if (claimed.length === 0) drop(open, current);
    summary.claimed += claimed.length;
    for (const row of claimed) queue.push({ from: current, idempotencyKey: row.idempotencyKey });
  };
  const refill = (): Promise<void> =>
    (claiming ??= claimGroup().finally(() => {
      claiming = null;
    }));

  const next = async (): Promise<QueuedRow | undefined> => {
    for (;;) {
      const row = queue.shift();
      // A batch told to slow down sends nothing more in this pass: its rows claimed but not sent
      // are unresolved intents, which the reconciler sends with their own keys (after RECONCILE_AFTER_MS).
      // A batch whose credential was refused sends nothing more either: its claimed rows went back to pending.
      if (row && (slowed.has(row.from) || refused.has(row.from))) continue;
      if (row) {
        // With more than one lane the next group is claimed while this one is sent, so the lanes do not wait for it.
        if (lanes > 1 && queue.length < lanes / 2 && claiming === null && canClaim())
          refill().catch((error: unknown) => log.error("batch_worker.claim_failed", { error }));
        return row;
      }
      if (claiming) await claiming.catch(() => undefined);
      else if (canClaim()) await refill();
      else return undefined;
    }
  };

  const lane = async () => {
    for (let queued = await next(); queued; queued = await next()) {
      const current = queued.from;
      await options.pacer?.take();
      const outcome = await sendPayout(
        {
          ledger,
          api: current.api,
          businessId: current.batch.businessId,
          actor: BATCH_WORKER_ACTOR,
          action: "payout.create",
          mayResolveReview: false,
          returnRefusedToBatch: true,
        },
        queued.idempotencyKey,
      ).catch((error: unknown) => {
        // Its intent went back to pending meanwhile (its batch's credential was refused): nothing to send.
        log.warn("batch_worker.send_skipped", { idempotencyKey: queued.idempotencyKey, error });
        return null;
      });
      if (outcome === null) continue;
      if (outcome.kind === "credential_refused") {
        summary.refused += 1;
        if (outcome.row === "cancelled") summary.cancelled += 1;
        if (!refused.has(current)) {
          refused.add(current);
          drop(open, current);
          await pauseRefused(ledger, current.batch);
        }
        continue;
      }
      if (outcome.kind === "submitted") summary.submitted += 1;
      else if (outcome.kind === "rejected") summary.rejected += 1;
      else if (outcome.kind === "busy") summary.busy += 1;
      else if (outcome.kind === "unknown") summary.unknown += 1;
      const now = serverClock().now();
      const wait =
        outcome.kind === "unknown" || outcome.kind === "rejected" ? batchBackoffMs(outcome.error, now) : null;
      if (wait !== null && !slowed.has(current)) {
        summary.backoffs += 1;
        slowed.add(current);
        drop(open, current);
        await setBatchBackoff(ledger, current.batch.id, new Date(now + wait));
      }
    }
  };
  await Promise.all(
    Array.from({ length: lanes }, () =>
      lane().catch((error: unknown) => log.error("batch_worker.lane_failed", { error })),
    ),
  );
  return open;
}

/**
 * The API refused the batch's credential (a key rotated or revoked): the batch pauses with that reason until a
 * person resumes it, once the workspace holds a key the API takes (only if nobody moved the batch since this pass
 * read it: a resume meanwhile stands), and its claimed rows not yet sent go back to their batch (returnUnsentRows,
 * whatever the pause did: pending for a resume, or for the next claim; closed if the batch was cancelled).
 */
async function pauseRefused(ledger: Ledger, batch: WorkBatch): Promise<void> {
  if (await pauseForCredential(ledger, batch, "credential_refused", BATCH_WORKER_ACTOR.name))
    await auditPause(ledger, batch, "credential_refused");
  await returnUnsentRows(ledger, batch);
}

function drop(list: Active[], item: Active): void {
  const index = list.indexOf(item);
  if (index >= 0) list.splice(index, 1);
}

/** Brings the batches' sent payouts to their final status (the refresher's look-up, with the workspace's credential). */
async function followUp(
  ledger: Ledger,
  batches: Active[],
  options: BatchPassOptions,
  policy: PayoutPolicy,
  summary: BatchPassSummary,
): Promise<void> {
  const { concurrency, pacer } = options;
  const checkedBefore = new Date(serverClock().now() - policy.refreshEveryMs);
  for (const { batch, credential } of batches) {
    const rows = await listBatchFollowUps(ledger, batch, { checkedBefore, limit: concurrency * 25 });
    const api = apiClientFor(credential, { maxAttempts: 1 });
    let next = 0;
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++];
        if (!row?.payoutId) continue;
        summary.lookedUp += 1;
        await pacer?.take();
        await refreshPayoutStatus(ledger, api, { ...row, businessId: batch.businessId, payoutId: row.payoutId }).catch(
          (error: unknown) => log.warn("batch_worker.status_lookup_failed", { payoutId: row.payoutId, error }),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane));
  }
}

function auditPause(ledger: Ledger, batch: { id: string; businessId: string }, reason: BatchPauseReason) {
  return auditBatch(ledger, batch, "batch.paused", { status: "paused", reason });
}

function auditBatch(
  ledger: Ledger,
  batch: { id: string; businessId: string },
  action: "batch.paused" | "batch.completed",
  after: Record<string, unknown>,
) {
  return appendAudit(ledger, {
    businessId: batch.businessId,
    actor: BATCH_WORKER_ACTOR,
    action,
    targetType: "payout_batch",
    targetId: batch.id,
    outcome: "success",
    after,
  });
}

const globalForWorker = globalThis as typeof globalThis & {
  __pixopsBatchWorker?: { timer: NodeJS.Timeout; wake: () => void };
};

/** Runs the batch worker now and every PAYOUT_BATCH_INTERVAL_MS in this process (with the reconciler: RECONCILER=on). */
export function startBatchWorker(): void {
  if (globalForWorker.__pixopsBatchWorker) return;
  const settings = payoutSettings();
  const concurrency = settings.PAYOUT_BATCH_CONCURRENCY;
  // One pace for every pass of this instance: the API's limit is per credential and per second, not per pass.
  const pacer = createPacer(settings.PAYOUT_BATCH_RATE_PER_SECOND, serverClock());
  let running = false;
  let again = false;
  const tick = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      const summary = await runBatchPass(await getLedger(), { concurrency, maxClaims: concurrency * 50, pacer });
      // A full pass means more is waiting: go on at once instead of waiting for the interval.
      again ||= summary.claimed >= concurrency * 50;
      if (summary.claimed > 0 || summary.completed > 0) log.info("batch_worker.pass", { summary });
    } catch (error) {
      log.error("batch_worker.pass_failed", { error });
    } finally {
      running = false;
      if (again) {
        again = false;
        setImmediate(() => void tick());
      }
    }
  };
  const timer = setInterval(() => void tick(), settings.PAYOUT_BATCH_INTERVAL_MS);
  timer.unref();
  globalForWorker.__pixopsBatchWorker = { timer, wake: () => void tick() };
  void tick();
}

/** A batch was confirmed or resumed here: start on it now rather than at the next interval. */
export function wakeBatchWorker(): void {
  globalForWorker.__pixopsBatchWorker?.wake();
}

export function stopBatchWorker(): void {
  clearInterval(globalForWorker.__pixopsBatchWorker?.timer);
  globalForWorker.__pixopsBatchWorker = undefined;
}

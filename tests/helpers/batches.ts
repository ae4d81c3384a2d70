/**
 * Shared pieces of the batch payout tests: rows, creating and confirming a batch
 * through the routes, and running the worker until a batch is done.
 */
import * as batches from "@/app/api/payout-batches/route";
import * as batchOne from "@/app/api/payout-batches/[id]/route";
import * as confirm from "@/app/api/payout-batches/[id]/confirm/route";
import * as rowsRoute from "@/app/api/payout-batches/[id]/rows/route";
import { getLedger } from "@/lib/server/ledger";
import { runBatchPass, type BatchPassOptions, type BatchPassSummary } from "@/lib/server/services/batches/worker";
import type { Batch, BatchRow, BatchRowInput } from "@/lib/shared/schemas/payout-batches";
import { apiClientFor } from "@/lib/server/payments-api/for-credential";
import { PaymentsApiError, type Credential, type PaymentsClient } from "@/lib/server/payments-api/client";
import { call, newKey, type BffHarness } from "./bff";

/** `count` rows paying `prefix<i>@example.com`; rows listed in `unknownKeys` pay a key DICT does not know (they fail). */
export function batchRows(
  count: number,
  options: { prefix?: string; amount?: number; unknownKeys?: readonly number[] } = {},
): BatchRowInput[] {
  const prefix = options.prefix ?? "row";
  return Array.from({ length: count }, (_, i) => {
    const rowNumber = i + 2;
    const key = options.unknownKeys?.includes(rowNumber) ? "naoexiste@example.com" : `${prefix}${i}@example.com`;
    const amount = (options.amount ?? 1_000) + i;
    return {
      row_number: rowNumber,
      pix_key: key,
      key_type: "email",
      amount_centavos: amount,
      name: `Name ${i}`,
      original: { chave: key, valor: (amount / 100).toFixed(2).replace(".", ","), nome: `Name ${i}` },
    };
  });
}

export async function createBatch(cookie: string, rows: BatchRowInput[], key = newKey("batch")): Promise<Batch> {
  const result = await call(batches.POST, "/api/payout-batches", {
    method: "POST",
    cookie,
    idempotencyKey: key,
    body: { file_name: "lista.csv", rows },
  });
  if (result.status !== 201) throw new Error(`batch creation failed: ${result.status} ${result.text}`);
  return result.json.data as Batch;
}

export async function confirmBatch(cookie: string, batch: Batch): Promise<Batch> {
  const result = await call(confirm.POST, `/api/payout-batches/${batch.id}/confirm`, {
    method: "POST",
    cookie,
    params: { id: batch.id },
    body: { typed_total_centavos: batch.total_centavos },
  });
  if (result.status !== 200) throw new Error(`confirm failed: ${result.status} ${result.text}`);
  return result.json.data as Batch;
}

export async function readBatch(cookie: string, id: string): Promise<Batch> {
  return (await call(batchOne.GET, `/api/payout-batches/${id}`, { cookie, params: { id } })).json.data as Batch;
}

export async function readRows(cookie: string, id: string): Promise<BatchRow[]> {
  return (
    (await call(rowsRoute.GET, `/api/payout-batches/${id}/rows`, { cookie, params: { id } })).json.data as {
      rows: BatchRow[];
    }
  ).rows;
}

/**
 * Runs worker passes, moving the test clock past settlement and the look-up
 * interval between them, until the batch leaves sending (or `maxPasses`).
 */
export async function runUntilDone(
  harness: BffHarness,
  cookie: string,
  id: string,
  options: Partial<BatchPassOptions> & { maxPasses?: number } = {},
): Promise<{ batch: Batch; passes: BatchPassSummary[] }> {
  const passes: BatchPassSummary[] = [];
  const ledger = await getLedger();
  for (let pass = 0; pass < (options.maxPasses ?? 60); pass++) {
    passes.push(await runBatchPass(ledger, { concurrency: 4, ...options }));
    const batch = await readBatch(cookie, id);
    if (batch.status !== "sending") return { batch, passes };
    await harness.clock.skip(1_000);
  }
  return { batch: await readBatch(cookie, id), passes };
}

/** Upstream payouts per idempotency key, for the keys of one batch. */
export async function upstreamByKey(harness: BffHarness, batchId: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const payout of await harness.sandbox.payouts()) {
    if (!payout.idempotency_key.startsWith(`batch-${batchId}-`)) continue;
    counts.set(payout.idempotency_key, (counts.get(payout.idempotency_key) ?? 0) + 1);
  }
  return counts;
}

/**
 * A worker's `clientFor` whose first payout send runs `inFlight` (what happens while that send is on the wire),
 * then is refused with a 401 as a rotated or revoked key is (nothing made); every later send reaches the sandbox.
 */
export function firstSendRefused(inFlight: () => Promise<void>): (credential: Credential) => PaymentsClient {
  let first = true;
  return (credential) => {
    const api = apiClientFor(credential);
    return {
      ...api,
      createPayout: async (body) => {
        if (!first) return api.createPayout(body);
        first = false;
        await inFlight();
        throw new PaymentsApiError({
          kind: "http",
          status: 401,
          code: "invalid_credentials",
          message: "The API key is not valid.",
          details: {},
          attempts: 1,
          retryable: false,
        });
      },
    };
  };
}

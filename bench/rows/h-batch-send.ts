/**
 * Row i: a 5,000-row batch sent by the server's own batch worker against a
 * sandbox WITH its default rate limit (100 requests/s per credential, burst
 * 200), unlike the other rows' throttle-off sandbox. Per run: a fresh sandbox
 * and a fresh server (PGlite ledger, default batch settings), the batch created
 * and confirmed through the BFF as the browser does, then its progress read
 * (every second, the progress page every two; every 100 ms near the end) until
 * no row is pending or being sent. Rows/s = rows ÷ (last answer − confirm);
 * the ratio is that over the rate limit's 100/s (docs/performance.md, "Batch send").
 */
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import path from "node:path";
import { repeat, samplesOf, type BenchContext, type Row } from "../lib/context";
import type { Measurement } from "../lib/measurement";
import { AppServer, SandboxServer } from "../lib/servers";

const ROWS = 5_000;
const RATE_LIMIT_PER_SECOND = 100;
// About as often as the progress page polls (BATCH_LIVE_REFRESH_MS, 2 s); closer together at the end, where the finish is timed.
const POLL_MS = 1_000;
const POLL_NEAR_END_MS = 100;
const NEAR_END_ROWS = 150;
const GIVE_UP_MS = 10 * 60_000;
const WHY = "[how](performance.md#batch-send)";

interface Counts {
  pending: number;
  sending: number;
  sent: number;
  paid: number;
  failed: number;
  needs_review: number;
}
interface BatchReply {
  id: string;
  total_centavos: number;
  status: string;
  counts: Counts;
}

export function batchRows(): unknown[] {
  return Array.from({ length: ROWS }, (_, i) => {
    const key = `fornecedor${i}@example.com`;
    const amount = 1_000 + (i % 500);
    return {
      row_number: i + 2,
      pix_key: key,
      key_type: "email",
      amount_centavos: amount,
      name: `Fornecedor ${i}`,
      original: { chave: key, valor: String(amount / 100) },
    };
  });
}

export async function api<T>(
  app: AppServer,
  cookie: string,
  route: string,
  init: { method?: string; body?: unknown; key?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = {
    cookie,
    origin: app.url,
    "x-requested-by": "dashboard",
    "content-type": "application/json",
  };
  if (init.key) headers["idempotency-key"] = init.key;
  const res = await fetch(`${app.url}${route}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${route} answered ${res.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { data: T }).data;
}

async function sendOnce(
  ctx: BenchContext,
  run: number,
  databaseUrl: string | undefined,
): Promise<Record<string, number>> {
  const sandbox = new SandboxServer(
    ctx.sandbox.port + 1,
    path.join(ctx.workDir, `sandbox-limited-${databaseUrl ? "pg" : "pglite"}-${run}`),
    "default",
  );
  const app = new AppServer(ctx.app.port, sandbox.url, ctx.workDir);
  try {
    await sandbox.ensure();
    await app.ensure({ databaseUrl });
    const cookie = await app.cookie();
    const created = await api<BatchReply>(app, cookie, "/api/payout-batches", {
      method: "POST",
      key: `bench-${randomUUID()}`,
      body: { file_name: "lote.csv", rows: batchRows() },
    });
    const confirmedAt = performance.now();
    await api<BatchReply>(app, cookie, `/api/payout-batches/${created.id}/confirm`, {
      method: "POST",
      body: { typed_total_centavos: created.total_centavos },
    });
    for (;;) {
      const batch = await api<BatchReply>(app, cookie, `/api/payout-batches/${created.id}`);
      const { pending, sending, sent, paid, failed, needs_review } = batch.counts;
      if (pending + sending === 0) {
        const seconds = (performance.now() - confirmedAt) / 1000;
        const rowsPerSecond = ROWS / seconds;
        ctx.log(
          `  run ${run + 1}: ${ROWS} rows answered in ${seconds.toFixed(1)} s = ${rowsPerSecond.toFixed(1)} rows/s (sent ${sent}, paid ${paid}, failed ${failed}, needs review ${needs_review})`,
        );
        if (needs_review > 0) throw new Error(`${needs_review} rows need review: the batch did not go through cleanly`);
        return { rowsPerSecond, ratio: rowsPerSecond / RATE_LIMIT_PER_SECOND, seconds };
      }
      if (performance.now() - confirmedAt > GIVE_UP_MS)
        throw new Error(`batch still sending after ${GIVE_UP_MS / 60_000} min: ${JSON.stringify(batch.counts)}`);
      await sleep(pending + sending <= NEAR_END_ROWS ? POLL_NEAR_END_MS : POLL_MS);
    }
  } finally {
    await app.stop();
    await sandbox.stop();
  }
}

function measurements(ledger: string, results: Map<string, number[]>): Measurement[] {
  const batch = `${ROWS.toLocaleString("en-US")}-row batch send`;
  return [
    {
      name: `i. ${batch} ÷ the sandbox's rate limit (${RATE_LIMIT_PER_SECOND} requests/s), ${ledger}`,
      unit: "×",
      samples: samplesOf(results, "ratio"),
      goal: { better: "higher", target: 0.9 },
      note: WHY,
    },
    {
      name: `i. ${batch}, rows answered per second, ${ledger}`,
      unit: "rows/s",
      samples: samplesOf(results, "rowsPerSecond"),
    },
  ];
}

export const batchSendRow: Row = {
  id: "i",
  title: `a ${ROWS.toLocaleString("en-US")}-row batch sent against the sandbox's default rate limit`,
  async run(ctx) {
    // This row's server and sandbox take the shared ones' ports (the app's) or the next one (the sandbox's).
    await ctx.app.stop();
    const out = measurements("PGlite", await repeat(ctx.runs, (run) => sendOnce(ctx, run, undefined)));
    // The same on PostgreSQL (the ledger the README recommends beyond one instance): the worker's ledger work leaves the server's thread.
    // A fresh database per run, as each PGlite run has a fresh folder: an earlier run's batch, its payouts unknown to
    // this run's fresh sandbox, would still be followed up (with the workspace's stored key) and share the pace.
    // BENCH_DATABASE_URL names one database for all the runs, so there that effect comes back.
    try {
      const runs = await repeat(ctx.runs, async (run) => {
        try {
          return await sendOnce(ctx, run, await ctx.postgres.start());
        } finally {
          await ctx.postgres.stop();
        }
      });
      out.push(...measurements("PostgreSQL", runs));
    } catch (error) {
      ctx.log(`  PostgreSQL part not measured: ${error instanceof Error ? error.message : String(error)}`);
      out.push({
        name: "i. batch send on PostgreSQL",
        unit: "×",
        samples: [],
        note: `not measured: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
      });
    } finally {
      await ctx.postgres.stop();
    }
    return out;
  },
};

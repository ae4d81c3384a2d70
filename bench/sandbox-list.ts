/**
 * Throughput of GET /v1/payment-links on the sandbox vs a trivial node:http server
 * returning the same JSON bytes, both over keep-alive with concurrency 16.
 *   npx tsx bench/sandbox-list.ts [requests=5000]
 * Bounded: after a warm-up, ROUNDS alternating rounds of `requests` per target;
 * the median round (by req/s) of each target is reported, then everything is closed.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Agent, request } from "undici";
import { ACME } from "../sandbox/businesses";
import { startSandbox } from "../sandbox/server";

const CONCURRENCY = 16;
const WARMUP = 2000;
const ROUNDS = 3;
const API_KEY = ACME.apiKey;

interface Result {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

async function run(url: string, total: number): Promise<Result> {
  const agent = new Agent({ connections: CONCURRENCY, keepAliveTimeout: 30_000 });
  const latencies: number[] = [];
  let issued = 0;
  let errors = 0;
  const worker = async () => {
    while (issued < total) {
      issued++;
      const t0 = performance.now();
      try {
        const res = await request(url, { dispatcher: agent, headers: { "x-api-key": API_KEY } });
        await res.body.arrayBuffer();
        if (res.statusCode !== 200) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - start) / 1000;
  await agent.close();
  latencies.sort((a, b) => a - b);
  return {
    requests: total,
    seconds,
    rps: total / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}

function median(results: Result[]): Result {
  const sorted = [...results].sort((x, y) => x.rps - y.rps);
  const mid = sorted[Math.floor(sorted.length / 2)];
  if (!mid) throw new Error("no results");
  return { ...mid, errors: results.reduce((n, r) => n + r.errors, 0) };
}

function startBaseline(body: Buffer): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(200, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": body.length,
      "X-Request-Id": "req_baseline00000000000",
    });
    res.end(body);
  });
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

function line(name: string, r: Result): string {
  return `${name.padEnd(9)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(2).padStart(6)} ms   p99 ${r.p99.toFixed(2).padStart(6)} ms   (${r.requests} requests in ${r.seconds.toFixed(2)} s; errors in all rounds: ${r.errors})`;
}

async function main(): Promise<void> {
  const total = Number(process.argv[2] ?? process.env.BENCH_REQUESTS ?? 5000);
  if (!Number.isInteger(total) || total <= 0) throw new Error("requests must be a positive integer");

  const sandbox = await startSandbox({ port: 0, dataDir: null, rateLimit: null, faults: [], log: false });
  const sandboxUrl = `${sandbox.url}/v1/payment-links`;
  const sample = await request(sandboxUrl, { headers: { "x-api-key": API_KEY } });
  const body = Buffer.from(await sample.body.arrayBuffer());
  const baseline = await startBaseline(body);
  const baselineUrl = `http://127.0.0.1:${(baseline.address() as AddressInfo).port}/v1/payment-links`;

  try {
    await run(sandboxUrl, WARMUP);
    await run(baselineUrl, WARMUP);
    const sandboxRounds: Result[] = [];
    const baselineRounds: Result[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      sandboxRounds.push(await run(sandboxUrl, total));
      baselineRounds.push(await run(baselineUrl, total));
    }
    const s = median(sandboxRounds);
    const b = median(baselineRounds);
    process.stdout.write(
      `GET /v1/payment-links, ${body.length} bytes, keep-alive, concurrency ${CONCURRENCY}, median of ${ROUNDS} rounds, node ${process.version}\n`,
    );
    process.stdout.write(`${line("sandbox", s)}\n${line("baseline", b)}\n`);
    process.stdout.write(
      `ratio sandbox/baseline: ${(s.rps / b.rps).toFixed(2)} (throughput), p50 ${(s.p50 / b.p50).toFixed(2)}x\n`,
    );
    if (s.errors > 0 || b.errors > 0) process.exitCode = 1;
  } finally {
    await sandbox.close();
    baseline.closeAllConnections();
    await new Promise<void>((resolve) => baseline.close(() => resolve()));
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

/** HTTP load: autocannon for throughput, a sequential undici loop for latency at c=1. */
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { Agent, request } from "undici";
import { percentile } from "./stats";

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  method?: "GET" | "POST";
  body?: string;
  /** A fresh Idempotency-Key on every request (payouts). */
  uniqueIdempotencyKey?: boolean;
}

export interface LoadResult {
  /** Successful (2xx) responses per second. */
  rps: number;
  p50Ms: number;
  non2xx: number;
  errors: number;
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    method: options.method ?? "GET",
    headers: options.headers,
    body: options.body,
    timeout: 30,
    requests: options.uniqueIdempotencyKey
      ? [
          {
            setupRequest: (req) => ({
              ...req,
              headers: { ...req.headers, "idempotency-key": `bench-${randomUUID()}` },
            }),
          },
        ]
      : undefined,
  });
  const ok = result["2xx"];
  const total = ok + result.non2xx + result.errors;
  if (total === 0 || ok / total < 0.99) {
    throw new Error(
      `${options.method ?? "GET"} ${options.url}: only ${ok} of ${total} responses were 2xx (non-2xx ${result.non2xx}, errors ${result.errors})`,
    );
  }
  return { rps: ok / result.duration, p50Ms: result.latency.p50, non2xx: result.non2xx, errors: result.errors };
}

/** p50 latency (ms) of `count` sequential GETs over one keep-alive connection. */
export async function sequentialP50(url: string, headers: Record<string, string>, count: number): Promise<number> {
  const agent = new Agent({ connections: 1, keepAliveTimeout: 30_000 });
  const latencies: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      const res = await request(url, { dispatcher: agent, headers, headersTimeout: 30_000, bodyTimeout: 30_000 });
      await res.body.arrayBuffer();
      latencies.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`GET ${url} answered ${res.statusCode}`);
    }
  } finally {
    await agent.close();
  }
  return percentile(
    latencies.sort((a, b) => a - b),
    50,
  );
}

/**
 * Loads several targets in alternating slices (A B C A B C …), so a change in the
 * machine's load during the run weighs on each alike; the mean req/s of each target.
 */
export async function loadInterleaved(
  targets: readonly Omit<LoadOptions, "seconds">[],
  slices: number,
  secondsPerSlice: number,
): Promise<number[]> {
  const totals = targets.map(() => 0);
  for (let slice = 0; slice < slices; slice++) {
    for (const [i, target] of targets.entries())
      totals[i] = (totals[i] ?? 0) + (await load({ ...target, seconds: secondsPerSlice })).rps;
  }
  return totals.map((total) => total / slices);
}

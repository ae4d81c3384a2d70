/**
 * `npm run bench`: the benchmark suite of the performance goals. Builds the app, starts the sandbox and
 * the production server on ports of their own, runs every row (bench/rows/), and
 * writes docs/benchmarks.md and bench/results.json (a full run only), printing the same.
 * Ports: BENCH_APP_PORT (3300), BENCH_SANDBOX_PORT (4310), BENCH_PG_PORT (5441).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseBenchArgs } from "./lib/args";
import { locateChromium } from "./lib/browser";
import type { BenchContext, Row } from "./lib/context";
import { renderDoc } from "./lib/doc";
import { describeMachine } from "./lib/machine";
import { toLine, type ReportLine } from "./lib/measurement";
import { killAll, runToEnd } from "./lib/processes";
import { consoleLines } from "./lib/report";
import { AppServer, NEXT_BIN, Postgres, SandboxServer } from "./lib/servers";
import { throughputRow } from "./rows/a-throughput";
import { addedLatencyRow } from "./rows/b-added-latency";
import { firstLoadJsRow } from "./rows/c-first-load-js";
import { lighthouseRow } from "./rows/d-lighthouse";
import { bigListsRow } from "./rows/e-big-lists";
import { memoryStartupRow } from "./rows/f-memory-startup";
import { payoutsRow } from "./rows/g-payouts";
import { batchParseRow } from "./rows/h-batch-parse";
import { batchSendRow } from "./rows/h-batch-send";
import { devServerRow } from "./rows/j-dev-server";
import { insightsRow } from "./rows/k-insights";

const ROWS: readonly Row[] = [
  throughputRow,
  addedLatencyRow,
  firstLoadJsRow,
  lighthouseRow,
  memoryStartupRow,
  payoutsRow,
  bigListsRow,
  batchParseRow,
  batchSendRow,
  devServerRow,
  insightsRow,
];
/** No row may take longer than this; past it, it is reported as not measured. */
const ROW_TIMEOUT_MS = 20 * 60_000;

const port = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0 || value > 65535) throw new Error(`${name} must be a port number`);
  return value;
};

const say = (line: string) => process.stdout.write(`${line}\n`);

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 60_000} min`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function runRow(row: Row, ctx: BenchContext): Promise<ReportLine[]> {
  say(`\n[${row.id}] ${row.title}`);
  const started = performance.now();
  try {
    const measurements = await withTimeout(row.run(ctx), ROW_TIMEOUT_MS, `row ${row.id}`);
    say(`[${row.id}] done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    return measurements.map((m) =>
      m.samples.length === 0 ? { name: m.name, failure: m.note ?? "no samples" } : toLine(m),
    );
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
    say(`[${row.id}] FAILED: ${error instanceof Error ? error.message : String(error)}`);
    // A failed row may leave a server half-started: the next row starts clean.
    await ctx.app.stop().catch(() => undefined);
    return [{ name: `${row.id}. ${row.title}`, failure: message }];
  }
}

async function main(): Promise<void> {
  const args = parseBenchArgs(process.argv.slice(2));
  const rows = ROWS.filter((row) => args.only === null || args.only.has(row.id));
  if (rows.length === 0) throw new Error(`no such row; rows are ${ROWS.map((r) => r.id).join(", ")}`);
  const chromium = locateChromium();
  const machine = describeMachine("path" in chromium ? chromium.path : null, args.runs);
  say(
    `bench: ${machine.date}, ${machine.cpu} × ${machine.cores}, load ${machine.loadAverage.map((n) => n.toFixed(2)).join(" ")}, node ${machine.node}, next ${machine.next}`,
  );

  if (args.build) {
    say("building the app (next build)…");
    await runToEnd(
      process.execPath,
      [NEXT_BIN, "build"],
      { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
      30 * 60_000,
    );
  }

  const workDir = mkdtempSync(path.join(tmpdir(), "pixops-bench-"));
  const sandbox = new SandboxServer(port("BENCH_SANDBOX_PORT", 4310), path.join(workDir, "sandbox"));
  const app = new AppServer(port("BENCH_APP_PORT", 3300), sandbox.url, workDir);
  const postgres = new Postgres(port("BENCH_PG_PORT", 5441));
  const ctx: BenchContext = { app, sandbox, postgres, runs: args.runs, chromium, workDir, log: say };
  const lines: ReportLine[] = [];
  try {
    for (const row of rows) lines.push(...(await runRow(row, ctx)));
  } finally {
    await app.stop().catch(() => undefined);
    await sandbox.stop().catch(() => undefined);
    await postgres.stop().catch(() => undefined);
    killAll();
    rmSync(workDir, { recursive: true, force: true });
  }

  say("\nResults");
  for (const line of consoleLines(lines)) say(line);
  if (args.only === null) {
    writeFileSync("docs/benchmarks.md", renderDoc(machine, lines));
    writeFileSync("bench/results.json", `${JSON.stringify({ machine, results: lines }, null, 2)}\n`);
    say("\nwrote docs/benchmarks.md and bench/results.json");
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    killAll();
    process.exit(130);
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
  killAll();
  process.exit(1);
});

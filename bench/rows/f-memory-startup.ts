/**
 * Row f: RSS of the Next.js server (the process and its children) at idle after
 * start and at its peak under row a's load; `npm start` (the launcher, with the
 * ledger's migrations on a fresh data folder) to its first 200.
 */
import path from "node:path";
import { repeat, samplesOf, type BenchContext, type Row } from "../lib/context";
import { spawnTracked, treeRss, waitForHttp } from "../lib/processes";
import { TSX_CLI } from "../lib/servers";
import { throughputRun } from "./a-throughput";

const MB = 1024 * 1024;
const IDLE_SETTLE_MS = 5_000;
const SAMPLE_EVERY_MS = 100;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function memoryRun(ctx: BenchContext): Promise<Record<string, number>> {
  await ctx.app.stop();
  await ctx.app.ensure();
  await ctx.app.cookie();
  await pause(IDLE_SETTLE_MS);
  const idle = ctx.app.rss();
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, ctx.app.rss());
  }, SAMPLE_EVERY_MS);
  try {
    await throughputRun(ctx);
  } finally {
    clearInterval(sampler);
  }
  return { idle: idle / MB, peak: Math.max(peak, ctx.app.rss()) / MB };
}

/** `npm start`'s launcher on the app's port, reusing the bench's sandbox (SANDBOX_PORT), fresh ledger. */
async function startupRun(ctx: BenchContext): Promise<Record<string, number>> {
  await ctx.app.stop();
  const dataDir = ctx.app.freshDataDir();
  // Without NODE_ENV, as `npm start` is run: Next.js sets it.
  const env = { ...ctx.app.environment(dataDir), SANDBOX_PORT: String(ctx.sandbox.port), NODE_ENV: undefined };
  const started = performance.now();
  const launcher = spawnTracked(
    process.execPath,
    [TSX_CLI, path.join("scripts", "launch.ts"), "start", "-p", String(ctx.app.port), "-H", "127.0.0.1"],
    env,
  );
  try {
    const alive = () => launcher.child.exitCode === null;
    await waitForHttp(`${ctx.app.url}/api/health`, 120_000, alive);
    const firstOk = performance.now() - started;
    await waitForHttp(`${ctx.app.url}/login`, 60_000, alive);
    const login = performance.now() - started;
    const rss = launcher.child.pid === undefined ? 0 : treeRss(launcher.child.pid) / MB;
    return { firstOk, login, launcherRss: rss };
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${launcher.tail()}`);
  } finally {
    await launcher.stop();
  }
}

export const memoryStartupRow: Row = {
  id: "f",
  title: "server memory and start-up",
  async run(ctx) {
    await ctx.sandbox.ensure();
    const memory = await repeat(ctx.runs, async (i) => {
      const r = await memoryRun(ctx);
      ctx.log(`  run ${i + 1}: RSS idle ${r.idle?.toFixed(0)} MB, peak under load ${r.peak?.toFixed(0)} MB`);
      return r;
    });
    const startup = await repeat(ctx.runs, async (i) => {
      const r = await startupRun(ctx);
      ctx.log(
        `  run ${i + 1}: npm start → first 200 in ${r.firstOk?.toFixed(0)} ms, sign-in page ${r.login?.toFixed(0)} ms`,
      );
      return r;
    });
    return [
      {
        name: "f. server RSS at peak under row a's load",
        unit: "MB",
        samples: samplesOf(memory, "peak"),
        goal: { better: "lower", target: 300 },
      },
      { name: "f. server RSS at idle after start and sign-in", unit: "MB", samples: samplesOf(memory, "idle") },
      {
        name: "f. npm start (launcher, migrations, fresh ledger) → first 200 (GET /api/health)",
        unit: "ms",
        samples: samplesOf(startup, "firstOk"),
      },
      { name: "f. npm start → sign-in page 200 (GET /login)", unit: "ms", samples: samplesOf(startup, "login") },
      {
        name: "f. npm start: RSS of the launcher, Next.js server and embedded sandbox",
        unit: "MB",
        samples: samplesOf(startup, "launcherRss"),
        note: "the bench's sandbox is reused, so this is launcher + server",
      },
    ];
  },
};

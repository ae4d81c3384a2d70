/**
 * Row j: a newcomer's first `npm run dev`. The launcher in development mode, starting and seeding its own sandbox,
 * with a cold Turbopack cache, from spawn to the sign-in page's first 200, against the framework's own floor measured in the
 * same run: `next dev` of an empty App Router app (one layout, one page) in a folder of the project, so both use
 * the same Next.js, node_modules and machine. Also what each prints by then, and after a few pages: a healthy
 * app's development log is quiet (no repeated warnings).
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { repeat, samplesOf, type BenchContext, type Row } from "../lib/context";
import { spawnTracked, waitForHttp, type ChildEnv } from "../lib/processes";
import { closedPort } from "../../tests/helpers/ports";
import { NEXT_BIN, TSX_CLI } from "../lib/servers";

/** Inside the project (git-ignored), so Turbopack finds the project's lockfile and node_modules as the app does. */
const EMPTY_APP = ".bench-empty-app";
const DEV_CACHE = path.join(".next", "dev");
const FIRST_PAGE_TIMEOUT_MS = 10 * 60_000;
/** Pages visited after the first, to see whether compiling them floods the log. */
const MORE_PAGES = ["/login", "/api/health", "/setup"];

function writeEmptyApp(): void {
  rmSync(EMPTY_APP, { recursive: true, force: true });
  mkdirSync(path.join(EMPTY_APP, "app"), { recursive: true });
  writeFileSync(
    path.join(EMPTY_APP, "app", "layout.jsx"),
    'export default function Layout({ children }) {\n  return <html lang="en"><body>{children}</body></html>;\n}\n',
  );
  writeFileSync(
    path.join(EMPTY_APP, "app", "page.jsx"),
    "export default function Page() {\n  return <p>empty</p>;\n}\n",
  );
}

interface DevRun {
  firstPageMs: number;
  logLines: number;
  warningLines: number;
}

/** Spawns a dev server, times spawn → first 200 at `firstUrl`, then visits `more` and counts what it printed. */
async function devRun(command: string[], env: ChildEnv, firstUrl: string, more: readonly string[]): Promise<DevRun> {
  const started = performance.now();
  const [bin, ...args] = command;
  if (!bin) throw new Error("no command");
  const server = spawnTracked(bin, args, env);
  let logLines = 0;
  let warningLines = 0;
  const count = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (!line.trim()) continue;
      logLines++;
      if (/warn|error/i.test(line)) warningLines++;
    }
  };
  server.child.stdout?.on("data", count);
  server.child.stderr?.on("data", count);
  try {
    const alive = () => server.child.exitCode === null;
    await waitForHttp(firstUrl, FIRST_PAGE_TIMEOUT_MS, alive);
    const firstPageMs = performance.now() - started;
    const origin = new URL(firstUrl).origin;
    for (const page of more) await waitForHttp(`${origin}${page}`, FIRST_PAGE_TIMEOUT_MS, alive);
    return { firstPageMs, logLines, warningLines };
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${server.tail()}`);
  } finally {
    await server.stop();
  }
}

async function emptyAppRun(ctx: BenchContext): Promise<DevRun> {
  writeEmptyApp();
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, NEXT_TELEMETRY_DISABLED: "1" };
  try {
    const port = String(ctx.app.port);
    return await devRun(
      [process.execPath, NEXT_BIN, "dev", EMPTY_APP, "-p", port, "-H", "127.0.0.1"],
      env,
      `${ctx.app.url}/`,
      [],
    );
  } finally {
    rmSync(EMPTY_APP, { recursive: true, force: true });
  }
}

async function appRun(ctx: BenchContext): Promise<DevRun> {
  await ctx.app.stop();
  rmSync(DEV_CACHE, { recursive: true, force: true });
  const dataDir = ctx.app.freshDataDir();
  // As a newcomer runs it: no NODE_ENV (Next.js sets it) and no sandbox yet, so the launcher starts and seeds its own
  // (on a port of its own, in the fresh data folder) beside Next.js.
  const { SANDBOX_URL: _benchSandbox, ...appEnv } = ctx.app.environment(dataDir);
  const env = { ...appEnv, SANDBOX_PORT: String(await closedPort()), NODE_ENV: undefined };
  const port = String(ctx.app.port);
  return devRun(
    [process.execPath, TSX_CLI, path.join("scripts", "launch.ts"), "dev", "-p", port, "-H", "127.0.0.1"],
    env,
    `${ctx.app.url}/login`,
    MORE_PAGES,
  );
}

export const devServerRow: Row = {
  id: "j",
  title: "development server: first page against an empty Next.js app",
  async run(ctx) {
    await ctx.sandbox.ensure();
    const runs = await repeat(ctx.runs, async (i) => {
      const empty = await emptyAppRun(ctx);
      const app = await appRun(ctx);
      ctx.log(
        `  run ${i + 1}: empty app ${empty.firstPageMs.toFixed(0)} ms, dashboard ${app.firstPageMs.toFixed(0)} ms; ` +
          `dashboard log ${app.logLines} lines, ${app.warningLines} with warn/error`,
      );
      return {
        empty: empty.firstPageMs,
        app: app.firstPageMs,
        ratio: app.firstPageMs / empty.firstPageMs,
        lines: app.logLines,
        warnings: app.warningLines,
      };
    });
    return [
      {
        name: "j. npm run dev (cold cache) → sign-in page 200",
        unit: "ms",
        samples: samplesOf(runs, "app"),
      },
      {
        name: "j. next dev of an empty App Router app (cold) → first page 200",
        unit: "ms",
        samples: samplesOf(runs, "empty"),
        note: "the framework's own floor on this machine, same run",
      },
      {
        name: "j. npm run dev first page ÷ empty app's",
        unit: "×",
        samples: samplesOf(runs, "ratio"),
        note: "the dashboard compiles its proxy, instrumentation and the sign-in page's graph",
      },
      {
        name: "j. npm run dev: log lines with warn/error after the first pages",
        unit: "",
        samples: samplesOf(runs, "warnings"),
        goal: { better: "lower", target: 0 },
      },
    ];
  },
};

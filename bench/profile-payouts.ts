/**
 * Where POST /api/payouts's time goes (row g's write path).
 *   NEXT_TELEMETRY_DISABLED=1 npx next build        (once)
 *   npx tsx bench/profile-payouts.ts [--port 3900] [--sandbox-port 4910] [--pg-port 5449] [--count 20] [--seconds 8] [--cpu-prof DIR] [--no-count]
 *
 * 1. Ledger statements per payout: the app on a throwaway PostgreSQL with
 *    log_statement=all; `--count` payouts one after another (fresh Idempotency-Key each);
 *    the statements logged meanwhile, per payout and grouped by their first words.
 * 2. With --cpu-prof: the app on the embedded PGlite under `node --cpu-prof`, autocannon
 *    c=10 POST /api/payouts for `--seconds`; the profile's summary (bench/profile-summary.ts).
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { load } from "./lib/http-load";
import { killAll, runScript, spawnTracked, waitForHttp } from "./lib/processes";
import { AppServer, NEXT_BIN, Postgres, SandboxServer, signIn } from "./lib/servers";
import { summariseProfile } from "./profile-summary";

function flag(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

const PORT = Number(flag("port", "3900"));
const COUNT = Number(flag("count", "20"));
const SECONDS = Number(flag("seconds", "8"));
const PROFILE_DIR = process.argv.includes("--cpu-prof") ? path.resolve(flag("cpu-prof", "bench/profiles")) : null;
const PAYOUT = JSON.stringify({ amount_centavos: 2500, pix_key_type: "email", pix_key: "fornecedor@example.com" });

async function startApp(
  app: AppServer,
  databaseUrl: string,
  nodeArgs: string[],
): Promise<{ stop(): Promise<void>; cookie: string }> {
  const env = app.environment(app.freshDataDir(), databaseUrl ? { databaseUrl } : {});
  const server = spawnTracked(
    process.execPath,
    [...nodeArgs, NEXT_BIN, "start", "-p", String(PORT), "-H", "127.0.0.1"],
    env,
  );
  await waitForHttp(`${app.url}/api/health`, 120_000, () => server.child.exitCode === null);
  return { stop: () => server.stop(), cookie: await signIn(app.url) };
}

function headers(app: AppServer, cookie: string): Record<string, string> {
  return { cookie, "content-type": "application/json", "x-requested-by": "dashboard", origin: app.url };
}

/** The statements in a PostgreSQL log (log_statement=all), with their parameters dropped. */
function statements(log: string): string[] {
  return log
    .split("\n")
    .map((line) => /LOG: {2}(?:statement|execute [^:]*): (.*)$/.exec(line)?.[1])
    .filter((s): s is string => s !== undefined);
}

async function countStatements(app: AppServer, postgres: Postgres): Promise<void> {
  const url = await postgres.start();
  const server = await startApp(app, url, []);
  const logFile = postgres.logFile ?? "";
  const before = statements(readFileSync(logFile, "utf8")).length;
  for (let i = 0; i < COUNT; i++) {
    const res = await fetch(`${app.url}/api/payouts`, {
      method: "POST",
      body: PAYOUT,
      headers: { ...headers(app, server.cookie), "idempotency-key": `stmt-${randomUUID()}` },
    });
    if (res.status !== 201) throw new Error(`payout answered ${res.status}: ${await res.text()}`);
  }
  // The server logs asynchronously; the background workers' own statements are counted too (said in the output).
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const logged = statements(readFileSync(logFile, "utf8")).slice(before);
  await server.stop();
  console.log(
    `\n${logged.length} statements for ${COUNT} payouts: ${(logged.length / COUNT).toFixed(1)} per payout (background workers included)`,
  );
  const groups = new Map<string, number>();
  for (const s of logged) {
    const head = s.replace(/\s+/g, " ").slice(0, 90);
    groups.set(head, (groups.get(head) ?? 0) + 1);
  }
  for (const [head, n] of [...groups].sort((a, b) => b[1] - a[1]))
    console.log(`  ${(n / COUNT).toFixed(2).padStart(6)} per payout  ${head}`);
}

async function profile(app: AppServer, dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const started = Date.now();
  const server = await startApp(app, "", ["--cpu-prof", `--cpu-prof-dir=${dir}`]);
  const result = await load({
    url: `${app.url}/api/payouts`,
    method: "POST",
    body: PAYOUT,
    connections: 10,
    seconds: SECONDS,
    headers: headers(app, server.cookie),
    uniqueIdempotencyKey: true,
  });
  console.log(
    `\nPOST /api/payouts c=10, ${SECONDS} s, PGlite: ${result.rps.toFixed(1)} req/s, p50 ${result.p50Ms} ms (load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")})`,
  );
  await server.stop();
  const newest = readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .map((f) => path.join(dir, f))
    .filter((f) => statSync(f).mtimeMs >= started)
    .sort((a, b) => statSync(b).size - statSync(a).size)[0];
  if (!newest) throw new Error("the server wrote no profile");
  console.log(`${newest}\n${summariseProfile(newest, 30)}`);
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), "profile-payouts-"));
  const sandbox = new SandboxServer(Number(flag("sandbox-port", "4910")), path.join(work, "sandbox"));
  const app = new AppServer(PORT, sandbox.url, work);
  const postgres = new Postgres(Number(flag("pg-port", "5449")), ["log_statement=all"]);
  try {
    await sandbox.ensure();
    if (!process.argv.includes("--no-count")) await countStatements(app, postgres);
    if (PROFILE_DIR) await profile(app, PROFILE_DIR);
  } finally {
    await sandbox.stop();
    await postgres.stop();
    killAll();
    rmSync(work, { recursive: true, force: true });
  }
}

runScript(main);

/**
 * Where the server's time goes while its batch worker sends (row i's path).
 *   NEXT_TELEMETRY_DISABLED=1 npx next build        (once)
 *   npx tsx bench/profile-batch-send.ts [--port 4300] [--sandbox-port 4305] [--cpu-prof DIR]
 * The app under `node --cpu-prof` (PGlite, default batch settings) against a sandbox with
 * its default rate limit; one 5,000-row batch created, confirmed and read until every row
 * is answered; then the profile's summary (bench/profile-summary.ts).
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { killAll, runScript, spawnTracked, waitForHttp } from "./lib/processes";
import { AppServer, NEXT_BIN, SandboxServer, signIn } from "./lib/servers";
import { summariseProfile } from "./profile-summary";
import { api, batchRows } from "./rows/h-batch-send";

function flag(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

interface Progress {
  id: string;
  total_centavos: number;
  counts: Record<string, number>;
}

async function main(): Promise<void> {
  const dir = path.resolve(flag("cpu-prof", "bench/profiles"));
  mkdirSync(dir, { recursive: true });
  const work = mkdtempSync(path.join(tmpdir(), "profile-batch-"));
  const sandbox = new SandboxServer(Number(flag("sandbox-port", "4305")), path.join(work, "sandbox"), "default");
  const app = new AppServer(Number(flag("port", "4300")), sandbox.url, work);
  try {
    await sandbox.ensure();
    const started = Date.now();
    const server = spawnTracked(
      process.execPath,
      ["--cpu-prof", `--cpu-prof-dir=${dir}`, NEXT_BIN, "start", "-p", String(app.port), "-H", "127.0.0.1"],
      app.environment(app.freshDataDir()),
    );
    await waitForHttp(`${app.url}/api/health`, 120_000, () => server.child.exitCode === null);
    const cookie = await signIn(app.url);
    const created = await api<Progress>(app, cookie, "/api/payout-batches", {
      method: "POST",
      key: `profile-${randomUUID()}`,
      body: { file_name: "lote.csv", rows: batchRows() },
    });
    const confirmedAt = performance.now();
    await api<Progress>(app, cookie, `/api/payout-batches/${created.id}/confirm`, {
      method: "POST",
      body: { typed_total_centavos: created.total_centavos },
    });
    for (;;) {
      const { counts } = await api<Progress>(app, cookie, `/api/payout-batches/${created.id}`);
      if ((counts.pending ?? 0) + (counts.sending ?? 0) === 0) break;
      await sleep(1_000);
    }
    const seconds = (performance.now() - confirmedAt) / 1000;
    console.log(
      `5,000 rows answered in ${seconds.toFixed(1)} s (${(5000 / seconds).toFixed(1)} rows/s), load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(", ")}`,
    );
    await server.stop();
    const newest = readdirSync(dir)
      .filter((f) => f.endsWith(".cpuprofile"))
      .map((f) => path.join(dir, f))
      .filter((f) => statSync(f).mtimeMs >= started)
      .sort((a, b) => statSync(b).size - statSync(a).size)[0];
    if (!newest) throw new Error("the server wrote no profile");
    console.log(`${newest}\n${summariseProfile(newest, 30)}`);
  } finally {
    await sandbox.stop();
    killAll();
    rmSync(work, { recursive: true, force: true });
  }
}

runScript(main);

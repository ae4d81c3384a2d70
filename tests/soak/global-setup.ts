/**
 * Once per soak run: makes sure the app is built (`next build` if .next/BUILD_ID
 * is missing), provides a PostgreSQL server (TEST_DATABASE_URL when set, as in CI;
 * otherwise a throwaway cluster of its own on 127.0.0.1:55452), and prints every
 * `[soak]` figures line again at the end.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** A PostgreSQL server URL (its `postgres` database); tests create their own databases on it. */
    postgresUrl: string;
    soakReportFile: string;
  }
}

const OWN_PG_PORT = 55452;

function ensureBuilt(): void {
  if (existsSync(".next/BUILD_ID")) return;
  console.log("[soak] no .next/BUILD_ID: building the app (next build)");
  const built = spawnSync("node", ["node_modules/next/dist/bin/next", "build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (built.status !== 0) throw new Error("next build failed");
}

function postgresBin(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? path.join(root, newest, "bin") : null;
}

/** Runs a PostgreSQL tool as the `postgres` user when we are root (the server refuses to run as root). */
function runPg(bin: string, tool: string, args: string[]): void {
  const command = [path.join(bin, tool), ...args];
  if (process.getuid?.() === 0) {
    const quoted = command.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(" ");
    execFileSync("su", ["postgres", "-s", "/bin/sh", "-c", quoted], { stdio: ["ignore", "ignore", "inherit"] });
  } else {
    execFileSync(command[0] ?? "", command.slice(1), { stdio: ["ignore", "ignore", "inherit"] });
  }
}

function startOwnCluster(): { url: string; stop(): void } {
  const bin = postgresBin();
  if (!bin) {
    throw new Error(
      "The two-instance soak test needs PostgreSQL: set TEST_DATABASE_URL, or install PostgreSQL (initdb under /usr/lib/postgresql/*/bin) so the soak run can start its own.",
    );
  }
  const dir = mkdtempSync(path.join(tmpdir(), "pixops-soak-pg-"));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, "data");
  runPg(bin, "initdb", ["-D", data, "-A", "trust", "-U", "postgres"]);
  runPg(bin, "pg_ctl", [
    "-D",
    data,
    "-o",
    `-p ${OWN_PG_PORT} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    "-l",
    path.join(dir, "log"),
    "-w",
    "start",
  ]);
  console.log(`[soak] PostgreSQL of this run at 127.0.0.1:${OWN_PG_PORT} (TEST_DATABASE_URL not set)`);
  return {
    url: `postgres://postgres@127.0.0.1:${OWN_PG_PORT}/postgres`,
    stop() {
      try {
        runPg(bin, "pg_ctl", ["-D", data, "-m", "immediate", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export default function setup(project: TestProject): () => void {
  ensureBuilt();
  const own = process.env.TEST_DATABASE_URL ? null : startOwnCluster();
  const reportDir = mkdtempSync(path.join(tmpdir(), "pixops-soak-report-"));
  const reportFile = path.join(reportDir, "soak.txt");
  writeFileSync(reportFile, "");
  project.provide("postgresUrl", process.env.TEST_DATABASE_URL ?? own?.url ?? "");
  project.provide("soakReportFile", reportFile);
  return () => {
    own?.stop();
    const lines = readFileSync(reportFile, "utf8").trim();
    console.log(
      `\n===== soak figures =====\n${lines || "(no [soak] lines: did every test fail early?)"}\n========================\n`,
    );
    rmSync(reportDir, { recursive: true, force: true });
  };
}

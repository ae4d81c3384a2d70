/**
 * Where the production server's memory goes.
 *   NEXT_TELEMETRY_DISABLED=1 npx next build        (once; the script runs the built app)
 *   npx tsx bench/memory-profile.ts [--port 3900] [--sandbox-port 4910] [--postgres [--pg-port 5449]]
 *     [--snapshot] [--load-seconds 8] [--default-v8] [--node-options "--max-semi-space-size=2"]
 *
 * Starts the sandbox and `next start` (fresh data folder; embedded PGlite, or with
 * --postgres a throwaway PostgreSQL as in row g) with `npm start`'s heap limits (none with
 * --default-v8; scripts/node-options.ts) and bench/memory-probe.mjs preloaded, signs in, opens the main pages
 * once, waits 5 s, and prints: each process's RSS, the server's /proc smaps grouped
 * (WASM reservations = PGlite, shared libraries, anonymous = V8 heap and native
 * allocations), process.memoryUsage() and V8's heap spaces, and with --snapshot the
 * heap snapshot's largest constructors. Then the same after row a's kind of load
 * (autocannon, c=10, GET /api/payment-links) with the peak RSS seen meanwhile.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { formatHeap, summariseHeap } from "./heap-summary";
import { load } from "./lib/http-load";
import { killAll, runScript, spawnTracked, waitForHttp } from "./lib/processes";
import { AppServer, NEXT_BIN, Postgres, SandboxServer, signIn } from "./lib/servers";
import { SERVER_NODE_OPTIONS } from "../scripts/node-options";

function flag(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

const PORT = Number(flag("port", "3900"));
const SANDBOX_PORT = Number(flag("sandbox-port", "4910"));
const PG_PORT = Number(flag("pg-port", "5449"));
const SNAPSHOT = process.argv.includes("--snapshot");
const LOAD_SECONDS = Number(flag("load-seconds", "8"));
const EXTRA_NODE_OPTIONS = flag("node-options", "");
const PAGES = [
  "/login",
  "/",
  "/payouts",
  "/payouts/new",
  "/payment-links",
  "/chargebacks",
  "/subaccounts",
  "/activity",
];
const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc").filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // exited meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i] ?? 0) ?? []));
  return tree;
}

function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line?.split(/\s+/)[1] ?? 0) * 1024;
}

/** The process's mappings grouped by what they hold, resident bytes each. */
function smapsGroups(pid: number): Map<string, number> {
  const groups = new Map<string, number>();
  let group = "";
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      const name = header[1] ?? "";
      if (name.endsWith(".node") || name.includes(".so")) group = "shared libraries and native addons";
      else if (name.startsWith("/")) group = `file: ${path.basename(name)}`;
      else if (name === "[heap]") group = "[heap] (malloc's main arena)";
      else if (name === "") group = "anonymous";
      else group = name;
      continue;
    }
    const size = /^Size:\s+(\d+) kB/.exec(line);
    // WASM memories are reserved with 8–10 GB of guard space; nothing else here maps that much.
    if (size && Number(size[1]) * 1024 >= 4 * 1024 * MB) group = "WASM memory reservation (PGlite)";
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) groups.set(group, (groups.get(group) ?? 0) + Number(rss[1]) * 1024);
  }
  return new Map([...groups].sort((a, b) => b[1] - a[1]));
}

interface ProbeReport {
  pid: number;
  memoryUsage: NodeJS.MemoryUsage;
  heapSpaces: { name: string; size: number; used: number }[];
  snapshot: string | null;
}

async function probe(serverPid: number, dir: string): Promise<ProbeReport> {
  const before = new Set(readdirSync(dir));
  process.kill(serverPid, "SIGUSR2");
  for (let waited = 0; waited < 600_000; waited += 200) {
    const fresh = readdirSync(dir).find((f) => /^probe-\d+\.json$/.test(f) && !before.has(f));
    if (fresh) return JSON.parse(readFileSync(path.join(dir, fresh), "utf8")) as ProbeReport;
    await pause(200);
  }
  throw new Error("the server's memory probe did not answer");
}

/** Read before the probe: writing a heap snapshot itself grows the process. */
function processLines(tree: number[], server: number): string[] {
  const lines: string[] = [];
  for (const pid of tree) {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).slice(1, 3).join(" ");
    lines.push(`  pid ${pid}${pid === server ? " (server)" : ""}: RSS ${mb(rssOf(pid))}  ${cmd}`);
  }
  lines.push("  smaps of the server, resident:");
  for (const [name, bytes] of smapsGroups(server)) if (bytes >= MB) lines.push(`    ${mb(bytes).padStart(9)}  ${name}`);
  for (const m of largestMappings(server))
    lines.push(`    largest mapping: size ${mb(m.size)}, resident ${mb(m.rss)} ${m.name}`);
  return lines;
}

function largestMappings(pid: number): { name: string; size: number; rss: number }[] {
  const maps: { name: string; size: number; rss: number }[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) maps.push({ name: header[1] ?? "", size: 0, rss: 0 });
    const current = maps[maps.length - 1];
    const size = /^Size:\s+(\d+) kB/.exec(line);
    if (size && current) current.size = Number(size[1]) * 1024;
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && current) current.rss = Number(rss[1]) * 1024;
  }
  return maps.sort((a, b) => b.rss - a.rss).slice(0, 4);
}

function report(label: string, lines: string[], probed: ProbeReport): void {
  console.log(
    `\n== ${label} (load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")})`,
  );
  console.log(lines.join("\n"));
  const u = probed.memoryUsage;
  console.log(
    `  memoryUsage: rss ${mb(u.rss)}, heapTotal ${mb(u.heapTotal)}, heapUsed ${mb(u.heapUsed)}, external ${mb(u.external)}, arrayBuffers ${mb(u.arrayBuffers)}`,
  );
  console.log(
    `  heap spaces (size/used): ${probed.heapSpaces
      .filter((s) => s.size > MB)
      .map((s) => `${s.name} ${mb(s.size)}/${mb(s.used)}`)
      .join(", ")}`,
  );
  if (probed.snapshot) console.log(formatHeap(summariseHeap(probed.snapshot), 20).replace(/^/gm, "  "));
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), "memory-profile-"));
  const probeDir = mkdtempSync(path.join(work, "probe-"));
  const sandbox = new SandboxServer(SANDBOX_PORT, path.join(work, "sandbox"));
  const app = new AppServer(PORT, sandbox.url, work);
  const postgres = new Postgres(PG_PORT);
  try {
    await sandbox.ensure();
    const DATABASE_URL = process.argv.includes("--postgres") ? await postgres.start() : "";
    const heapLimits = process.argv.includes("--default-v8") ? "" : SERVER_NODE_OPTIONS;
    const nodeOptions = [
      `--import ${pathToFileURL(path.resolve("bench/memory-probe.mjs")).href}`,
      heapLimits,
      EXTRA_NODE_OPTIONS,
    ]
      .filter(Boolean)
      .join(" ");
    const env = {
      ...app.environment(app.freshDataDir(), DATABASE_URL ? { databaseUrl: DATABASE_URL } : {}),
      NODE_OPTIONS: nodeOptions,
      MEMORY_PROBE_DIR: probeDir,
      MEMORY_PROBE_SNAPSHOT: SNAPSHOT ? "1" : "0",
    };
    const server = spawnTracked(process.execPath, [NEXT_BIN, "start", "-p", String(PORT), "-H", "127.0.0.1"], env);
    await waitForHttp(`${app.url}/api/health`, 120_000, () => server.child.exitCode === null);
    const cookie = await signIn(app.url);
    for (const page of PAGES) await (await fetch(`${app.url}${page}`, { headers: { cookie } })).arrayBuffer();
    await pause(5_000);
    const root = server.child.pid ?? 0;
    // `next start` may serve from a child process: the one with the most resident memory is the server.
    const tree = processTree(root);
    const serverPid = tree.reduce((a, b) => (rssOf(b) > rssOf(a) ? b : a));
    const idle = processLines(tree, serverPid);
    report(
      `idle after start, sign-in and ${PAGES.length} pages${DATABASE_URL ? " (PostgreSQL ledger)" : " (PGlite ledger)"}`,
      idle,
      await probe(serverPid, probeDir),
    );
    if (LOAD_SECONDS > 0) {
      let peak = 0;
      const sampler = setInterval(
        () =>
          (peak = Math.max(
            peak,
            processTree(root).reduce((n, pid) => n + rssOf(pid), 0),
          )),
        100,
      );
      const result = await load({
        url: `${app.url}/api/payment-links`,
        connections: 10,
        seconds: LOAD_SECONDS,
        headers: { cookie },
      });
      clearInterval(sampler);
      console.log(
        `\nGET /api/payment-links c=10 ${LOAD_SECONDS} s: ${result.rps.toFixed(0)} req/s; peak RSS of the tree ${mb(peak)}`,
      );
      const loaded = processLines(processTree(root), serverPid);
      report("right after the load", loaded, await probe(serverPid, probeDir));
    }
    await server.stop();
  } finally {
    await sandbox.stop();
    await postgres.stop();
    killAll();
    if (existsSync(work)) rmSync(work, { recursive: true, force: true });
  }
}

runScript(main);

/**
 * What the BFF's authenticated path costs over the framework, and where the time goes.
 *   NEXT_TELEMETRY_DISABLED=1 npx next build        (once; the script runs the built app)
 *   npx tsx bench/profile-bff.ts [--port 3200] [--sandbox-port 4210] [--seconds 8] [--rounds 3] [--cpu-prof DIR]
 *
 * Starts the sandbox and `next start` (production mode) on the given ports, signs in as
 * the demo operator, then measures with autocannon at c=10: GET /api/health (the
 * framework's floor: a trivial route handler), GET /api/session and GET /api/payment-links,
 * in alternating rounds (median req/s per route); and at c=1, p50 of GET /api/payment-links
 * through the BFF vs GET /v1/payment-links on the sandbox directly. With --cpu-prof the
 * server runs under `node --cpu-prof` during the c=10 rounds and the profile's top
 * self-time functions are printed. Every process it starts is stopped before it exits.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { Agent, request } from "undici";
import { ACME } from "../sandbox/businesses";
import { summariseProfile } from "./profile-summary";

function flag(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

const PORT = Number(flag("port", "3200"));
const SANDBOX_PORT = Number(flag("sandbox-port", "4210"));
const SECONDS = Number(flag("seconds", "8"));
const ROUNDS = Number(flag("rounds", "3"));
const PROFILE_DIR = process.argv.includes("--cpu-prof") ? path.resolve(flag("cpu-prof", "bench/profiles")) : null;
const APP = `http://127.0.0.1:${PORT}`;
const SANDBOX = `http://127.0.0.1:${SANDBOX_PORT}`;
const children: ChildProcess[] = [];

function start(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

async function waitFor(url: string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (children.some((child) => child.exitCode !== null)) throw new Error(`a process exited before ${url} came up`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up`);
}

async function signIn(): Promise<string> {
  const res = await fetch(`${APP}/api/session`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: APP,
      "sec-fetch-site": "same-origin",
      "x-requested-by": "dashboard",
    },
    body: JSON.stringify({ email: "owner@acme.example", password: "sandbox-demo-password" }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("pixops_session="));
  if (res.status !== 200 || !cookie) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return cookie.split(";")[0] ?? "";
}

interface Throughput {
  rps: number;
  p50: number;
  errors: number;
}

async function cannon(url: string, headers: Record<string, string>, seconds: number): Promise<Throughput> {
  const result = await autocannon({ url, connections: 10, duration: seconds, headers });
  const bad = result.errors + result.timeouts + result.non2xx;
  return { rps: result.requests.average, p50: result.latency.p50, errors: bad };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** p50 (ms, sub-millisecond) of `count` sequential requests over one keep-alive connection. */
async function sequentialP50(url: string, headers: Record<string, string>, count: number): Promise<number> {
  const agent = new Agent({ connections: 1, keepAliveTimeout: 30_000 });
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const res = await request(url, { dispatcher: agent, headers });
    await res.body.arrayBuffer();
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
    times.push(performance.now() - t0);
  }
  await agent.close();
  return median(times);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "pixops-profile-"));
  const load = {
    before: loadavg()
      .map((n) => n.toFixed(2))
      .join(" "),
    after: "",
  };
  start(
    [
      "node_modules/tsx/dist/cli.mjs",
      "sandbox/cli.ts",
      "--port",
      String(SANDBOX_PORT),
      "--rate-limit",
      "off",
      "--quiet",
      "--data-dir",
      path.join(dir, "sandbox"),
    ],
    {},
  );
  await waitFor(`${SANDBOX}/__sandbox/health`);
  if (PROFILE_DIR) {
    rmSync(PROFILE_DIR, { recursive: true, force: true });
    mkdirSync(PROFILE_DIR, { recursive: true });
  }
  const profiling = PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  const server = start(
    [
      ...profiling,
      path.join("node_modules", "next", "dist", "bin", "next"),
      "start",
      "-p",
      String(PORT),
      "-H",
      "127.0.0.1",
    ],
    {
      NEXT_TELEMETRY_DISABLED: "1",
      SANDBOX_URL: SANDBOX,
      SESSION_SECRET: "bench-session-secret-0123456789-abcdefghijklmnop",
      DATA_DIR: dir,
      LEDGER_DIR: path.join(dir, "ledger"),
    },
  );
  try {
    await waitFor(`${APP}/api/health`);
    const routes = ["/api/health", "/api/session", "/api/payment-links"];
    const warm = await signIn();
    for (const route of routes) await cannon(`${APP}${route}`, { cookie: warm }, 2);
    const rounds: Record<string, Throughput[]> = Object.fromEntries(routes.map((r) => [r, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const route of routes) {
        // A fresh session per run, so no run crosses the cookie's 60 s refresh point.
        const cookie = await signIn();
        rounds[route]?.push(await cannon(`${APP}${route}`, { cookie }, SECONDS));
      }
    }
    const cookie = await signIn();
    const bffP50 = await sequentialP50(`${APP}/api/payment-links`, { cookie }, 1500);
    const directP50 = await sequentialP50(`${SANDBOX}/v1/payment-links`, { "x-api-key": ACME.apiKey }, 1500);
    const floorP50 = await sequentialP50(`${APP}/api/health`, {}, 1500);
    load.after = loadavg()
      .map((n) => n.toFixed(2))
      .join(" ");

    const floor = median((rounds["/api/health"] ?? []).map((r) => r.rps));
    console.log(
      `\nload average before: ${load.before}; after: ${load.after}; ${SECONDS} s × ${ROUNDS} rounds at c=10\n`,
    );
    console.log("| route | req/s (median) | × /api/health | p50 ms | non-2xx/errors |\n|---|---|---|---|---|");
    for (const route of routes) {
      const runs = rounds[route] ?? [];
      const rps = median(runs.map((r) => r.rps));
      console.log(
        `| GET ${route} | ${rps.toFixed(0)} | ${(rps / floor).toFixed(2)} | ${median(runs.map((r) => r.p50))} | ${runs.reduce((n, r) => n + r.errors, 0)} |`,
      );
    }
    console.log(
      `\nc=1 p50: BFF GET /api/payment-links ${bffP50.toFixed(2)} ms; sandbox GET /v1/payment-links ${directP50.toFixed(2)} ms; added ${(bffP50 - directP50).toFixed(2)} ms`,
    );
    console.log(
      `c=1 p50 of GET /api/health (the framework's own floor, part of the added latency): ${floorP50.toFixed(2)} ms`,
    );
  } finally {
    await stop(server);
    for (const child of children) await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
  if (PROFILE_DIR) {
    // The server's profile is the largest one (the launcher-less `next start` may fork a worker).
    const files = readdirSync(PROFILE_DIR).filter((f) => f.endsWith(".cpuprofile"));
    const largest = files.sort(
      (a, b) => statSync(path.join(PROFILE_DIR, b)).size - statSync(path.join(PROFILE_DIR, a)).size,
    )[0];
    if (!largest) throw new Error(`no .cpuprofile in ${PROFILE_DIR}: did the server exit cleanly?`);
    console.log(`\nprofile: ${path.join(PROFILE_DIR, largest)}\n`);
    console.log(summariseProfile(path.join(PROFILE_DIR, largest)));
  }
}

main().catch(async (error: unknown) => {
  console.error(error);
  for (const child of children) await stop(child);
  process.exit(1);
});

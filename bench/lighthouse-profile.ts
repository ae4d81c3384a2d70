/**
 * Where each page's Lighthouse score is lost (row d's pages, the same mobile preset):
 *   NEXT_TELEMETRY_DISABLED=1 npx next build        (once)
 *   npx tsx bench/lighthouse-profile.ts [--port 3900] [--sandbox-port 4910]
 * Prints per page the metrics (FCP, LCP, TBT, CLS, SI) with their scores, the LCP element,
 * the main-thread breakdown and script evaluation per script, and the CPU benchmark index.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { CHROMIUM_ARGS, locateChromium } from "./lib/browser";
import { killAll, runScript } from "./lib/processes";
import { AppServer, SandboxServer } from "./lib/servers";

function flag(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

const PAGES = [
  { path: "/login", signedIn: false },
  { path: "/", signedIn: true },
  { path: "/payment-links", signedIn: true },
  { path: "/payouts/po_demo_paid", signedIn: true },
  { path: "/chargebacks", signedIn: true },
];

async function runWorker(input: unknown): Promise<string> {
  const child = spawn(process.execPath, ["bench/lighthouse-worker.mjs"], { stdio: ["pipe", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
  child.stdin.end(JSON.stringify(input));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`the Lighthouse worker exited with ${code}`);
  return out;
}

async function main(): Promise<void> {
  const chromium = locateChromium();
  if ("missing" in chromium) throw new Error(chromium.missing);
  const work = mkdtempSync(path.join(tmpdir(), "lighthouse-profile-"));
  const sandbox = new SandboxServer(Number(flag("sandbox-port", "4910")), path.join(work, "sandbox"));
  const app = new AppServer(Number(flag("port", "3900")), sandbox.url, work);
  try {
    await sandbox.ensure();
    await app.ensure();
    const cookie = await app.cookie();
    console.log(
      `load average before: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(", ")}`,
    );
    const out = await runWorker({
      chromePath: chromium.path,
      chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
      details: true,
      pages: PAGES.map((p) => ({ url: `${app.url}${p.path}`, cookie: p.signedIn ? cookie : null })),
    });
    console.log(JSON.stringify(JSON.parse(out), null, 1));
    console.log(
      `load average after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(", ")}`,
    );
  } finally {
    await app.stop();
    await sandbox.stop();
    killAll();
    rmSync(work, { recursive: true, force: true });
  }
}

runScript(main);

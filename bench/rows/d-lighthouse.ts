/**
 * Row d: Lighthouse 12, mobile preset (its default config, simulated throttling),
 * performance and accessibility of the main pages; signed-in pages get the
 * session cookie through `extraHeaders`. Lighthouse runs in bench/lighthouse-worker.mjs.
 */
import { spawn } from "node:child_process";
import { z } from "zod";
import { CHROMIUM_ARGS, chromiumPath } from "../lib/browser";
import { repeat, type BenchContext, type Row } from "../lib/context";
import type { Measurement } from "../lib/measurement";
import { stopChild } from "../lib/processes";

const PAGES: readonly { name: string; path: string; signedIn: boolean }[] = [
  { name: "sign-in", path: "/login", signedIn: false },
  { name: "overview", path: "/", signedIn: true },
  { name: "payment links", path: "/payment-links", signedIn: true },
  { name: "payout detail", path: "/payouts/po_demo_paid", signedIn: true },
  { name: "chargebacks", path: "/chargebacks", signedIn: true },
  { name: "insights", path: "/insights", signedIn: true },
];
const WORKER_TIMEOUT_MS = 10 * 60_000;

const workerOutput = z.array(
  z.object({
    url: z.string(),
    finalUrl: z.string().nullable(),
    performance: z.number().nullable(),
    accessibility: z.number().nullable(),
    error: z.string().nullable(),
  }),
);

async function runWorker(input: unknown): Promise<z.infer<typeof workerOutput>> {
  // Its own process group, so a timeout also ends the Chromium it started.
  const child = spawn(process.execPath, ["bench/lighthouse-worker.mjs"], {
    stdio: ["pipe", "pipe", "pipe"],
    detached: true,
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  child.stdin.end(JSON.stringify(input));
  const timer = setTimeout(() => void stopChild(child), WORKER_TIMEOUT_MS);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearTimeout(timer);
  if (code !== 0)
    throw new Error(
      `Lighthouse worker exited with ${code ?? "a signal (timeout?)"}: ${stderr.trim().split("\n").slice(-3).join(" ")}`,
    );
  return workerOutput.parse(JSON.parse(stdout));
}

async function auditAll(ctx: BenchContext, cookie: string): Promise<Record<string, number>> {
  const results = await runWorker({
    chromePath: chromiumPath(ctx),
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
    pages: PAGES.map((page) => ({ url: `${ctx.app.url}${page.path}`, cookie: page.signedIn ? cookie : null })),
  });
  const values: Record<string, number> = {};
  for (const [i, page] of PAGES.entries()) {
    const r = results[i];
    if (r?.finalUrl && new URL(r.finalUrl).pathname !== page.path)
      throw new Error(`${page.path} ended at ${r.finalUrl} (not signed in?)`);
    if (!r || r.performance === null || r.accessibility === null) {
      // This run has no scores for the page; its other pages and runs still count.
      ctx.log(`    ${page.name}: no scores after retries${r?.error ? ` (${r.error})` : ""}`);
      continue;
    }
    values[`${page.name}:performance`] = r.performance;
    values[`${page.name}:accessibility`] = r.accessibility;
    ctx.log(`    ${page.name}: performance ${r.performance.toFixed(0)}, accessibility ${r.accessibility.toFixed(0)}`);
  }
  return values;
}

export const lighthouseRow: Row = {
  id: "d",
  title: "Lighthouse 12 (mobile preset)",
  async run(ctx) {
    await ctx.sandbox.ensure();
    await ctx.app.ensure();
    const cookie = await ctx.app.cookie();
    const results = await repeat(ctx.runs, (i) => {
      ctx.log(`  run ${i + 1}`);
      return auditAll(ctx, cookie);
    });
    // A page with no scores in any run becomes a "not measured" line (empty samples).
    const scores = (key: string) => results.get(key) ?? [];
    const note = (key: string) =>
      scores(key).length < ctx.runs ? `${scores(key).length} of ${ctx.runs} runs gave scores` : undefined;
    return PAGES.flatMap((page): Measurement[] =>
      (["performance", "accessibility"] as const).map((category) => {
        const key = `${page.name}:${category}`;
        const goal = { better: "higher" as const, target: category === "performance" ? 95 : 100 };
        const missing = note(key);
        return {
          name: `d. Lighthouse ${category}: ${page.name}`,
          unit: "",
          samples: scores(key),
          goal,
          ...(missing ? { note: missing } : {}),
        };
      }),
    );
  },
};

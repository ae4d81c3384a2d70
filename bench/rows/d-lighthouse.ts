/**
 * Row d: Lighthouse 12, mobile preset (its default config, simulated throttling),
 * performance and accessibility of the main pages; signed-in pages get the
 * session cookie through `extraHeaders`.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, chromiumPath } from "../lib/browser";
import { repeat, samplesOf, type BenchContext, type Row } from "../lib/context";
import type { Measurement } from "../lib/measurement";

const PAGES: readonly { name: string; path: string; signedIn: boolean }[] = [
  { name: "sign-in", path: "/login", signedIn: false },
  { name: "overview", path: "/", signedIn: true },
  { name: "payment links", path: "/payment-links", signedIn: true },
  { name: "payout detail", path: "/payouts/po_demo_paid", signedIn: true },
  { name: "chargebacks", path: "/chargebacks", signedIn: true },
];

async function audit(port: number, url: string, cookie: string | null): Promise<{ performance: number; accessibility: number }> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility"],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  const categories = result?.lhr.categories;
  const performance = categories?.performance?.score;
  const accessibility = categories?.accessibility?.score;
  if (typeof performance !== "number" || typeof accessibility !== "number") {
    throw new Error(`Lighthouse gave no scores for ${url}${result?.lhr.runtimeError ? `: ${result.lhr.runtimeError.message}` : ""}`);
  }
  const finalUrl = result?.lhr.finalDisplayedUrl ?? url;
  if (new URL(finalUrl).pathname !== new URL(url).pathname) throw new Error(`${url} ended at ${finalUrl} (not signed in?)`);
  return { performance: performance * 100, accessibility: accessibility * 100 };
}

async function auditAll(ctx: BenchContext, cookie: string): Promise<Record<string, number>> {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(ctx), chromeFlags: ["--headless=new", ...CHROMIUM_ARGS], logLevel: "silent" });
  try {
    const values: Record<string, number> = {};
    for (const page of PAGES) {
      const scores = await audit(chrome.port, `${ctx.app.url}${page.path}`, page.signedIn ? cookie : null);
      values[`${page.name}:performance`] = scores.performance;
      values[`${page.name}:accessibility`] = scores.accessibility;
      ctx.log(`    ${page.name}: performance ${scores.performance.toFixed(0)}, accessibility ${scores.accessibility.toFixed(0)}`);
    }
    return values;
  } finally {
    chrome.kill();
  }
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
    return PAGES.flatMap((page): Measurement[] => [
      { name: `d. Lighthouse performance: ${page.name}`, unit: "", samples: samplesOf(results, `${page.name}:performance`), goal: { better: "higher", target: 95 } },
      { name: `d. Lighthouse accessibility: ${page.name}`, unit: "", samples: samplesOf(results, `${page.name}:accessibility`), goal: { better: "higher", target: 100 } },
    ]);
  },
};

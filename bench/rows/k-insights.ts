/**
 * Row k: the insights over a big register. 100,000 payouts of one business spread over 120 days
 * (bench/lib/seed-register.ts), on the embedded PGlite and on PostgreSQL:
 * - GET /api/insights/payouts?window=90d (every weekly point per outcome, fees and net, the previous window and
 *   the failure reasons, summed in SQL), one request at a time after two warm-up ones: the server's answer time
 *   as a client sees it (session check and JSON included);
 * - the insights page at 90 days in Chromium, cold cache: navigation → its first figure painted (Element Timing; the
 *   server renders the figures and tables, so this is the page's own answer, not the chart's). Like the API's, the
 *   page is asked once before (outside the browser): a production server's first render of a route loads that
 *   route's code, once per start; that first answer is reported on its own line.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import type { Browser } from "@playwright/test";
import { INSIGHTS_FIRST_FIGURE } from "../../lib/shared/insights/timing";
import { ACME } from "../../sandbox/businesses";
import { freshContext, withBrowser } from "../lib/browser";
import { repeat, samplesOf, type BenchContext, type Row } from "../lib/context";
import type { Measurement } from "../lib/measurement";
import { seedLedger } from "../lib/seed-register";
import { signIn } from "../lib/servers";

const PAYOUTS = 100_000;
const SEEDED_DAYS = 120;
const SERIES_RUNS = 15;
/** The insights page's first figures (server-rendered). */
const FIRST_FIGURES = "[data-insights-figures]";

/** The 90-day series asked `SERIES_RUNS` times after two warm-up requests: each answer's milliseconds. */
async function seriesTimes(ctx: BenchContext, cookie: string): Promise<number[]> {
  const url = `${ctx.app.url}/api/insights/payouts?window=90d`;
  const ask = async () => {
    const started = performance.now();
    const res = await fetch(url, { headers: { cookie }, signal: AbortSignal.timeout(60_000) });
    const body = (await res.json()) as { data?: { totals?: { count?: number } } };
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    const counted = body.data?.totals?.count ?? 0;
    if (counted < PAYOUTS * 0.7) throw new Error(`the series counted ${counted} payouts`);
    return ms;
  };
  await ask();
  await ask();
  const times: number[] = [];
  for (let i = 0; i < SERIES_RUNS; i++) times.push(await ask());
  return times;
}

/** The page's first render since the server started, asked with the session (no browser): its answer's ms. */
async function firstRender(ctx: BenchContext, cookie: string): Promise<number> {
  const url = `${ctx.app.url}/insights?window=90d`;
  const started = performance.now();
  const res = await fetch(url, { headers: { cookie }, signal: AbortSignal.timeout(60_000) });
  await res.text();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - started;
}

/**
 * Navigation start → the first figure painted, in a fresh context (cold cache), ms: the Element Timing entry of the
 * first headline figure (INSIGHTS_FIRST_FIGURE), i.e. when the browser put that number on screen. (Reading the clock
 * once Playwright had seen the element counted the hydration that kept the page's main thread busy after the paint.)
 */
async function firstFigures(browser: Browser, ctx: BenchContext, cookie: string): Promise<number> {
  const context = await freshContext(browser, ctx.app.url, cookie);
  try {
    const page = await context.newPage();
    const response = await page.goto(`${ctx.app.url}/insights?window=90d`, { waitUntil: "commit", timeout: 60_000 });
    if (!response || response.status() !== 200)
      throw new Error(`/insights answered ${response?.status() ?? "nothing"}`);
    await page.locator(FIRST_FIGURES).first().waitFor({ state: "visible", timeout: 60_000 });
    const painted = await page.evaluate(
      (name) =>
        new Promise<number | null>((resolve) => {
          new PerformanceObserver((list) => {
            const entry = list
              .getEntries()
              .find((e) => e.name === "text-paint" && "identifier" in e && e.identifier === name);
            resolve(entry && "renderTime" in entry && typeof entry.renderTime === "number" ? entry.renderTime : null);
          }).observe({ type: "element", buffered: true });
          setTimeout(() => resolve(null), 5_000);
        }),
      INSIGHTS_FIRST_FIGURE,
    );
    if (painted === null) throw new Error(`no Element Timing entry for ${INSIGHTS_FIRST_FIGURE}`);
    return painted;
  } finally {
    await context.close();
  }
}

async function onDatabase(ctx: BenchContext, label: string, databaseUrl: string | undefined): Promise<Measurement[]> {
  const dataDir = ctx.app.freshDataDir();
  // Created and filled before the app starts on it (its start then finds the migrations applied).
  await seedLedger(databaseUrl ?? path.join(dataDir, "ledger"), {
    businessId: ACME.id,
    count: PAYOUTS,
    days: SEEDED_DAYS,
  });
  await ctx.app.ensure({ databaseUrl, dataDir });
  try {
    const cookie = await step("signing in as finance", () => signIn(ctx.app.url, "finance"));
    const series = await step("asking for the 90-day series", () => seriesTimes(ctx, cookie));
    ctx.log(`  ${label}: GET /api/insights/payouts?window=90d p50 ${median(series).toFixed(1)} ms`);
    const cold = await step("asking for the page once", () => firstRender(ctx, cookie));
    const page = await withBrowser(ctx, (browser) =>
      repeat(ctx.runs, async () => ({ figures: await firstFigures(browser, ctx, cookie) })),
    );
    return [
      {
        name: `k. GET /api/insights/payouts?window=90d, ${PAYOUTS.toLocaleString("en-US")} payouts, ${label}`,
        unit: "ms",
        samples: series,
        goal: { better: "lower", target: 150 },
      },
      {
        name: `k. /insights?window=90d navigation → first figure painted, ${label}`,
        unit: "ms",
        samples: samplesOf(page, "figures"),
        goal: { better: "lower", target: 1000 },
      },
      {
        name: `k. /insights?window=90d, the server's first render of it since its start (no browser), ${label}`,
        unit: "ms",
        samples: [cold],
      },
    ];
  } finally {
    await ctx.app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs `work`, naming the step in its error (a fetch timeout says nothing of where it was). */
async function step<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new Error(`${what}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The row's two lines for a database it could not measure, with the reason. */
function notMeasured(label: string, reason: string): Measurement[] {
  return [
    `k. GET /api/insights/payouts?window=90d, ${PAYOUTS.toLocaleString("en-US")} payouts, ${label}`,
    `k. /insights?window=90d navigation → first figure painted, ${label}`,
    `k. /insights?window=90d, the server's first render of it since its start (no browser), ${label}`,
  ].map((name) => ({ name, unit: "ms", samples: [], note: `not measured: ${reason}` }));
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export const insightsRow: Row = {
  id: "k",
  title: "insights over 100,000 payouts: the 90-day series and the page's first figures",
  async run(ctx) {
    await ctx.sandbox.ensure();
    const pglite = await onDatabase(ctx, "PGlite", undefined);
    let postgres: Measurement[];
    try {
      postgres = await onDatabase(ctx, "PostgreSQL", await ctx.postgres.start());
    } catch (error) {
      // The PGlite lines stand on their own: a PostgreSQL failure (none installed, a timeout) is reported beside them.
      const reason = error instanceof Error ? error.message : String(error);
      ctx.log(`  PostgreSQL: ${reason}`);
      postgres = notMeasured("PostgreSQL", reason);
    } finally {
      await ctx.postgres.stop();
    }
    return [...pglite, ...postgres];
  },
};

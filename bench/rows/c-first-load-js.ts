/**
 * Row c: first-load JavaScript per route, as transferred (compressed) over the wire
 * with a cold cache: the encoded body sizes of every script response while the
 * route loads, signed in where the route needs it.
 */
import type { Browser } from "@playwright/test";
import { freshContext, MAIN_ROUTES, withBrowser } from "../lib/browser";
import { repeat, samplesOf, type BenchContext, type Row } from "../lib/context";
import type { Measurement } from "../lib/measurement";

const KB = 1000;

async function scriptBytes(browser: Browser, ctx: BenchContext, path: string, cookie: string | null): Promise<number> {
  const context = await freshContext(browser, ctx.app.url, cookie);
  try {
    const page = await context.newPage();
    const sizes: Promise<number>[] = [];
    page.on("requestfinished", (request) => {
      if (request.resourceType() === "script") sizes.push(request.sizes().then((s) => s.responseBodySize));
    });
    const response = await page.goto(`${ctx.app.url}${path}`, { waitUntil: "networkidle", timeout: 60_000 });
    if (!response || response.status() !== 200) throw new Error(`${path} answered ${response?.status() ?? "nothing"}`);
    if (new URL(page.url()).pathname !== path) throw new Error(`${path} went to ${page.url()}`);
    return (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  } finally {
    await context.close();
  }
}

export const firstLoadJsRow: Row = {
  id: "c",
  title: "first-load JavaScript per route (compressed, cold cache)",
  async run(ctx) {
    await ctx.sandbox.ensure();
    await ctx.app.ensure();
    const cookie = await ctx.app.cookie();
    const results = await withBrowser(ctx, (browser) =>
      repeat(ctx.runs, async () => {
        const values: Record<string, number> = {};
        for (const route of MAIN_ROUTES)
          values[route.name] = (await scriptBytes(browser, ctx, route.path, route.signedIn ? cookie : null)) / KB;
        values.max = Math.max(...MAIN_ROUTES.map((r) => values[r.name] ?? 0));
        return values;
      }),
    );
    const perRoute: Measurement[] = MAIN_ROUTES.map((route) => ({
      name: `c. first-load JS: ${route.name} (${route.path})`,
      unit: "kB",
      samples: samplesOf(results, route.name),
      goal: { better: "lower", target: 170 },
    }));
    ctx.log(`  largest route: ${Math.max(...samplesOf(results, "max")).toFixed(1)} kB`);
    return [
      {
        name: "c. first-load JS, largest route (compressed, cold cache)",
        unit: "kB",
        samples: samplesOf(results, "max"),
        goal: { better: "lower", target: 170 },
      },
      ...perRoute,
    ];
  },
};

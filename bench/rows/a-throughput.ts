/**
 * Row a: authenticated throughput vs a trivial route of the same app, c=10.
 * Each run loads GET /api/health, /api/session and /api/payment-links in alternating
 * 2 s slices, so each ratio compares figures taken under the same machine load.
 */
import { repeat, samplesOf, type BenchContext, type Row } from "../lib/context";
import { loadInterleaved } from "../lib/http-load";

export const CONNECTIONS = 10;
/** Seconds per route and run, in SLICES alternating slices. */
const SECONDS = 8;
const SLICES = 4;

// A type alias (not an interface), so it is assignable to Record<string, number>.
type Throughput = { health: number; session: number; links: number };

/** Req/s of the three routes in one run (also the load of row f's memory peak). */
export async function throughputRun(ctx: BenchContext, seconds: number = SECONDS): Promise<Throughput> {
  const cookie = await ctx.app.cookie();
  const [health = 0, session = 0, links = 0] = await loadInterleaved(
    [
      { url: `${ctx.app.url}/api/health`, connections: CONNECTIONS },
      { url: `${ctx.app.url}/api/session`, connections: CONNECTIONS, headers: { cookie } },
      { url: `${ctx.app.url}/api/payment-links`, connections: CONNECTIONS, headers: { cookie } },
    ],
    SLICES,
    seconds / SLICES,
  );
  return { health, session, links };
}

export const throughputRow: Row = {
  id: "a",
  title: "authenticated throughput vs a trivial route (c=10)",
  async run(ctx) {
    await ctx.sandbox.ensure();
    await ctx.app.ensure();
    await throughputRun(ctx, 4); // warm-up: JIT, connection pools, the sandbox directory look-up
    const results = await repeat(ctx.runs, async (i) => {
      const r = await throughputRun(ctx);
      ctx.log(
        `  run ${i + 1}: health ${r.health.toFixed(0)}, session ${r.session.toFixed(0)}, payment-links ${r.links.toFixed(0)} req/s`,
      );
      return { ...r, sessionRatio: r.session / r.health, linksRatio: r.links / r.health };
    });
    return [
      {
        name: "a. GET /api/session ÷ GET /api/health (req/s, c=10)",
        unit: "×",
        samples: samplesOf(results, "sessionRatio"),
        goal: { better: "higher", target: 0.7 },
      },
      {
        name: "a. GET /api/payment-links ÷ GET /api/health (req/s, c=10)",
        unit: "×",
        samples: samplesOf(results, "linksRatio"),
        goal: { better: "higher", target: 0.7 },
      },
      { name: "a. GET /api/health", unit: "req/s", samples: samplesOf(results, "health") },
      { name: "a. GET /api/session", unit: "req/s", samples: samplesOf(results, "session") },
      { name: "a. GET /api/payment-links (12 links)", unit: "req/s", samples: samplesOf(results, "links") },
    ];
  },
};

/**
 * Row g: payouts per second through the BFF (POST /api/payouts, a fresh
 * Idempotency-Key each, so each is an upstream payout plus ledger writes), on the
 * embedded PGlite and on PostgreSQL, as a ratio of the read path (GET
 * /api/payment-links) measured in the same run; and the sandbox's own list
 * throughput with 100 and with 10,000 links.
 */
import { ACME } from "../../sandbox/businesses";
import { repeat, samplesOf, type BenchContext, type Row } from "../lib/context";
import type { Measurement } from "../lib/measurement";
import { load, loadInterleaved } from "../lib/http-load";
import { CONNECTIONS } from "./a-throughput";

const SECONDS = 8;
const SLICES = 4;
const PAYOUT = JSON.stringify({ amount_centavos: 2500, pix_key_type: "email", pix_key: "fornecedor@example.com" });

async function payoutRun(ctx: BenchContext): Promise<Record<string, number>> {
  const cookie = await ctx.app.cookie();
  const [links = 0, payouts = 0] = await loadInterleaved(
    [
      { url: `${ctx.app.url}/api/payment-links`, connections: CONNECTIONS, headers: { cookie } },
      {
        url: `${ctx.app.url}/api/payouts`,
        connections: CONNECTIONS,
        method: "POST",
        body: PAYOUT,
        headers: { cookie, "content-type": "application/json", "x-requested-by": "dashboard", origin: ctx.app.url },
        uniqueIdempotencyKey: true,
      },
    ],
    SLICES,
    SECONDS / SLICES,
  );
  return { payouts, links, ratio: payouts / links };
}

async function onDatabase(ctx: BenchContext, label: string, databaseUrl: string | undefined): Promise<Measurement[]> {
  await ctx.app.ensure({ databaseUrl });
  const results = await repeat(ctx.runs, async (i) => {
    const r = await payoutRun(ctx);
    ctx.log(
      `  ${label} run ${i + 1}: payouts ${r.payouts?.toFixed(0)} req/s, payment-links ${r.links?.toFixed(0)} req/s`,
    );
    return r;
  });
  return [
    {
      name: `g. POST /api/payouts ÷ GET /api/payment-links (req/s, c=10), ${label}`,
      unit: "×",
      samples: samplesOf(results, "ratio"),
      goal: { better: "higher", target: 0.5 },
    },
    { name: `g. POST /api/payouts (c=10), ${label}`, unit: "req/s", samples: samplesOf(results, "payouts") },
  ];
}

async function sandboxThroughput(ctx: BenchContext, links: number): Promise<Measurement> {
  await ctx.sandbox.ensure({ links, chargebacks: 0 });
  const url = `${ctx.sandbox.url}/v1/payment-links`;
  const headers = { "x-api-key": ACME.apiKey };
  await load({ url, connections: CONNECTIONS, seconds: 2, headers });
  const results = await repeat(ctx.runs, async () => ({
    rps: (await load({ url, connections: CONNECTIONS, seconds: 5, headers })).rps,
  }));
  ctx.log(
    `  sandbox with ${links} links: ${samplesOf(results, "rps")
      .map((n) => n.toFixed(0))
      .join(", ")} req/s`,
  );
  return {
    name: `g. sandbox GET /v1/payment-links directly, ${links.toLocaleString("en-US")} links (c=10)`,
    unit: "req/s",
    samples: samplesOf(results, "rps"),
  };
}

export const payoutsRow: Row = {
  id: "g",
  title: "payouts per second with ledger writes; the sandbox's own throughput",
  async run(ctx) {
    await ctx.sandbox.ensure();
    const out = await onDatabase(ctx, "embedded PGlite", undefined);
    try {
      const url = await ctx.postgres.start();
      out.push(...(await onDatabase(ctx, "PostgreSQL", url)));
    } catch (error) {
      ctx.log(`  PostgreSQL part not measured: ${error instanceof Error ? error.message : String(error)}`);
      out.push({
        name: "g. POST /api/payouts on PostgreSQL",
        unit: "×",
        samples: [],
        note: `not measured: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
      });
    } finally {
      await ctx.app.stop();
      await ctx.postgres.stop();
    }
    out.push(await sandboxThroughput(ctx, 100), await sandboxThroughput(ctx, 10_000));
    return out;
  },
};

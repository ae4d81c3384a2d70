/** Row b: latency GET /api/payment-links adds over calling the sandbox directly, p50 at c=1. */
import { ACME } from "../../sandbox/businesses";
import { repeat, samplesOf, type Row } from "../lib/context";
import { sequentialP50 } from "../lib/http-load";

const REQUESTS = 1_000;

export const addedLatencyRow: Row = {
  id: "b",
  title: "added latency of GET /api/payment-links over the sandbox (p50, c=1)",
  async run(ctx) {
    await ctx.sandbox.ensure();
    await ctx.app.ensure();
    const cookie = await ctx.app.cookie();
    const direct = () => sequentialP50(`${ctx.sandbox.url}/v1/payment-links`, { "x-api-key": ACME.apiKey }, REQUESTS);
    const viaBff = () => sequentialP50(`${ctx.app.url}/api/payment-links`, { cookie }, REQUESTS);
    await direct();
    await viaBff();
    const results = await repeat(ctx.runs, async (i) => {
      const sandbox = await direct();
      const bff = await viaBff();
      ctx.log(`  run ${i + 1}: sandbox p50 ${sandbox.toFixed(2)} ms, BFF p50 ${bff.toFixed(2)} ms`);
      return { added: bff - sandbox, sandbox, bff };
    });
    return [
      {
        name: "b. added p50 latency of GET /api/payment-links over the sandbox (c=1)",
        unit: "ms",
        samples: samplesOf(results, "added"),
        goal: { better: "lower", target: 1 },
      },
      {
        name: "b. p50 GET /v1/payment-links on the sandbox directly (c=1)",
        unit: "ms",
        samples: samplesOf(results, "sandbox"),
      },
      { name: "b. p50 GET /api/payment-links (c=1)", unit: "ms", samples: samplesOf(results, "bff") },
    ];
  },
};

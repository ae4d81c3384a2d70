/**
 * A batch under the sandbox's fault injection (503s with Retry-After, 429s,
 * latency spikes, hanging requests, HTML 502s, commit-then-drop) and its
 * stricter same-key mode: see tests/helpers/batch-fault-storm.ts. 200 rows
 * here; the 1,000 run in the soak suite (tests/soak/batch-fault-storm.soak.ts),
 * or here with BATCH_STORM_ROWS=1000. Figures are printed for docs/reliability.md.
 */
import { describe, expect, it } from "vitest";
import { setUpBffHarness } from "../helpers/bff-suite";
import { runBatchFaultStorm, STORM_HARNESS } from "../helpers/batch-fault-storm";

const ROWS = Number(process.env.BATCH_STORM_ROWS ?? 200);

const ctx = setUpBffHarness(STORM_HARNESS);

describe("batch fault storm", () => {
  it(`${ROWS} rows under injected faults: one upstream payout per row, or needs review — never a duplicate`, async () => {
    // runBatchFaultStorm checks every row against the sandbox's record; its figures say the same in short.
    const figures = await runBatchFaultStorm(ctx, ROWS);
    expect(figures).toMatchObject({ duplicates: 0, same_key_overlaps: 0 });
    expect(Number(figures.paid) + Number(figures.needs_review)).toBe(ROWS);
  }, 600_000);
});

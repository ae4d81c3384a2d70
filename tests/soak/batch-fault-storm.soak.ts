/**
 * The full-size batch fault storm: 1,000 rows under the sandbox's fault
 * injection, ledger on this run's PostgreSQL (tests/helpers/batch-fault-storm.ts
 * says what is injected and asserted). One upstream payout per row, or needs
 * review with at most one — never a duplicate.
 */
import { describe, inject, it } from "vitest";
import { setUpBffHarness } from "../helpers/bff-suite";
import { runBatchFaultStorm, STORM_HARNESS } from "../helpers/batch-fault-storm";
import { soakLine } from "./harness";

process.env.TEST_DATABASE_URL = inject("postgresUrl");

const ROWS = 1_000;

const ctx = setUpBffHarness(STORM_HARNESS);

describe("batch fault storm, full size", () => {
  it(`${ROWS} rows under injected faults: one upstream payout per row, or needs review — never a duplicate`, async () => {
    soakLine("batch-fault-storm", await runBatchFaultStorm(ctx, ROWS));
  }, 1_500_000);
});

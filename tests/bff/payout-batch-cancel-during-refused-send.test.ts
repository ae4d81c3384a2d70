/**
 * A person cancels a batch while the worker's send of one of its rows is in flight, and the API answers that send
 * with a 401 (the batch's credential was rotated or revoked: nothing was made). The cancel left the in-flight row
 * alone (its send had started); the refusal must then close it as cancelled, read under the batch's lock: never
 * back to pending in a batch that will never send it.
 */
import { describe, expect, it } from "vitest";
import * as cancel from "@/app/api/payout-batches/[id]/cancel/route";
import { getLedger } from "@/lib/server/ledger";
import { runBatchPass } from "@/lib/server/services/batches/worker";
import { call } from "../helpers/bff";
import { setUpBffHarness } from "../helpers/bff-suite";
import {
  batchRows,
  confirmBatch,
  createBatch,
  firstSendRefused,
  readBatch,
  readRows,
  upstreamByKey,
} from "../helpers/batches";

const ctx = setUpBffHarness({ env: { PAYOUT_REFRESH_EVERY_MS: "100" } });

describe("a 401 on a batch that a person cancelled during that send", () => {
  it("closes the refused row as cancelled: no row of a cancelled batch waits to be sent", async () => {
    const ledger = await getLedger();
    const batch = await confirmBatch(ctx.cookie, await createBatch(ctx.cookie, batchRows(3, { prefix: "cancel-401" })));
    const clientFor = firstSendRefused(async () => {
      // While this send is in flight, a person cancels the batch (and then the API refuses the send's credential).
      const cancelled = await call(cancel.POST, `/api/payout-batches/${batch.id}/cancel`, {
        method: "POST",
        cookie: ctx.cookie,
        params: { id: batch.id },
        body: {},
      });
      expect(cancelled.status, cancelled.text).toBe(200);
    });
    const pass = await runBatchPass(ledger, { concurrency: 1, clientFor });
    // Later passes change nothing: the batch is cancelled.
    expect(await runBatchPass(ledger, { concurrency: 1 })).toMatchObject({ claimed: 0, submitted: 0 });

    const after = await readBatch(ctx.cookie, batch.id);
    expect(after.status).toBe("cancelled");
    const rows = await readRows(ctx.cookie, batch.id);
    // A cancelled batch must not show a row as waiting to be sent: the refused row reads cancelled, as the others.
    expect(rows.filter((r) => r.status === "pending").map((r) => r.row_number)).toEqual([]);
    expect(rows.map((r) => r.status)).toEqual(["cancelled", "cancelled", "cancelled"]);
    expect(after.counts).toMatchObject({ pending: 0, cancelled: 3, failed: 0, sending: 0 });
    expect((await upstreamByKey(ctx.harness, batch.id)).size).toBe(0);
    expect(pass).toMatchObject({ refused: 1, cancelled: 1, rejected: 0, submitted: 0 });
  }, 120_000);
});

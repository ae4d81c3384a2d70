/**
 * POST /api/payout-batches/preview beyond the register: rows repeating a row of
 * another batch of the business (awaiting confirmation, paused, queued — rows
 * the register does not hold yet — or sent), never of a cancelled one's unsent
 * rows nor of another business; and the fees estimated from the business's own
 * recent payouts. Its own harness: the fee tests need a register they control.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as preview from "@/app/api/payout-batches/preview/route";
import * as cancel from "@/app/api/payout-batches/[id]/cancel/route";
import * as pause from "@/app/api/payout-batches/[id]/pause/route";
import * as resume from "@/app/api/payout-batches/[id]/resume/route";
import * as session from "@/app/api/session/route";
import { getLedger } from "@/lib/server/ledger";
import { runBatchPass } from "@/lib/server/services/batches/worker";
import type { BatchPreview, BatchRowInput } from "@/lib/shared/schemas/payout-batches";
import { betaOperatorBody, call, signIn } from "../helpers/bff";
import { setUpBffHarness } from "../helpers/bff-suite";
import { batchRows, confirmBatch, createBatch, readBatch, readRows } from "../helpers/batches";

const ctx = setUpBffHarness({ env: { RECONCILER: "off" } });

async function previewOf(cookie: string, rows: BatchRowInput[]): Promise<BatchPreview> {
  const result = await call(preview.POST, "/api/payout-batches/preview", { method: "POST", cookie, body: { rows } });
  expect(result.status, result.text).toBe(200);
  return result.json.data as BatchPreview;
}

const act = (handler: typeof cancel.POST, id: string, action: string) =>
  call(handler, `/api/payout-batches/${id}/${action}`, { method: "POST", cookie: ctx.cookie, params: { id } });

/** One row per amount, paying `prefix<i>@example.com`, numbered from 2. */
function rowsOf(prefix: string, amounts: readonly number[]): BatchRowInput[] {
  return amounts.map((amount, i) => ({
    ...(batchRows(1, { prefix: `${prefix}${i}-`, amount })[0] as BatchRowInput),
    row_number: i + 2,
  }));
}

let beta = "";
beforeAll(async () => {
  beta = await signIn(session.POST, betaOperatorBody);
});

// First in the file: the business has no payout yet.
describe("preview: fees estimated from the business's own payouts", () => {
  it("says nothing is known before any payout with a fee", async () => {
    const data = await previewOf(ctx.cookie, rowsOf("nofee", [1_000]));
    expect(data.fee_estimate).toBeNull();
  });

  it("a flat fee while every fee seen is the same; proportional (never under the smallest) once they differ; each row's fee in the rows", async () => {
    const small = await confirmBatch(ctx.cookie, await createBatch(ctx.cookie, rowsOf("fee-small", [1_000, 1_001])));
    await runBatchPass(await getLedger(), { concurrency: 2 });
    // The sandbox's fees, as the API reported them: what the estimate learns from.
    expect((await readRows(ctx.cookie, small.id)).map((r) => [r.row_number, r.fee_centavos])).toEqual([
      [2, 50],
      [3, 50],
    ]);
    const asked = rowsOf("new", [1_000, 200_000, 5_000]);
    expect((await previewOf(ctx.cookie, asked)).fee_estimate).toEqual({
      basis: "flat",
      fee_centavos: 50,
      sample_size: 2,
      total_centavos: 150,
    });

    const large = await confirmBatch(
      ctx.cookie,
      await createBatch(ctx.cookie, rowsOf("fee-large", [100_000, 250_000])),
    );
    await runBatchPass(await getLedger(), { concurrency: 2 });
    expect((await readRows(ctx.cookie, large.id)).map((r) => r.fee_centavos)).toEqual([1_000, 2_500]);
    // Ratios 0.01, 0.01, 0.04995, 0.05: median 1%; R$ 10,00 and R$ 50,00 stay at the smallest fee seen (R$ 0,50).
    const estimate = (await previewOf(ctx.cookie, asked)).fee_estimate;
    expect(estimate).toMatchObject({
      basis: "proportional",
      sample_size: 4,
      minimum_fee_centavos: 50,
      total_centavos: 50 + 2_000 + 50,
    });
    if (estimate?.basis !== "proportional") throw new Error("expected a proportional estimate");
    expect(estimate.ratio_fee_centavos * 100).toBe(estimate.ratio_amount_centavos);

    // Another business's fees are not this one's: it has none.
    expect((await previewOf(beta, asked)).fee_estimate).toBeNull();
  });
});

describe("preview: rows of other batches", () => {
  it("the same file twice: the second preview flags every row against the first batch while it awaits confirmation", async () => {
    const rows = rowsOf("twice", [1_500, 2_500, 3_500]);
    const first = await createBatch(ctx.cookie, rows);
    const data = await previewOf(ctx.cookie, rows);
    expect(data.register_matches).toEqual([]);
    expect(data.batch_matches).toEqual(
      rows.map((row) => ({
        row_number: row.row_number,
        batch_id: first.id,
        file_name: "lista.csv",
        batch_row_number: row.row_number,
        batch_status: "awaiting_confirmation",
        batch_created_at: first.created_at,
      })),
    );
    // Same key, another amount; same amount, another key: not flagged.
    const [row] = rows;
    if (!row) throw new Error("no row");
    const near = [
      { ...row, amount_centavos: row.amount_centavos + 1 },
      { ...row, row_number: 3, pix_key: "someone-else@example.com" },
    ];
    expect((await previewOf(ctx.cookie, near)).batch_matches).toEqual([]);

    // The flag is advisory: a second batch can still be made, and both are named, newest first.
    const second = await createBatch(ctx.cookie, rows);
    const both = await previewOf(ctx.cookie, rows.slice(0, 1));
    expect(both.batch_matches.map((m) => [m.row_number, m.batch_id])).toEqual([
      [2, second.id],
      [2, first.id],
    ]);
    await act(cancel.POST, second.id, "cancel");
    await act(cancel.POST, first.id, "cancel");
  });

  it("a paused batch's queued rows are flagged; once sent, a row is in the register too, still naming its batch", async () => {
    const rows = rowsOf("paused", [4_000, 4_100]);
    const batch = await confirmBatch(ctx.cookie, await createBatch(ctx.cookie, rows));
    await act(pause.POST, batch.id, "pause");
    const paused = await previewOf(ctx.cookie, rows);
    expect(paused.register_matches).toEqual([]);
    expect(paused.batch_matches.map((m) => [m.row_number, m.batch_row_number, m.batch_status])).toEqual([
      [2, 2, "paused"],
      [3, 3, "paused"],
    ]);

    await act(resume.POST, batch.id, "resume");
    await runBatchPass(await getLedger(), { concurrency: 2 });
    const sent = await previewOf(ctx.cookie, rows);
    expect(sent.register_matches.map((m) => m.payout_id)).toEqual(
      (await readRows(ctx.cookie, batch.id)).map((r) => r.payout_id),
    );
    const status = (await readBatch(ctx.cookie, batch.id)).status;
    expect(sent.batch_matches.map((m) => [m.row_number, m.batch_id, m.batch_status])).toEqual([
      [2, batch.id, status],
      [3, batch.id, status],
    ]);
  });

  it("once the first batch is cancelled before sending nothing is flagged; of a batch cancelled midway, only the rows it sent", async () => {
    const rows = rowsOf("cancelled", [5_000, 5_100, 5_200]);
    const unsent = await createBatch(ctx.cookie, rows);
    expect((await previewOf(ctx.cookie, rows)).batch_matches).toHaveLength(3);
    expect((await act(cancel.POST, unsent.id, "cancel")).json.data).toMatchObject({ status: "cancelled" });
    expect(await previewOf(ctx.cookie, rows)).toMatchObject({ register_matches: [], batch_matches: [] });

    const midway = await confirmBatch(ctx.cookie, await createBatch(ctx.cookie, rows));
    expect((await runBatchPass(await getLedger(), { concurrency: 1, maxClaims: 1 })).claimed).toBe(1);
    await act(cancel.POST, midway.id, "cancel");
    const data = await previewOf(ctx.cookie, rows);
    expect(data.batch_matches.map((m) => [m.row_number, m.batch_id, m.batch_status])).toEqual([
      [2, midway.id, "cancelled"],
    ]);
    expect(data.register_matches.map((m) => m.row_number)).toEqual([2]);
  });

  it("business scope: another business's batch never matches, either way", async () => {
    const rows = rowsOf("scope", [6_000, 6_100]);
    const theirs = await createBatch(beta, rows);
    expect((await previewOf(ctx.cookie, rows)).batch_matches).toEqual([]);
    const ours = await createBatch(ctx.cookie, rows);
    expect((await previewOf(ctx.cookie, rows)).batch_matches.map((m) => m.batch_id)).toEqual([ours.id, ours.id]);
    expect((await previewOf(beta, rows)).batch_matches.map((m) => m.batch_id)).toEqual([theirs.id, theirs.id]);
  });
});

/**
 * "Mark handled" with a payout id on a row whose send never started (`maybe_sent` false: a batch row claimed but
 * not sent yet, because the batch was slowed by a 429 or the process stopped between claim and send). Its key
 * never reached the API, so no payout is its own: a payout made elsewhere (same amount and key, e.g. the operator
 * paid the supplier by hand because the batch looked stuck) is refused, and the row can still be closed as handled
 * without an id, with a note.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as review from "@/app/api/payouts/review/route";
import * as payouts from "@/app/api/payouts/route";
import type { RegisterPayout } from "@/lib/shared/schemas/register";
import { claimBatchRow, getLedger, getPayoutByIdempotencyKey } from "@/lib/server/ledger";
import { ACME, call, DEMO_NAMES } from "../helpers/bff";
import { setUpBffHarness } from "../helpers/bff-suite";
import { batchRows, confirmBatch, createBatch, readRows } from "../helpers/batches";

const bff = setUpBffHarness();

describe("mark handled on a payout that was never sent", () => {
  it("refuses to attach a payout to a claimed batch row whose send never started; closing it without an id still works", async () => {
    const ledger = await getLedger();
    const batch = await confirmBatch(
      bff.cookie,
      await createBatch(bff.cookie, batchRows(1, { prefix: "never-sent", amount: 4_321 })),
    );
    // The worker claimed the row (its intent written) but has not sent it (slowed by a 429, or stopped).
    const claimed = await claimBatchRow(ledger, { id: batch.id, businessId: ACME.businessId }, () =>
      Promise.resolve({ requestHash: "never-sent", actor: { name: DEMO_NAMES.operator, role: "operator" } }),
    );
    if (!claimed) throw new Error("nothing claimed");
    expect(await getPayoutByIdempotencyKey(ledger, ACME.businessId, claimed.idempotencyKey)).toMatchObject({
      state: "intent",
      maybeSent: false,
    });
    // The register says so.
    const listed = await call(payouts.GET, `/api/payouts?search=${claimed.idempotencyKey}`, { cookie: bff.cookie });
    expect(
      (listed.json.data as { items: RegisterPayout[] }).items.find((r) => r.idempotency_key === claimed.idempotencyKey),
    ).toMatchObject({ never_sent: true, sends: 0 });

    // The operator pays the supplier by other means (same amount, same key) and marks the row handled with that id.
    const response = await fetch(`${bff.harness.sandbox.url}/v1/payouts`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": ACME.apiKey },
      body: JSON.stringify({
        amount_centavos: 4_321,
        pix_key_type: "email",
        pix_key: "never-sent0@example.com",
        idempotency_key: randomUUID(),
      }),
    });
    const elsewhere = ((await response.json()) as { data: { id: string } }).data.id;
    const attached = await call(review.POST, "/api/payouts/review", {
      method: "POST",
      cookie: bff.cookie,
      body: {
        action: "mark_handled",
        idempotency_key: claimed.idempotencyKey,
        note: "paid it by hand",
        payout_id: elsewhere,
      },
    });

    // This row's key never reached the API: no payout can be this row's.
    expect(
      (await bff.harness.sandbox.payoutRequests()).filter((r) => r.idempotency_key === claimed.idempotencyKey),
    ).toHaveLength(0);
    expect(attached.status, attached.text).toBe(422);
    expect(attached.json.error).toMatchObject({
      code: "payout_mismatch",
      fields: { payout_id: "validation.payoutNeverSent" },
      details: { mismatch: ["never_sent"] },
    });
    expect(await getPayoutByIdempotencyKey(ledger, ACME.businessId, claimed.idempotencyKey)).toMatchObject({
      state: "intent",
      payoutId: null,
    });
    expect(
      (await readRows(bff.cookie, batch.id)).find((r) => r.row_number === claimed.rowNumber)?.payout_id ?? null,
    ).not.toBe(elsewhere);

    // Closing it as handled, naming the payout in the note, stays possible.
    const closed = await call(review.POST, "/api/payouts/review", {
      method: "POST",
      cookie: bff.cookie,
      body: { action: "mark_handled", idempotency_key: claimed.idempotencyKey, note: `paid by hand: ${elsewhere}` },
    });
    expect(closed.status, closed.text).toBe(200);
    expect((await readRows(bff.cookie, batch.id)).find((r) => r.row_number === claimed.rowNumber)?.status).toBe(
      "handled",
    );
  }, 60_000);
});

/**
 * The batch payout routes: roles, CSRF, idempotent creation, the typed-total
 * confirmation, pause / resume / cancel, tenant isolation, the register
 * preview and the results file. The worker itself is in payout-batch-worker.test.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { parseBatchFile } from "@/lib/shared/batch";
import * as batches from "@/app/api/payout-batches/route";
import * as preview from "@/app/api/payout-batches/preview/route";
import * as batchOne from "@/app/api/payout-batches/[id]/route";
import * as confirm from "@/app/api/payout-batches/[id]/confirm/route";
import * as pause from "@/app/api/payout-batches/[id]/pause/route";
import * as resume from "@/app/api/payout-batches/[id]/resume/route";
import * as cancel from "@/app/api/payout-batches/[id]/cancel/route";
import * as rowsRoute from "@/app/api/payout-batches/[id]/rows/route";
import * as results from "@/app/api/payout-batches/[id]/results.csv/route";
import * as resultsXlsx from "@/app/api/payout-batches/[id]/results.xlsx/route";
import * as payouts from "@/app/api/payouts/route";
import * as session from "@/app/api/session/route";
import { randomUUID } from "node:crypto";
import { createBatch as writeBatch, getLedger } from "@/lib/server/ledger";
import { runBatchPass } from "@/lib/server/services/batches/worker";
import type { Batch } from "@/lib/shared/schemas/payout-batches";
import type { RegisterPayout } from "@/lib/shared/schemas/register";
import { ACME, betaOperatorBody, call, DEMO_NAMES, financeBody, newKey, signIn, supportBody } from "../helpers/bff";
import { activityReader } from "../helpers/activity-reader";
import { setUpBffHarness } from "../helpers/bff-suite";
import { batchRows, confirmBatch, createBatch, readBatch, readRows } from "../helpers/batches";

const ctx = setUpBffHarness({ env: { RECONCILER: "off" } });
const post = (handler: typeof confirm.POST, id: string, action: string, body?: unknown) =>
  call(handler, `/api/payout-batches/${id}/${action}`, { method: "POST", cookie: ctx.cookie, params: { id }, body });

const readActivity = activityReader();
const batchActivity = (id: string) => readActivity(`?target_id=${id}`);

/** GET …/results.csv or …/results.xlsx of the batch, as `cookie`'s person (the operator by default). */
function resultsFile(id: string, format: "csv" | "xlsx", cookie = ctx.cookie): Promise<Response> {
  const request = new Request(`http://127.0.0.1:3000/api/payout-batches/${id}/results.${format}`, {
    headers: { host: "127.0.0.1:3000", cookie },
  });
  return (format === "csv" ? results.GET : resultsXlsx.GET)(request, { params: Promise.resolve({ id }) });
}

/** GET …/results.csv as its lines (BOM removed). */
async function resultsCsvLines(id: string): Promise<string[]> {
  const response = await resultsFile(id, "csv");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/csv");
  expect(response.headers.get("content-disposition")).toMatch(/-results\.csv/);
  return (await response.text())
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
}

describe("batch routes: who may call them", () => {
  const readOnly: Record<string, string> = {};
  let batch: Batch;
  beforeAll(async () => {
    readOnly.support = await signIn(session.POST, supportBody);
    readOnly.finance = await signIn(session.POST, financeBody);
    batch = await createBatch(ctx.cookie, batchRows(2));
  });

  it.each(["support", "finance"])("refuses %s (read-only) every write (403), and changes nothing", async (role) => {
    const cookie = readOnly[role] ?? "";
    const id = batch.id;
    const rows = batchRows(1);
    const before = (await call(batches.GET, "/api/payout-batches", { cookie: ctx.cookie })).json.data as {
      batches: Batch[];
    };
    const attempts = [
      call(batches.POST, "/api/payout-batches", {
        method: "POST",
        cookie,
        idempotencyKey: newKey(),
        body: { file_name: "x.csv", rows },
      }),
      call(preview.POST, "/api/payout-batches/preview", { method: "POST", cookie, body: { rows } }),
      ...[confirm, pause, resume, cancel].map((route, i) =>
        call(route.POST, `/api/payout-batches/${id}/${["confirm", "pause", "resume", "cancel"][i]}`, {
          method: "POST",
          cookie,
          params: { id },
          body: {},
        }),
      ),
    ];
    for (const result of await Promise.all(attempts)) {
      expect(result.status, result.text).toBe(403);
      expect(result.json.error?.code).toBe("forbidden");
    }
    expect((await readBatch(ctx.cookie, id)).status).toBe("awaiting_confirmation");
    const after = (await call(batches.GET, "/api/payout-batches", { cookie: ctx.cookie })).json.data as {
      batches: Batch[];
    };
    expect(after.batches).toHaveLength(before.batches.length);
  });

  it.each(["support", "finance"])("lets %s read the batches, their rows and results (the register)", async (role) => {
    const cookie = readOnly[role] ?? "";
    const id = batch.id;
    const reads = [
      call(batchOne.GET, `/api/payout-batches/${id}`, { cookie, params: { id } }),
      call(rowsRoute.GET, `/api/payout-batches/${id}/rows`, { cookie, params: { id } }),
    ];
    for (const result of await Promise.all(reads)) expect(result.status, result.text).toBe(200);
    const list = await call(batches.GET, "/api/payout-batches", { cookie });
    expect(list.status).toBe(200);
    expect((list.json.data as { batches: Batch[] }).batches.map((b) => b.id)).toContain(id);
    for (const [route, file] of [
      [results, "results.csv"],
      [resultsXlsx, "results.xlsx"],
    ] as const) {
      const response = await route.GET(
        new Request(`http://127.0.0.1:3000/api/payout-batches/${id}/${file}`, {
          headers: { host: "127.0.0.1:3000", cookie },
        }),
        { params: Promise.resolve({ id }) },
      );
      expect(response.status, file).toBe(200);
    }
  });

  it("refuses a cross-site write (CSRF) and a request without a session", async () => {
    const crossSite = await call(batches.POST, "/api/payout-batches", {
      method: "POST",
      cookie: ctx.cookie,
      idempotencyKey: newKey(),
      body: { file_name: "x.csv", rows: batchRows(1) },
      headers: { "sec-fetch-site": "cross-site", origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.json.error?.code).toBe("csrf_rejected");
    const confirmCrossSite = await call(confirm.POST, `/api/payout-batches/${batch.id}/confirm`, {
      method: "POST",
      cookie: ctx.cookie,
      params: { id: batch.id },
      body: {},
      headers: { "x-requested-by": null },
    });
    expect(confirmCrossSite.status).toBe(403);
    expect((await call(batches.GET, "/api/payout-batches", {})).status).toBe(401);
    expect((await readBatch(ctx.cookie, batch.id)).status).toBe("awaiting_confirmation");
  });
});

describe("creating a batch", () => {
  it("writes the batch and every row before anything is sent, masked, awaiting confirmation", async () => {
    const upstreamBefore = (await ctx.harness.sandbox.payouts()).length;
    const batch = await createBatch(ctx.cookie, batchRows(3));
    expect(batch).toMatchObject({
      status: "awaiting_confirmation",
      row_count: 3,
      total_centavos: 1000 + 1001 + 1002,
      created_by: DEMO_NAMES.operator,
      file_name: "lista.csv",
    });
    expect(batch.counts).toEqual({
      pending: 3,
      sending: 0,
      sent: 0,
      paid: 0,
      failed: 0,
      needs_review: 0,
      handled: 0,
      cancelled: 0,
    });
    const rows = await readRows(ctx.cookie, batch.id);
    expect(rows.map((r) => [r.row_number, r.status, r.pix_key, r.payout_id])).toEqual([
      [2, "pending", "r***@example.com", null],
      [3, "pending", "r***@example.com", null],
      [4, "pending", "r***@example.com", null],
    ]);
    expect((await ctx.harness.sandbox.payouts()).length).toBe(upstreamBefore);
  });

  it("the same key and body again is the same batch; the same key with another body is refused", async () => {
    const key = newKey("batch");
    const rows = batchRows(2);
    const first = await createBatch(ctx.cookie, rows, key);
    const again = await call(batches.POST, "/api/payout-batches", {
      method: "POST",
      cookie: ctx.cookie,
      idempotencyKey: key,
      body: { file_name: "lista.csv", rows },
    });
    expect(again.status).toBe(200);
    expect((again.json.data as Batch).id).toBe(first.id);
    const other = await call(batches.POST, "/api/payout-batches", {
      method: "POST",
      cookie: ctx.cookie,
      idempotencyKey: key,
      body: { file_name: "lista.csv", rows: batchRows(3) },
    });
    expect(other.status).toBe(409);
    expect(other.json.error?.code).toBe("idempotency_conflict");
    const list = (await call(batches.GET, "/api/payout-batches", { cookie: ctx.cookie })).json.data as {
      batches: Batch[];
    };
    expect(list.batches.filter((b) => b.id === first.id)).toHaveLength(1);
  });

  it("needs an Idempotency-Key, and validates every row with the single payout's rules", async () => {
    const noKey = await call(batches.POST, "/api/payout-batches", {
      method: "POST",
      cookie: ctx.cookie,
      body: { file_name: "x.csv", rows: batchRows(1) },
    });
    expect(noKey.status).toBe(428);
    const [row] = batchRows(1);
    const bad = await call(batches.POST, "/api/payout-batches", {
      method: "POST",
      cookie: ctx.cookie,
      idempotencyKey: newKey(),
      body: {
        file_name: "x.csv",
        rows: [
          { ...row, key_type: "cpf", pix_key: "12345678900" },
          { ...row, amount_centavos: 0 },
        ],
      },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.error?.fields).toMatchObject({
      "rows.0.pix_key": "validation.pixKey.cpf",
      "rows.1.amount_centavos": "validation.amountPositive",
    });
  });

  it("refuses (422, naming the row and field) any text a spreadsheet would run as a formula, and writes nothing", async () => {
    const [row] = batchRows(1, { prefix: "formula" });
    if (!row) throw new Error("no row");
    const before = (
      (await call(batches.GET, "/api/payout-batches", { cookie: ctx.cookie })).json.data as { batches: Batch[] }
    ).batches.length;
    const hostile = [
      { ...row, row_number: 2, original: { ...row.original, nome: '=HYPERLINK("http://x","y")' } },
      { ...row, row_number: 3, name: "@SUM(A1)" },
      { ...row, row_number: 4, original: { ...row.original, obs: "+cmd|' /C calc'!A0" } },
      { ...row, row_number: 5, description: "-2+3+cmd|' /C calc'!A0" },
      { ...row, row_number: 6, original: { ...row.original, "=1+1": "x" } },
      { ...row, row_number: 7, original: { ...row.original, obs: "\t=1+1" } },
    ];
    for (const [handler, url, body] of [
      [batches.POST, "/api/payout-batches", { file_name: "x.csv", rows: hostile }],
      [preview.POST, "/api/payout-batches/preview", { rows: hostile }],
    ] as const) {
      const refused = await call(handler, url, { method: "POST", cookie: ctx.cookie, idempotencyKey: newKey(), body });
      expect(refused.status, refused.text).toBe(422);
      expect(refused.json.error?.fields).toEqual({
        "rows.0.original.nome": "batch.row.formulaEquals",
        "rows.1.name": "batch.row.formulaAt",
        "rows.2.original.obs": "batch.row.formulaPlus",
        "rows.3.description": "batch.row.formulaMinus",
        "rows.4.original.=1+1": "batch.row.formulaEquals",
        "rows.5.original.obs": "batch.row.formulaControl",
      });
    }
    expect(
      ((await call(batches.GET, "/api/payout-batches", { cookie: ctx.cookie })).json.data as { batches: Batch[] })
        .batches,
    ).toHaveLength(before);

    // Signed numbers, amounts and phones are not formulas; nor is a lone dash.
    const plain = {
      ...row,
      key_type: "phone",
      pix_key: "+5511987654321",
      description: "-",
      original: { chave: "+55 (11) 98765-4321", valor: "-10,00", saldo: "+1.234,56", obs: " -" },
    };
    const created = await call(batches.POST, "/api/payout-batches", {
      method: "POST",
      cookie: ctx.cookie,
      idempotencyKey: newKey(),
      body: { file_name: "x.csv", rows: [plain] },
    });
    expect(created.status, created.text).toBe(201);
  });

  it("takes a 5,000-row batch (past the ordinary 64 KiB body limit)", async () => {
    const batch = await createBatch(ctx.cookie, batchRows(5_000, { prefix: "big" }));
    expect(batch).toMatchObject({ row_count: 5_000, status: "awaiting_confirmation" });
    expect((await readRows(ctx.cookie, batch.id)).length).toBe(5_000);
  }, 60_000);
});

describe("confirming, pausing, resuming, cancelling", () => {
  it("above the threshold the typed total must match; confirmation is audited with who", async () => {
    const batch = await createBatch(ctx.cookie, batchRows(2, { amount: 600_000 }));
    expect(batch.total_centavos).toBeGreaterThan(1_000_000);
    // The batch says so up front (the page shows the field before the first confirm); the route still enforces it.
    expect(batch.typed_total_required).toBe(true);
    expect((await readBatch(ctx.cookie, batch.id)).typed_total_required).toBe(true);
    const missing = await post(confirm.POST, batch.id, "confirm", {});
    expect(missing.status).toBe(422);
    expect(missing.json.error?.fields).toEqual({ typed_total_centavos: "batch.confirm.totalMismatch" });
    const wrong = await post(confirm.POST, batch.id, "confirm", { typed_total_centavos: batch.total_centavos - 1 });
    expect(wrong.status).toBe(422);
    expect((await readBatch(ctx.cookie, batch.id)).status).toBe("awaiting_confirmation");
    const right = await post(confirm.POST, batch.id, "confirm", { typed_total_centavos: batch.total_centavos });
    expect(right.status).toBe(200);
    expect(right.json.data).toMatchObject({ status: "sending" });
    // A second click gets the batch, not a second confirmation.
    expect((await post(confirm.POST, batch.id, "confirm", {})).status).toBe(200);
    const audit = await batchActivity(batch.id);
    expect(audit.map((e) => [e.action, e.actor.name])).toEqual([
      ["batch.confirmed", DEMO_NAMES.operator],
      ["batch.created", DEMO_NAMES.operator],
    ]);
    await post(cancel.POST, batch.id, "cancel");
  });

  it("below the threshold no typed total is needed", async () => {
    const batch = await createBatch(ctx.cookie, batchRows(2));
    expect(batch.typed_total_required).toBe(false);
    const result = await post(confirm.POST, batch.id, "confirm", {});
    expect(result.status).toBe(200);
    await post(cancel.POST, batch.id, "cancel");
  });

  it("a paused batch sends nothing; resumed, it sends; cancelled, the rows not sent are cancelled and the sent ones are kept", async () => {
    const ledger = await getLedger();
    const batch = await confirmBatch(ctx.cookie, await createBatch(ctx.cookie, batchRows(10, { prefix: "pause" })));
    expect((await post(pause.POST, batch.id, "pause")).json.data).toMatchObject({ status: "paused" });
    const paused = await runBatchPass(ledger, { concurrency: 4 });
    expect(paused.claimed).toBe(0);
    expect((await readBatch(ctx.cookie, batch.id)).counts.pending).toBe(10);

    expect((await post(resume.POST, batch.id, "resume")).json.data).toMatchObject({ status: "sending" });
    const some = await runBatchPass(ledger, { concurrency: 2, maxClaims: 4 });
    expect(some.claimed).toBe(4);

    const cancelled = await post(cancel.POST, batch.id, "cancel");
    expect(cancelled.json.data).toMatchObject({ status: "cancelled", counts: { pending: 0, cancelled: 6 } });
    expect((await runBatchPass(ledger, { concurrency: 4 })).claimed).toBe(0);
    const rows = await readRows(ctx.cookie, batch.id);
    expect(rows.filter((r) => r.status === "cancelled").map((r) => r.row_number)).toEqual([6, 7, 8, 9, 10, 11]);
    expect(rows.filter((r) => r.status !== "cancelled").every((r) => r.payout_id !== null)).toBe(true);
    const upstream = (await ctx.harness.sandbox.payouts()).filter((p) =>
      p.idempotency_key.startsWith(`batch-${batch.id}-`),
    );
    expect(upstream).toHaveLength(4);

    // Cancel again: the same answer; resume or confirm a cancelled batch: refused.
    expect((await post(cancel.POST, batch.id, "cancel")).status).toBe(200);
    expect((await post(resume.POST, batch.id, "resume")).status).toBe(409);
    const audit = await batchActivity(batch.id);
    expect(audit.map((e) => e.action)).toEqual([
      "batch.cancelled",
      "batch.resumed",
      "batch.paused",
      "batch.confirmed",
      "batch.created",
    ]);
  });

  it("the register links a batch row's payout to its batch", async () => {
    const batch = await confirmBatch(ctx.cookie, await createBatch(ctx.cookie, batchRows(1, { prefix: "link" })));
    await runBatchPass(await getLedger(), { concurrency: 1 });
    const page = (await call(payouts.GET, `/api/payouts?search=batch-${batch.id}`, { cookie: ctx.cookie })).json
      .data as { items: RegisterPayout[] };
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      state: "submitted",
      batch: { id: batch.id, row_number: 2 },
      created_by: { name: DEMO_NAMES.operator },
    });
  });
});

describe("tenant isolation", () => {
  it("another business cannot see, read, confirm or cancel the batch", async () => {
    const beta = await signIn(session.POST, betaOperatorBody);
    const batch = await createBatch(ctx.cookie, batchRows(1, { prefix: "tenant" }));
    const list = (await call(batches.GET, "/api/payout-batches", { cookie: beta })).json.data as { batches: Batch[] };
    expect(list.batches.map((b) => b.id)).not.toContain(batch.id);
    expect(
      (await call(batchOne.GET, `/api/payout-batches/${batch.id}`, { cookie: beta, params: { id: batch.id } })).status,
    ).toBe(404);
    expect(
      (await call(rowsRoute.GET, `/api/payout-batches/${batch.id}/rows`, { cookie: beta, params: { id: batch.id } }))
        .status,
    ).toBe(404);
    expect((await resultsFile(batch.id, "csv", beta)).status).toBe(404);
    expect((await resultsFile(batch.id, "xlsx", beta)).status).toBe(404);
    for (const [route, action] of [
      [confirm, "confirm"],
      [cancel, "cancel"],
    ] as const) {
      const result = await call(route.POST, `/api/payout-batches/${batch.id}/${action}`, {
        method: "POST",
        cookie: beta,
        params: { id: batch.id },
        body: {},
      });
      expect(result.status).toBe(404);
    }
    expect((await readBatch(ctx.cookie, batch.id)).status).toBe("awaiting_confirmation");
  });
});

describe("preview and results", () => {
  it("flags rows repeating a payout the register holds (same key, type and amount)", async () => {
    const batch = await confirmBatch(ctx.cookie, await createBatch(ctx.cookie, batchRows(2, { prefix: "again" })));
    await runBatchPass(await getLedger(), { concurrency: 2 });
    const rows = [
      ...batchRows(2, { prefix: "again" }),
      ...batchRows(1, { prefix: "fresh" }).map((r) => ({ ...r, row_number: 10 })),
    ];
    const result = await call(preview.POST, "/api/payout-batches/preview", {
      method: "POST",
      cookie: ctx.cookie,
      body: { rows },
    });
    expect(result.status).toBe(200);
    const matches = (result.json.data as { register_matches: { row_number: number; payout_id: string | null }[] })
      .register_matches;
    expect(matches.map((m) => m.row_number)).toEqual([2, 3]);
    const upstreamIds = (await readRows(ctx.cookie, batch.id)).map((r) => r.payout_id);
    expect(matches.map((m) => m.payout_id)).toEqual(upstreamIds);
  });

  it("the results file repeats the original columns with each outcome, as CSV and as a workbook", async () => {
    const batch = await confirmBatch(ctx.cookie, await createBatch(ctx.cookie, batchRows(2, { prefix: "csv" })));
    await runBatchPass(await getLedger(), { concurrency: 2 });
    const lines = await resultsCsvLines(batch.id);
    expect(lines[0]).toBe("chave;valor;nome;status;payout_id;end_to_end_id;failure_reason;fee");
    // The fee the sandbox reported (R$ 0,50 on R$ 10,00), written as the file's amounts are: reais with a decimal comma.
    expect((await readRows(ctx.cookie, batch.id)).map((r) => r.fee_centavos)).toEqual([50, 50]);
    expect(lines[1]).toMatch(/^csv0@example\.com;10,00;Name 0;sent;po_\w+;E\w+;;0,50$/);
    expect(lines).toHaveLength(3);

    const workbook = await resultsFile(batch.id, "xlsx");
    expect(workbook.status).toBe(200);
    expect(workbook.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(workbook.headers.get("content-disposition")).toContain("lista-results.xlsx");
    // Read back with the dashboard's own reader: the results workbook can be uploaded again.
    const parsed = await parseBatchFile(new Uint8Array(await workbook.arrayBuffer()), "lista-results.xlsx");
    if (!parsed.ok) throw new Error(`results workbook refused: ${parsed.error.code}`);
    expect(parsed.table.header).toEqual([
      "chave",
      "valor",
      "nome",
      "status",
      "payout_id",
      "end_to_end_id",
      "failure_reason",
      "fee",
    ]);
    expect(parsed.table.rows).toHaveLength(2);
    expect(parsed.table.rows[0]?.cells.slice(0, 4)).toEqual(["csv0@example.com", "10,00", "Name 0", "sent"]);
    expect(parsed.table.rows[0]?.cells[4]).toMatch(/^po_\w+$/);
    expect(parsed.table.rows[0]?.cells[7]).toBe("0,50");
  });

  it("a comma-delimited upload gets its fees with a decimal point, as its amounts; the workbook keeps the decimal comma", async () => {
    const rows = batchRows(1, { prefix: "dot" }).map((row) => ({
      ...row,
      original: { chave: row.pix_key, valor: "10.00" },
    }));
    const created = await call(batches.POST, "/api/payout-batches", {
      method: "POST",
      cookie: ctx.cookie,
      idempotencyKey: newKey(),
      body: { file_name: "list.csv", delimiter: ",", columns: ["chave", "valor"], rows },
    });
    expect(created.status, created.text).toBe(201);
    const batch = await confirmBatch(ctx.cookie, created.json.data as Batch);
    await runBatchPass(await getLedger(), { concurrency: 1 });
    const lines = await resultsCsvLines(batch.id);
    expect(lines[0]).toBe("chave,valor,status,payout_id,end_to_end_id,failure_reason,fee");
    expect(lines[1]).toMatch(/^dot0@example\.com,10\.00,sent,po_\w+,E\w+,,0\.50$/);
    const workbook = await resultsFile(batch.id, "xlsx");
    const parsed = await parseBatchFile(new Uint8Array(await workbook.arrayBuffer()), "list-results.xlsx");
    if (!parsed.ok) throw new Error(`results workbook refused: ${parsed.error.code}`);
    expect(parsed.table.rows[0]?.cells.at(-1)).toBe("0,50");
  });

  it("the results file keeps the upload's delimiter and its column order, integer-like names included", async () => {
    // Names such as "2024" and "1" come first in a JSON object; the batch's column list keeps the file's order.
    const columns = ["chave", "2024", "valor", "1"];
    const rows = batchRows(2, { prefix: "order" }).map((row, i) => ({
      ...row,
      original: { chave: row.pix_key, 2024: `ref ${i}`, valor: "10,00", 1: `x${i}` },
    }));
    expect(Object.keys(rows[0]?.original ?? {})).toEqual(["1", "2024", "chave", "valor"]);
    const created = await call(batches.POST, "/api/payout-batches", {
      method: "POST",
      cookie: ctx.cookie,
      idempotencyKey: newKey(),
      body: { file_name: "lista.csv", delimiter: ",", columns, rows },
    });
    expect(created.status, created.text).toBe(201);
    const lines = await resultsCsvLines((created.json.data as Batch).id);
    expect(lines[0]).toBe("chave,2024,valor,1,status,payout_id,end_to_end_id,failure_reason,fee");
    expect(lines[1]).toBe('order0@example.com,ref 0,"10,00",x0,pending,,,,');

    // An .xlsx upload (delimiter null) gets ";", with the same order in the workbook.
    const xlsxBatch = await call(batches.POST, "/api/payout-batches", {
      method: "POST",
      cookie: ctx.cookie,
      idempotencyKey: newKey(),
      body: { file_name: "lista.xlsx", delimiter: null, columns, rows },
    });
    const id = (xlsxBatch.json.data as Batch).id;
    expect((await resultsCsvLines(id))[0]).toBe("chave;2024;valor;1;status;payout_id;end_to_end_id;failure_reason;fee");
    const workbook = await resultsFile(id, "xlsx");
    const parsed = await parseBatchFile(new Uint8Array(await workbook.arrayBuffer()), "lista-results.xlsx");
    if (!parsed.ok) throw new Error(`results workbook refused: ${parsed.error.code}`);
    expect(parsed.table.header.slice(0, 4)).toEqual(columns);
    expect(parsed.table.rows[1]?.cells.slice(0, 4)).toEqual(["order1@example.com", "ref 1", "10,00", "x1"]);

    // A column list naming a column twice is refused.
    const twice = await call(batches.POST, "/api/payout-batches", {
      method: "POST",
      cookie: ctx.cookie,
      idempotencyKey: newKey(),
      body: { file_name: "x.csv", columns: ["chave", "chave"], rows },
    });
    expect(twice.status).toBe(422);
    expect(twice.json.error?.fields).toEqual({ columns: "batch.rows.duplicateColumn" });
  });

  it("a formula the ledger holds (a batch written before formulas were refused) still comes back as text in both results files", async () => {
    // Written straight to the ledger: the routes no longer take such a cell.
    const id = randomUUID();
    await writeBatch(await getLedger(), {
      id,
      businessId: ACME.businessId,
      idempotencyKey: newKey("old"),
      requestHash: "old",
      fileName: "antigo.csv",
      actor: { name: "Olivia Operator", role: "operator" },
      totalCentavos: 1_000,
      rows: [
        {
          rowNumber: 2,
          idempotencyKey: `batch-${id}-2`,
          amountCentavos: 1_000,
          pixKeyType: "email",
          pixKey: "old@example.com",
          pixKeyMasked: "o***@example.com",
          description: null,
          name: null,
          original: [
            ["chave", "old@example.com"],
            ["nome", '=HYPERLINK("http://x")'],
          ],
        },
      ],
    });
    // Neither a delimiter nor a column list recorded (as for every batch before migration 0006): ";" and the rows' order.
    const lines = await resultsCsvLines(id);
    expect(lines[0]).toBe("chave;nome;status;payout_id;end_to_end_id;failure_reason;fee");
    expect(lines[1]).toBe(`old@example.com;"'=HYPERLINK(""http://x"")";pending;;;;`);
    const workbook = await resultsFile(id, "xlsx");
    const parsed = await parseBatchFile(new Uint8Array(await workbook.arrayBuffer()), "antigo-results.xlsx");
    if (!parsed.ok) throw new Error(`results workbook refused: ${parsed.error.code}`);
    // A text cell: shown as typed, never evaluated.
    expect(parsed.table.rows[0]?.cells.slice(0, 3)).toEqual(["old@example.com", '=HYPERLINK("http://x")', "pending"]);
  });
});

describe("rows left out of the batch (left_out)", () => {
  /** Rows 3 and 5 are sent; 2 was left out by the operator, 4 was invalid and left out rather than fixed. */
  function leftOutBody(prefix: string) {
    const rows = batchRows(2, { prefix }).map((row, i) => ({ ...row, row_number: i === 0 ? 3 : 5 }));
    const left_out = [
      {
        row_number: 4,
        reason: "invalid",
        original: { chave: "2345678909", valor: "abc", nome: '\'=HYPERLINK("http://x")' },
      },
      {
        row_number: 2,
        reason: "excluded",
        original: { chave: `${prefix}-out@example.com`, valor: "7,00", nome: "Fora" },
      },
    ];
    return { file_name: "lista.csv", delimiter: ";", columns: ["chave", "valor", "nome"], rows, left_out };
  }
  const createWith = (body: unknown, key = newKey("batch")) =>
    call(batches.POST, "/api/payout-batches", { method: "POST", cookie: ctx.cookie, idempotencyKey: key, body });
  const workbookRows = async (id: string, cookie = ctx.cookie) => {
    const workbook = await resultsFile(id, "xlsx", cookie);
    expect(workbook.status).toBe(200);
    const parsed = await parseBatchFile(new Uint8Array(await workbook.arrayBuffer()), "lista-results.xlsx");
    if (!parsed.ok) throw new Error(`results workbook refused: ${parsed.error.code}`);
    return parsed.table;
  };

  it("are listed in both results files in the file's order with their own cells, and nothing else sees them", async () => {
    const created = await createWith(leftOutBody("lo"));
    expect(created.status, created.text).toBe(201);
    const batch = created.json.data as Batch;
    // Not rows of the batch: neither counted, totalled, listed nor sent.
    expect(batch).toMatchObject({ row_count: 2, total_centavos: 1000 + 1001, counts: { pending: 2 } });
    expect((await readRows(ctx.cookie, batch.id)).map((r) => r.row_number)).toEqual([3, 5]);
    await confirmBatch(ctx.cookie, batch);
    await runBatchPass(await getLedger(), { concurrency: 4 });
    const sent = (await ctx.harness.sandbox.payouts()).filter((p) =>
      p.idempotency_key.startsWith(`batch-${batch.id}-`),
    );
    expect(sent.map((p) => p.idempotency_key).sort()).toEqual([`batch-${batch.id}-3`, `batch-${batch.id}-5`]);

    const lines = await resultsCsvLines(batch.id);
    expect(lines[0]).toBe("chave;valor;nome;status;payout_id;end_to_end_id;failure_reason;fee");
    expect(lines.slice(1).map((line) => line.split(";")[3])).toEqual(["left_out", "sent", "left_out_invalid", "sent"]);
    expect(lines[1]).toBe("lo-out@example.com;7,00;Fora;left_out;;;;");
    expect(lines[2]).toMatch(/^lo0@example\.com;10,00;Name 0;sent;po_\w+;E\w+;;0,50$/);
    expect(lines[3]).toBe(`2345678909;abc;"'=HYPERLINK(""http://x"")";left_out_invalid;;;;`);

    const table = await workbookRows(batch.id);
    expect(table.rows.map((r) => [r.rowNumber, r.cells[0], r.cells[3], r.cells[4], r.cells[7]])).toEqual([
      [2, "lo-out@example.com", "left_out", "", ""],
      [3, "lo0@example.com", "sent", expect.stringMatching(/^po_\w+$/), "0,50"],
      [4, "2345678909", "left_out_invalid", "", ""],
      [5, "lo1@example.com", "sent", expect.stringMatching(/^po_\w+$/), "0,50"],
    ]);

    // Another business gets neither results file (the batch does not exist for it).
    const beta = await signIn(session.POST, betaOperatorBody);
    expect((await resultsFile(batch.id, "csv", beta)).status).toBe(404);
    expect((await resultsFile(batch.id, "xlsx", beta)).status).toBe(404);
  });

  it("refuses (422) a row number both sent and left out, a formula cell, and more than 5,000 rows in all; writes nothing", async () => {
    const before = (
      (await call(batches.GET, "/api/payout-batches", { cookie: ctx.cookie })).json.data as { batches: Batch[] }
    ).batches.length;
    const body = leftOutBody("dup");
    const twice = await createWith({
      ...body,
      left_out: [...body.left_out, { row_number: 5, reason: "excluded", original: { chave: "x" } }],
    });
    expect(twice.status, twice.text).toBe(422);
    expect(twice.json.error?.fields).toEqual({ "left_out.2.row_number": "batch.rows.duplicateRowNumber" });

    const formula = await createWith({
      ...body,
      left_out: [{ row_number: 2, reason: "invalid", original: { nome: '=HYPERLINK("http://x")' } }],
    });
    expect(formula.status).toBe(422);
    expect(formula.json.error?.fields).toEqual({ "left_out.0.original.nome": "batch.row.formulaEquals" });

    const many = Array.from({ length: 4_999 }, (_, i) => ({
      row_number: 10 + i,
      reason: "excluded",
      original: { chave: "x" },
    }));
    const tooMany = await createWith({ ...body, left_out: many });
    expect(tooMany.status).toBe(422);
    expect(tooMany.json.error?.fields).toEqual({ left_out: "batch.rows.tooMany" });
    expect(
      ((await call(batches.GET, "/api/payout-batches", { cookie: ctx.cookie })).json.data as { batches: Batch[] })
        .batches,
    ).toHaveLength(before);
  });

  it("are part of the request's fingerprint: the same key with only other left-out rows is a 409", async () => {
    const key = newKey("batch");
    const body = leftOutBody("idem");
    const first = await createWith(body, key);
    expect(first.status).toBe(201);
    const again = await createWith(body, key);
    expect(again.status).toBe(200);
    expect((again.json.data as Batch).id).toBe((first.json.data as Batch).id);
    const other = await createWith(
      { ...body, left_out: body.left_out.map((row) => (row.row_number === 2 ? { ...row, reason: "invalid" } : row)) },
      key,
    );
    expect(other.status).toBe(409);
    expect(other.json.error?.code).toBe("idempotency_conflict");
    const without = await createWith({ ...body, left_out: undefined }, key);
    expect(without.status).toBe(409);
  });

  it("a formula the ledger holds in a left-out row still comes back as text", async () => {
    const id = randomUUID();
    await writeBatch(await getLedger(), {
      id,
      businessId: ACME.businessId,
      idempotencyKey: newKey("old-left-out"),
      requestHash: "old",
      fileName: "antigo.csv",
      actor: { name: "Olivia Operator", role: "operator" },
      totalCentavos: 1_000,
      columns: ["chave", "nome"],
      rows: [
        {
          rowNumber: 3,
          idempotencyKey: `batch-${id}-3`,
          amountCentavos: 1_000,
          pixKeyType: "email",
          pixKey: "a@example.com",
          pixKeyMasked: "a***@example.com",
          description: null,
          name: null,
          original: [
            ["chave", "a@example.com"],
            ["nome", "A"],
          ],
        },
      ],
      leftOutRows: [
        {
          rowNumber: 2,
          reason: "excluded",
          original: [
            ["chave", "b@example.com"],
            ["nome", "-2+3+cmd|' /C calc'!A0"],
          ],
        },
      ],
    });
    const lines = await resultsCsvLines(id);
    expect(lines.slice(1)).toEqual([
      "b@example.com;'-2+3+cmd|' /C calc'!A0;left_out;;;;",
      "a@example.com;A;pending;;;;",
    ]);
  });
});

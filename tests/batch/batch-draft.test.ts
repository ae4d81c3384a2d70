import { describe, expect, it } from "vitest";
import {
  batchFingerprint,
  draftBatchBody,
  draftLeftOutRows,
  draftReducer,
  draftRowsForSubmit,
  draftSummary,
  originalColumnNames,
  type BatchDraft,
} from "@/components/payout-batches/batch-draft";
import type { ParsedTable } from "@/lib/shared/batch/table";
import { createBatchBodySchema } from "@/lib/shared/schemas/payout-batches";

const table: ParsedTable = {
  format: "xlsx",
  delimiter: null,
  encoding: null,
  header: ["chave", "valor", "", "valor"],
  rows: [
    { rowNumber: 2, cells: ["ana@example.com", "10,00", "x", "a"], numericColumns: [] },
    { rowNumber: 3, cells: ["2345678909", "5", "y", "b"], numericColumns: [0] },
  ],
};

function load(): BatchDraft {
  const draft = draftReducer(null, { type: "load", fileName: "f.xlsx", table, mapping: { key: 0, amount: 1 } });
  if (!draft) throw new Error("no draft");
  return draft;
}

describe("the batch draft", () => {
  it("names blank and repeated headers by their column letter, so every original cell keeps a name", () => {
    expect(originalColumnNames(table.header)).toEqual(["chave", "valor", "(C)", "valor (D)"]);
  });

  it("an edited number cell is text: the lost-zeros doubt goes and the row is validated again alone", () => {
    const draft = load();
    expect(draft.rows[1]?.errors.map((e) => e.message)).toEqual(["batch.row.keyNumericCell"]);
    const edited = draftReducer(draft, { type: "edit", index: 1, column: 0, text: "bia@example.com" });
    expect(edited?.rows[1]?.errors).toEqual([]);
    expect(edited?.rows[0]).toBe(draft.rows[0]);
  });

  it("the same mapping again keeps the rows validated on load; another mapping validates them again", () => {
    const draft = load();
    expect(draftReducer(draft, { type: "map", mapping: { amount: 1, key: 0 } })).toBe(draft);
    const remapped = draftReducer(draft, { type: "map", mapping: { key: 0, amount: 3 } });
    expect(remapped?.rows).not.toBe(draft.rows);
    expect(remapped?.rows[0]?.errors.map((e) => e.field)).toEqual(["amount"]);
  });

  it("submits only included valid rows, with their original cells, and excluding a row changes the fingerprint", () => {
    const draft = load();
    const rows = draftRowsForSubmit(draft);
    expect(rows.map((r) => [r.row_number, r.amount_centavos, r.key_type])).toEqual([[2, 1000, "email"]]);
    expect(rows[0]?.original).toEqual({ chave: "ana@example.com", valor: "10,00", "(C)": "x", "valor (D)": "a" });
    const excluded = draftReducer(draft, { type: "exclude", indexes: [0], excluded: true });
    expect(excluded && draftSummary(excluded).excluded).toBe(1);
    expect(excluded && draftRowsForSubmit(excluded)).toEqual([]);
    expect(batchFingerprint({ file_name: "f.xlsx", rows })).not.toBe(
      batchFingerprint({ file_name: "f.xlsx", rows: [] }),
    );
  });

  it("the creation body carries every row of the file: the ones to send in rows, the others in left_out with why", () => {
    // Row 3 is invalid (a key stored as a number); its unmapped cell is a formula the server would refuse.
    const withFormula = draftReducer(load(), { type: "edit", index: 1, column: 2, text: '=HYPERLINK("http://x")' });
    const draft =
      withFormula &&
      draftReducer(draftReducer(withFormula, { type: "exclude", indexes: [1], excluded: true }), {
        type: "map",
        mapping: { key: 0, amount: 1 },
      });
    if (!draft) throw new Error("no draft");
    expect(draftSummary(draft).ready).toBe(true);
    const body = draftBatchBody(draft);
    expect(body.rows.map((r) => r.row_number)).toEqual([2]);
    expect(body.left_out).toEqual([
      {
        row_number: 3,
        reason: "invalid",
        original: { chave: "2345678909", valor: "5", "(C)": `'=HYPERLINK("http://x")`, "valor (D)": "b" },
      },
    ]);
    // The server's own schema takes it: the formula is kept as text, not refused.
    expect(createBatchBodySchema.safeParse(body).success).toBe(true);

    // A valid row the operator left out is "excluded"; the rows stay in file order and never in both lists.
    const both = draftReducer(draft, { type: "exclude", indexes: [0], excluded: true });
    if (!both) throw new Error("no draft");
    expect(draftLeftOutRows(both).map((r) => [r.row_number, r.reason])).toEqual([
      [2, "excluded"],
      [3, "invalid"],
    ]);
    expect(draftRowsForSubmit(both)).toEqual([]);
  });

  it("a retry of the same draft sends the same body under the same key; a left-out cell alone does not change the key", () => {
    const draft = draftReducer(load(), { type: "exclude", indexes: [1], excluded: true });
    if (!draft) throw new Error("no draft");
    const first = draftBatchBody(draft);
    expect(draftBatchBody(draft)).toEqual(first);
    const edited = draftReducer(draft, { type: "edit", index: 1, column: 3, text: "c" });
    if (!edited) throw new Error("no draft");
    const second = draftBatchBody(edited);
    expect(second.left_out).not.toEqual(first.left_out);
    // Same rows to send: the same idempotency key, so the server answers a lost first attempt with the batch or a 409, never a second batch.
    expect(batchFingerprint(second)).toBe(batchFingerprint(first));
  });
});

import { describe, expect, it } from "vitest";
import { batchFingerprint, draftReducer, draftRowsForSubmit, draftSummary, originalColumnNames, type BatchDraft } from "@/components/payout-batches/batch-draft";
import type { ParsedTable } from "@/lib/shared/batch/table";

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
    expect(batchFingerprint({ file_name: "f.xlsx", rows })).not.toBe(batchFingerprint({ file_name: "f.xlsx", rows: [] }));
  });
});

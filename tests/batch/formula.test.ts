import { describe, expect, it } from "vitest";
import { formulaMessage } from "@/lib/shared/batch/formula";
import { guardFormula } from "@/lib/shared/csv";

describe("formula cells (formulaMessage)", () => {
  it.each([
    ['=HYPERLINK("http://x","y")', "batch.row.formulaEquals"],
    ["=1+1", "batch.row.formulaEquals"],
    ["   =cmd|' /C calc'!A0", "batch.row.formulaEquals"],
    ["@SUM(A1)", "batch.row.formulaAt"],
    ["+cmd|' /C calc'!A0", "batch.row.formulaPlus"],
    ["+1+1", "batch.row.formulaPlus"],
    ["+55 11 9", "batch.row.formulaPlus"],
    ["-2+3+cmd|' /C calc'!A0", "batch.row.formulaMinus"],
    ["-2-3", "batch.row.formulaMinus"],
    ["- pagamento", "batch.row.formulaMinus"],
    ["--", "batch.row.formulaMinus"],
    ["\t=1+1", "batch.row.formulaControl"],
    ["\tx", "batch.row.formulaControl"],
    ["\rx", "batch.row.formulaControl"],
    [" \t=1+1", "batch.row.formulaControl"],
  ])("%j is a formula (%s)", (text, message) => {
    expect(formulaMessage(text)).toBe(message);
    // What the results file would neutralise anyway.
    expect(guardFormula(text.replace(/^ +/, ""))).toMatch(/^'/);
  });

  it.each([
    "+5511999999999",
    "+55 (11) 99999-9999",
    "+55 11 99999.9999",
    "-10,00",
    "-1.234,56",
    "+1.234,56",
    "-1,234.56",
    "-10",
    "- 10",
    "-R$ 10,00",
    "-10,00 ",
    "-",
    "+",
    "Maria",
    "a@b.co",
    "'=1+1",
    "1+1",
    "",
    "\nx",
  ])("%j is not a formula", (text) => {
    expect(formulaMessage(text)).toBeNull();
  });
});

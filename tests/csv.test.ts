import { describe, expect, it } from "vitest";
import { centavosToDecimal } from "@/lib/shared/money";
import { csvCell, csvRow, guardFormula, parseCsv, toCsv, CSV_BOM } from "@/lib/shared/csv";

describe("csvCell (RFC 4180)", () => {
  it("leaves plain text alone", () => {
    expect(csvCell("cb_123")).toBe("cb_123");
    expect(csvCell("Conceição")).toBe("Conceição");
  });

  it("quotes commas, quotes and line breaks, doubling quotes", () => {
    expect(csvCell("Silva, João")).toBe('"Silva, João"');
    expect(csvCell('disse "oi"')).toBe('"disse ""oi"""');
    expect(csvCell("linha 1\nlinha 2")).toBe('"linha 1\nlinha 2"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
  });

  it("writes numbers and booleans as they are, null and undefined as empty", () => {
    expect(csvCell(12345)).toBe("12345");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });
});

describe("formula injection guard", () => {
  it.each(['=HYPERLINK("http://x")', "+1+1", "-2+3", "@SUM(A1)", "\tx", "\rx"])(
    "prefixes %j with a single quote",
    (text) => {
      expect(guardFormula(text)).toBe(`'${text}`);
    },
  );

  it("quotes a guarded cell when it also has a comma", () => {
    expect(csvCell("=1,2")).toBe(`"'=1,2"`);
  });

  it("does not touch plain (negative) numbers or text that only contains the characters later", () => {
    expect(guardFormula("-12.50")).toBe("-12.50");
    expect(guardFormula("-3")).toBe("-3");
    expect(guardFormula("a=b")).toBe("a=b");
    expect(guardFormula("joao@example.com")).toBe("joao@example.com");
  });

  it("leaves what a batch upload accepts as it is, so a results file uploads again: phone keys and Brazilian amounts", () => {
    for (const text of ["+5511999999999", "+55 (11) 99999-9999", "-10,00", "-1.234,56", "-"])
      expect(guardFormula(text)).toBe(text);
    for (const text of ["+cmd|' /C calc'!A0", "-2-3", "+1-2", " =1+1", "@loja"])
      expect(guardFormula(text)).toBe(`'${text}`);
  });
});

describe("toCsv", () => {
  it("starts with a UTF-8 BOM and ends every record with CRLF", () => {
    const csv = toCsv(
      ["id", "name"],
      [
        ["1", "Ana"],
        ["2", 'Zé, o do "bar"'],
      ],
    );
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv).toBe(`${CSV_BOM}id,name\r\n1,Ana\r\n2,"Zé, o do ""bar"""\r\n`);
  });

  it("can leave the BOM out", () => {
    expect(toCsv(["a"], [[1]], { bom: false })).toBe("a\r\n1\r\n");
  });

  it("keeps empty cells as empty fields", () => {
    expect(csvRow(["a", null, undefined, ""])).toBe("a,,,");
  });
});

describe("centavosToDecimal", () => {
  it("uses a dot and exactly two decimals, without floating point", () => {
    expect(centavosToDecimal(123456)).toBe("1234.56");
    expect(centavosToDecimal(5)).toBe("0.05");
    expect(centavosToDecimal(0)).toBe("0.00");
    expect(centavosToDecimal(100)).toBe("1.00");
    expect(centavosToDecimal(-5)).toBe("-0.05");
    expect(centavosToDecimal(Number.MAX_SAFE_INTEGER)).toBe("90071992547409.91");
  });

  it("is empty for missing or non-integer values", () => {
    expect(centavosToDecimal(null)).toBe("");
    expect(centavosToDecimal(undefined)).toBe("");
    expect(centavosToDecimal(1.5)).toBe("");
  });
});

describe("parseCsv", () => {
  it("reads back what toCsv wrote, quotes, commas, line breaks and all", () => {
    const rows = [
      ["cb_1", "Silva, João", 'disse "oi"', "linha 1\r\nlinha 2", "'=1+1", ""],
      ["cb_2", "Conceição", "-12.50", "", "x", "y"],
    ];
    const csv = toCsv(["id", "name", "note", "text", "formula", "empty"], rows);
    expect(parseCsv(csv)).toEqual([["id", "name", "note", "text", "formula", "empty"], ...rows]);
  });
});

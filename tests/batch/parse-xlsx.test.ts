import { describe, expect, it } from "vitest";
import { autoMapColumns, parseBatchFile, validateBatch } from "@/lib/shared/batch";
import { cells, table, xlsx } from "./helpers";

describe(".xlsx", () => {
  it("reads the first sheet's text cells as they are", async () => {
    const bytes = await xlsx([
      [{ value: "Nome" }, { value: "Chave Pix" }, { value: "Valor" }],
      [{ value: "Maria da Conceição" }, { value: "maria@example.com" }, { value: "1.234,56" }],
    ]);
    const parsed = await table(bytes, "lote.xlsx");
    expect(parsed).toMatchObject({ format: "xlsx", delimiter: null, header: ["Nome", "Chave Pix", "Valor"] });
    expect(cells(parsed)).toEqual([["Maria da Conceição", "maria@example.com", "1.234,56"]]);
  });

  it("reads number cells exactly, with the decimal comma a Brazilian sees, and marks them as numbers", async () => {
    const bytes = await xlsx([
      [{ value: "valor" }, { value: "chave" }],
      [{ value: 1234.56, type: Number }, { value: "a@b.co" }],
      [{ value: 10, type: Number }, { value: "a@b.co" }],
    ]);
    const parsed = await table(bytes, "lote.xlsx");
    expect(cells(parsed)).toEqual([
      ["1234,56", "a@b.co"],
      ["10", "a@b.co"],
    ]);
    expect(parsed.rows[0]?.numericColumns).toEqual([0]);
  });

  it("turns number amounts into exact centavos", async () => {
    const bytes = await xlsx([
      [{ value: "amount" }, { value: "pix key" }],
      [{ value: 1234.56, type: Number }, { value: "a@b.co" }],
      [{ value: 0.1, type: Number }, { value: "a@b.co" }],
      [{ value: 1.234, type: Number }, { value: "a@b.co" }],
    ]);
    const parsed = await table(bytes, "batch.xlsx");
    const { rows } = validateBatch(parsed, autoMapColumns(parsed.header).mapping);
    expect(rows.map((row) => row.value?.amount_centavos ?? row.errors[0]?.message)).toEqual([
      123456,
      10,
      "batch.row.amountAmbiguous",
    ]);
  });

  it("recognises an .xlsx by its content even when named .csv", async () => {
    const bytes = await xlsx([[{ value: "a" }], [{ value: "1" }]]);
    expect((await table(bytes, "renamed.csv")).format).toBe("xlsx");
  });

  it("refuses a file named .xlsx that is not a zip, and a zip that is not a workbook", async () => {
    const notZip = await parseBatchFile(new TextEncoder().encode("a,b\n1,2\n"), "lote.xlsx");
    expect(notZip).toEqual({ ok: false, error: expect.objectContaining({ code: "invalidXlsx" }) });
    const truncated = (await xlsx([[{ value: "a" }], [{ value: "1" }]])).slice(0, 200);
    const broken = await parseBatchFile(truncated, "lote.xlsx");
    expect(broken).toEqual({ ok: false, error: expect.objectContaining({ code: "invalidXlsx" }) });
  });

  it("refuses a legacy .xls", async () => {
    const ole = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    const result = await parseBatchFile(ole, "lote.xls");
    expect(result).toEqual({
      ok: false,
      error: expect.objectContaining({ code: "unsupportedFormat", message: "batch.file.unsupportedFormat" }),
    });
  });
});

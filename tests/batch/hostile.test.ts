import { describe, expect, it } from "vitest";
import { BATCH_LIMITS, autoMapColumns, parseBatchFile, validateBatch, type BatchParseResult } from "@/lib/shared/batch";
import { cells, table, utf8, xlsx } from "./helpers";

function refusedWith(result: BatchParseResult, code: string, params?: Record<string, unknown>) {
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.error.code).toBe(code);
  expect(result.error.message).toBe(`batch.file.${code}`);
  if (params) expect(result.error.params).toMatchObject(params);
  // Nothing parsed: a refused result carries no table at all.
  expect(result).not.toHaveProperty("table");
}

const csv = (text: string) => parseBatchFile(utf8(text), "lote.csv");
const rows = (count: number, row = "10;a@b.co") => `valor;chave\n${`${row}\n`.repeat(count)}`;

describe("hostile and broken files", () => {
  it("a formula in any cell of a row, mapped or not, is an error of that cell: the row cannot be sent until it is fixed or left out", async () => {
    const parsed = await table(
      utf8(
        [
          "nome;chave;valor;obs",
          '"=HYPERLINK(""http://evil.example"",""clique"")";a@b.co;10;ok',
          "Ana;a@b.co;10;@SUM(A1)",
          "Bia;a@b.co;10;+cmd|' /C calc'!A0",
          "Caio;a@b.co;10;-2+3+cmd|' /C calc'!A0",
          "Dani;a@b.co;10;   =1+1",
          "Edu;a@b.co;10;\t=1+1",
          // Signed numbers, amounts and phones are not formulas (the amount is refused as negative, not as a formula).
          "Fabi;+5511987654321;-10,00;-",
        ].join("\n"),
      ),
    );
    // The cells are kept as typed: the check step shows them and the operator fixes them.
    expect(cells(parsed)[0]?.[0]).toBe('=HYPERLINK("http://evil.example","clique")');
    const mapping = autoMapColumns(parsed.header).mapping;
    const { rows, summary } = validateBatch(parsed, mapping);
    expect(rows.map((row) => row.errors)).toEqual([
      [{ field: "name", column: 0, message: "batch.row.formulaEquals" }],
      [{ field: null, column: 3, message: "batch.row.formulaAt" }],
      [{ field: null, column: 3, message: "batch.row.formulaPlus" }],
      [{ field: null, column: 3, message: "batch.row.formulaMinus" }],
      [{ field: null, column: 3, message: "batch.row.formulaEquals" }],
      [{ field: null, column: 3, message: "batch.row.formulaControl" }],
      [{ field: "amount", column: 2, message: "batch.row.amountNegative" }],
    ]);
    expect(rows.every((row) => row.value === null)).toBe(true);
    expect(summary).toMatchObject({ included: 7, invalid: 7, payouts: 0, ready: false });

    // Left out, the hostile rows no longer block the batch; fixed in place, one comes back as a payout.
    const fixed = {
      ...parsed,
      rows: parsed.rows.map((row, i) => (i === 1 ? { ...row, cells: ["Ana", "a@b.co", "10", "SUM(A1)"] } : row)),
    };
    const excluded = new Set([0, 2, 3, 4, 5, 6]);
    const after = validateBatch(fixed, mapping, { excluded });
    expect(after.rows[1]).toMatchObject({ errors: [], value: { amount_centavos: 1000, pix_key: "a@b.co" } });
    expect(after.summary).toMatchObject({ included: 1, invalid: 0, payouts: 1, ready: true });
    // Included back, a row with a formula blocks the batch again.
    expect(validateBatch(fixed, mapping, { excluded: new Set([2, 3, 4, 5, 6]) }).summary).toMatchObject({
      invalid: 1,
      ready: false,
    });
  });

  it("refuses a file whose column name is a formula, naming the column (it is no cell to fix)", async () => {
    refusedWith(await csv('nome;"=HYPERLINK(""http://x"")";valor\nAna;x;10\n'), "formulaHeader", { column: "B" });
    refusedWith(await csv("valor;chave;@obs\n10;a@b.co;x\n"), "formulaHeader", { column: "C" });
  });

  it("refuses a 10 MB cell by the file-size cap before parsing anything", async () => {
    refusedWith(await csv(`nome\n${"x".repeat(10 * 1024 * 1024)}\n`), "tooLarge", { limitMb: 2, foundMb: 10 });
  });

  it("refuses a cell over the cell-length cap, naming the cell", async () => {
    refusedWith(await csv(`nome;valor\nAna;10\n${"x".repeat(BATCH_LIMITS.maxCellChars + 1)};10\n`), "cellTooLong", {
      row: 3,
      column: "A",
    });
    expect((await csv(`nome\n${"x".repeat(BATCH_LIMITS.maxCellChars)}\n`)).ok).toBe(true);
  });

  it("refuses binary junk", async () => {
    const junk = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256);
    refusedWith(await parseBatchFile(junk, "lote.csv"), "binary");
    const png = Uint8Array.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
    ]);
    refusedWith(await parseBatchFile(png, "foto.csv"), "binary");
  });

  it("refuses UTF-16 text", async () => {
    refusedWith(
      await parseBatchFile(Uint8Array.from([0xff, 0xfe, 0x61, 0x00, 0x0a, 0x00]), "lote.csv"),
      "unsupportedEncoding",
    );
  });

  it("refuses 100,000 rows, and takes exactly the limit", async () => {
    refusedWith(await csv(rows(100_000, "1;a")), "tooManyRows", { limit: 5_000, found: 100_000 });
    refusedWith(await csv(rows(BATCH_LIMITS.maxRows + 1)), "tooManyRows");
    const atLimit = await csv(rows(BATCH_LIMITS.maxRows));
    expect(atLimit.ok && atLimit.table.rows.length).toBe(BATCH_LIMITS.maxRows);
  });

  it("refuses a row with a different column count, naming the row", async () => {
    refusedWith(await csv("nome;chave;valor\nAna;a@b.co;10\nBia;20\n"), "columnCount", {
      row: 3,
      expected: 3,
      found: 2,
    });
    refusedWith(await csv("nome;valor\nAna;10;extra\n"), "columnCount", { row: 2, expected: 2, found: 3 });
  });

  it("refuses empty, blank and header-only files", async () => {
    refusedWith(await parseBatchFile(new Uint8Array(0), "lote.csv"), "empty");
    refusedWith(await csv("\r\n\r\n;;\n"), "empty");
    refusedWith(await csv("valor;chave\r\n"), "headerOnly");
    refusedWith(await csv("valor;chave\n;\n\n"), "headerOnly");
  });

  it("refuses an unclosed quote instead of guessing where the field ends", async () => {
    refusedWith(await csv('nome;valor\n"Ana;10\nBia;20\n'), "malformedCsv");
  });

  it("refuses too many columns", async () => {
    const header = Array.from({ length: BATCH_LIMITS.maxColumns + 1 }, (_, i) => `c${i}`).join(";");
    refusedWith(await csv(`${header}\n${";".repeat(BATCH_LIMITS.maxColumns)}x\n`), "tooManyColumns");
  });

  it("refuses an .xlsx whose content would unzip past the limit (zip bomb), before inflating it", async () => {
    const bytes = await xlsx([[{ value: "a" }], [{ value: "1" }]]);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // Declare 50 MB for the first central-directory entry.
    for (let at = bytes.length - 22; at >= 0; at -= 1) {
      if (view.getUint32(at, true) !== 0x06054b50) continue;
      const first = view.getUint32(at + 16, true);
      view.setUint32(first + 24, 50 * 1024 * 1024, true);
      break;
    }
    refusedWith(await parseBatchFile(bytes, "bomba.xlsx"), "xlsxTooLarge", { limitMb: 40 });
  });
});

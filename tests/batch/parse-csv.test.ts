import { describe, expect, it } from "vitest";
import { parseBatchFile } from "@/lib/shared/batch";
import { cells, table, utf8, windows1252 } from "./helpers";

describe("CSV formats", () => {
  it("reads a comma-separated UTF-8 file", async () => {
    const parsed = await table(utf8("nome,chave,valor\nAna,ana@example.com,10.50\n"));
    expect(parsed).toMatchObject({
      format: "csv",
      delimiter: ",",
      encoding: "utf-8",
      header: ["nome", "chave", "valor"],
    });
    expect(cells(parsed)).toEqual([["Ana", "ana@example.com", "10.50"]]);
  });

  it("detects a semicolon file from its header even when the data holds decimal commas", async () => {
    const parsed = await table(utf8("nome;chave;valor\nAna;ana@example.com;1.234,56\nBia;bia@example.com;10,5\n"));
    expect(parsed.delimiter).toBe(";");
    expect(cells(parsed)).toEqual([
      ["Ana", "ana@example.com", "1.234,56"],
      ["Bia", "bia@example.com", "10,5"],
    ]);
  });

  it("drops a UTF-8 byte-order mark so the first header is recognisable", async () => {
    const parsed = await table(utf8("valor;chave\n10;a@b.co\n", true));
    expect(parsed.header[0]).toBe("valor");
    expect(parsed.encoding).toBe("utf-8");
  });

  it("reads Windows-1252 (what Excel saves as plain CSV in Brazil) with its accents", async () => {
    const bytes = windows1252("nome;descrição\nMaria da Conceição;Comissão\n");
    const parsed = await table(bytes);
    expect(parsed.encoding).toBe("windows-1252");
    expect(parsed.header).toEqual(["nome", "descrição"]);
    expect(cells(parsed)).toEqual([["Maria da Conceição", "Comissão"]]);
  });

  it("reads the same accents from UTF-8 as UTF-8", async () => {
    const parsed = await table(utf8("nome\nMaria da Conceição\n"));
    expect(parsed.encoding).toBe("utf-8");
    expect(cells(parsed)).toEqual([["Maria da Conceição"]]);
  });

  it("accepts CRLF and LF line endings alike, with or without a final line break", async () => {
    const crlf = await table(utf8("a;b\r\n1;2\r\n3;4\r\n"));
    const lf = await table(utf8("a;b\n1;2\n3;4"));
    expect(cells(crlf)).toEqual([
      ["1", "2"],
      ["3", "4"],
    ]);
    expect(cells(lf)).toEqual(cells(crlf));
  });

  it("keeps delimiters, line breaks and doubled quotes inside quoted fields", async () => {
    const parsed = await table(
      utf8('nome;descrição\r\n"Silva; João";"linha 1\r\nlinha 2"\r\n"Ana";"disse ""oi"""\r\n'),
    );
    expect(cells(parsed)).toEqual([
      ["Silva; João", "linha 1\r\nlinha 2"],
      ["Ana", 'disse "oi"'],
    ]);
  });

  it("numbers rows as the spreadsheet does, counting a multi-line cell as one row and skipping blank rows", async () => {
    const parsed = await table(utf8('a;b\n"x\ny";1\n;\n\nz;2\n'));
    expect(parsed.rows.map((row) => row.rowNumber)).toEqual([2, 5]);
  });

  it("takes a semicolon header with a comma inside a quoted name as semicolon-separated", async () => {
    const parsed = await table(utf8('"nome, completo";valor\nAna;10\n'));
    expect(parsed.delimiter).toBe(";");
    expect(parsed.header).toEqual(["nome, completo", "valor"]);
  });

  it("accepts an ArrayBuffer as well as a Uint8Array", async () => {
    const bytes = utf8("a\n1\n");
    const result = await parseBatchFile(bytes.slice().buffer, "x.csv");
    expect(result.ok).toBe(true);
  });

  it("keeps cells as typed, without trimming or converting", async () => {
    const parsed = await table(utf8("valor;chave\n R$ 10 ;00123\n"));
    expect(cells(parsed)).toEqual([[" R$ 10 ", "00123"]]);
  });
});

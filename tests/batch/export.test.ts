import { describe, expect, it } from "vitest";
import { autoMapColumns, batchResultsCsv, batchTemplateCsv, parseBatchFile, validateBatch } from "@/lib/shared/batch";
import { parseCsv } from "@/lib/shared/csv";
import { table, utf8, xlsx } from "./helpers";

describe("results file", () => {
  it("writes the original columns plus the outcome, neutralising formulas from the upload", async () => {
    const parsed = await table(
      utf8('nome;chave;valor\n"=HYPERLINK(""http://evil.example"",""x"")";a@b.co;10\n@SUM(A1);+5511912345678;-1\n'),
    );
    const csv = batchResultsCsv(parsed, ["resultado"], (index) => [index === 0 ? "pago" : "recusado"]);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).split("\r\n");
    expect(lines[0]).toBe("nome;chave;valor;resultado");
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")";a@b.co;10;pago`);
    // A phone key and a plain number are what an upload accepts: they come back unchanged, so the file uploads again.
    expect(lines[2]).toBe("'@SUM(A1);+5511912345678;-1;recusado");
  });

  it("neutralises tab and carriage-return starts too, and quotes the delimiter", async () => {
    const parsed = await table(utf8('a;b\n"\tx";"\r=1"\n"1;2";ok\n'));
    const csv = batchResultsCsv(parsed, [], () => []);
    expect(csv).toContain(`'\tx;"'\r=1"`);
    expect(csv).toContain('"1;2";ok');
  });

  it("uses comma for an upload that was comma-separated, and the fallback for an .xlsx", async () => {
    const commas = await table(utf8("a,b\n1,2\n"));
    expect(batchResultsCsv(commas, ["r"], () => ["ok"]).slice(1)).toBe("a,b,r\r\n1,2,ok\r\n");
    const book = await table(await xlsx([[{ value: "a" }], [{ value: "=1+1" }]]), "x.xlsx");
    expect(batchResultsCsv(book, ["r"], () => ["ok"]).slice(1)).toBe("a;r\r\n'=1+1;ok\r\n");
  });
});

describe("template", () => {
  it.each(["pt-BR", "en"] as const)("%s: one example per key type, all valid when uploaded back", async (locale) => {
    const text = batchTemplateCsv(locale);
    const result = await parseBatchFile(utf8(text), "modelo.csv");
    if (!result.ok) throw new Error(result.error.code);
    const mapped = autoMapColumns(result.table.header);
    expect(mapped.missing).toEqual([]);
    const { rows, summary } = validateBatch(result.table, mapped.mapping);
    expect(rows.map((row) => row.errors)).toEqual([[], [], [], [], []]);
    expect(rows.map((row) => row.value?.pix_key_type)).toEqual(["cpf", "cnpj", "email", "phone", "evp"]);
    expect(summary.totalCentavos).toBe(123456n + 250000n + 15000n + 8990n + 1000n);
  });

  it("pt-BR is semicolon-separated with decimal commas, en comma-separated with decimal points", () => {
    const pt = parseCsv(batchTemplateCsv("pt-BR").replace(/;/g, ","));
    expect(pt[0]).toEqual(["nome", "chave pix", "tipo de chave", "valor", "descrição"]);
    expect(pt[1]?.[3]).toBe("1.234"); // "1.234,56" split at the comma once ';' became ','
    const en = parseCsv(batchTemplateCsv("en"));
    expect(en[0]).toEqual(["name", "pix key", "key type", "amount", "description"]);
    expect(en[1]?.[3]).toBe("1234.56");
  });
});

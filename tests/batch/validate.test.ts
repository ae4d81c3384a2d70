import { describe, expect, it } from "vitest";
import { autoMapColumns, validateBatch, type ColumnMapping, type ParsedTable } from "@/lib/shared/batch";
import { CNPJ, CPF_AND_PHONE, CPF_ONLY, EVP, table, utf8 } from "./helpers";

async function check(csv: string, options?: Parameters<typeof validateBatch>[2], mapping?: ColumnMapping) {
  const parsed = await table(utf8(csv));
  return validateBatch(parsed, mapping ?? autoMapColumns(parsed.header).mapping, options);
}

const HEADER = "nome;chave;tipo;valor;descrição\n";

describe("row validation with the single payout's rules", () => {
  it("turns valid rows into payouts with normalised keys", async () => {
    const { rows } = await check(
      `${HEADER}Ana;529.982.247-25;cpf;1.234,56;Comissão\nBia;11.222.333/0001-81;;R$ 10;\nCia;Cia@Example.com;;10,5;\nDani;(11) 91234-5678;celular;0,99;\nEdu;${EVP.toUpperCase()};;1234.56;\n`,
    );
    expect(rows.map((row) => row.errors)).toEqual([[], [], [], [], []]);
    expect(rows.map((row) => row.value)).toEqual([
      { amount_centavos: 123456, pix_key_type: "cpf", pix_key: "52998224725", description: "Comissão", name: "Ana" },
      { amount_centavos: 1000, pix_key_type: "cnpj", pix_key: CNPJ, description: "", name: "Bia" },
      { amount_centavos: 1050, pix_key_type: "email", pix_key: "cia@example.com", description: "", name: "Cia" },
      { amount_centavos: 99, pix_key_type: "phone", pix_key: "+5511912345678", description: "", name: "Dani" },
      { amount_centavos: 123456, pix_key_type: "evp", pix_key: EVP, description: "", name: "Edu" },
    ]);
    expect(rows.map((row) => row.rowNumber)).toEqual([2, 3, 4, 5, 6]);
  });

  it("reports each bad cell with its field, column and message key", async () => {
    const { rows } = await check(
      `${HEADER}Ana;529.982.247-26;cpf;10;\nBia;11.222.333/0001-82;cnpj;0;\nCia;not-an-email;email;abc;\nDani;;;10;\nEdu;123;pix;1,234;\n`,
    );
    expect(rows.map((row) => row.errors)).toEqual([
      [{ field: "key", column: 1, message: "validation.pixKey.cpf" }],
      [
        { field: "amount", column: 3, message: "validation.amountPositive" },
        { field: "key", column: 1, message: "validation.pixKey.cnpj" },
      ],
      [
        { field: "amount", column: 3, message: "batch.row.amountInvalid" },
        { field: "key", column: 1, message: "validation.pixKey.email" },
      ],
      [{ field: "key", column: 1, message: "batch.row.keyRequired" }],
      [
        { field: "amount", column: 3, message: "batch.row.amountAmbiguous" },
        { field: "keyType", column: 2, message: "batch.row.keyTypeUnknown" },
      ],
    ]);
    expect(rows.every((row) => row.value === null)).toBe(true);
  });

  it("offers the CPF-or-phone choice and validates with the operator's answer", async () => {
    const csv = `valor;chave\n10;${CPF_AND_PHONE}\n20;${CPF_ONLY}\n`;
    const before = await check(csv);
    expect(before.rows[0]).toMatchObject({
      value: null,
      keyTypeChoices: ["cpf", "phone"],
      errors: [{ field: "key", message: "batch.row.keyAmbiguous" }],
    });
    expect(before.summary.ready).toBe(false);

    const asPhone = await check(csv, { keyTypeChoices: new Map([[0, "phone"]]) });
    expect(asPhone.rows[0]?.value).toMatchObject({ pix_key_type: "phone", pix_key: `+55${CPF_AND_PHONE}` });
    const asCpf = await check(csv, { keyTypeChoices: new Map([[0, "cpf"]]) });
    expect(asCpf.rows[0]?.value).toMatchObject({ pix_key_type: "cpf", pix_key: CPF_AND_PHONE });
    expect(asCpf.summary.ready).toBe(true);
  });

  it("refuses descriptions and names over the text limit", async () => {
    const { rows } = await check(`valor;chave;descrição\n10;a@b.co;${"x".repeat(141)}\n`);
    expect(rows[0]?.errors).toEqual([{ field: "description", column: 2, message: "batch.row.tooLong" }]);
  });

  it("strips Excel's text-marker apostrophe from keys and amounts (as our own exports write '+55…)", async () => {
    const { rows } = await check("valor;chave\n'10;'+5511912345678\n");
    expect(rows[0]?.value).toMatchObject({ amount_centavos: 1000, pix_key: "+5511912345678" });
  });

  it("works with an explicit mapping when headers are unknown", async () => {
    const { rows } = await check("quem;quanto;para\nAna;10;a@b.co\n", {}, { name: 0, amount: 1, key: 2 });
    expect(rows[0]?.value).toMatchObject({ amount_centavos: 1000, pix_key: "a@b.co", name: "Ana" });
  });

  it("reports the required fields a mapping lacks on every row", async () => {
    const { rows, summary } = await check("quem;quanto\nAna;10\n", {}, { amount: 1 });
    expect(rows[0]?.errors).toEqual([{ field: "key", column: null, message: "batch.row.keyRequired" }]);
    expect(summary.ready).toBe(false);
  });
});

describe("summary", () => {
  it("counts, totals, finds the largest and flags same key + amount within the file", async () => {
    const { summary } = await check("valor;chave\n10;a@b.co\n1.000,00;A@B.co\n10;A@b.co\n10;c@d.co\n10,01;a@b.co\n");
    expect(summary).toEqual({
      included: 5,
      excluded: 0,
      invalid: 0,
      payouts: 5,
      totalCentavos: 1000n + 100000n + 1000n + 1000n + 1001n,
      largest: { index: 1, rowNumber: 3, centavos: 100000 },
      duplicates: [[0, 2]],
      ready: true,
    });
  });

  it("leaves excluded rows out of the counts and lets a batch with an excluded bad row go", async () => {
    const csv = "valor;chave\n10;a@b.co\nabc;a@b.co\n";
    expect((await check(csv)).summary).toMatchObject({ invalid: 1, payouts: 1, ready: false });
    const { rows, summary } = await check(csv, { excluded: new Set([1]) });
    expect(rows[1]).toMatchObject({ excluded: true, errors: [{ message: "batch.row.amountInvalid" }] });
    expect(summary).toMatchObject({
      included: 1,
      excluded: 1,
      invalid: 0,
      payouts: 1,
      totalCentavos: 1000n,
      ready: true,
    });
  });

  it("is not ready when every row is excluded", async () => {
    const { summary } = await check("valor;chave\n10;a@b.co\n", { excluded: new Set([0]) });
    expect(summary).toMatchObject({ payouts: 0, largest: null, ready: false });
  });

  it("totals past 2^53 centavos exactly", async () => {
    const big = "90.071.992.547.409,91";
    const { summary } = await check(`valor;chave\n${big};a@b.co\n${big};c@d.co\n`);
    expect(summary.totalCentavos).toBe(9007199254740991n * 2n);
  });
});

describe("5,000 rows", () => {
  it("parses and validates a full batch of every key type", async () => {
    const keys = ["529.982.247-25", CNPJ, "ana@example.com", "(11) 91234-5678", EVP];
    const lines = Array.from(
      { length: 5_000 },
      (_, i) => `Pessoa ${i};${keys[i % keys.length]};;${i + 1},${String(i % 100).padStart(2, "0")};ref ${i}`,
    );
    const parsed: ParsedTable = await table(utf8(`${HEADER.replace("tipo;", "tipo;")}${lines.join("\r\n")}\r\n`));
    const { summary } = validateBatch(parsed, autoMapColumns(parsed.header).mapping);
    expect(summary).toMatchObject({ included: 5_000, invalid: 0, payouts: 5_000, ready: true });
  });
});

import { describe, expect, it } from "vitest";
import { autoMapColumns, checkMapping, normalizeHeader } from "@/lib/shared/batch";

describe("column mapping by header name", () => {
  it("recognises Portuguese headers regardless of accents, case and spaces", () => {
    const result = autoMapColumns(["Nome do Favorecido", "CHAVE PIX", "Tipo de Chave", "Valor (R$)", " Descrição "]);
    expect(result).toEqual({
      mapping: { name: 0, key: 1, keyType: 2, amount: 3, description: 4 },
      missing: [],
      conflicts: [],
    });
  });

  it("recognises English headers", () => {
    const result = autoMapColumns(["Amount", "Pix key", "Key type", "Reference", "Name"]);
    expect(result.mapping).toEqual({ amount: 0, key: 1, keyType: 2, description: 3, name: 4 });
  });

  it.each([
    ["valor", "amount"],
    ["chave", "key"],
    ["key", "key"],
    ["tipo", "keyType"],
    ["referência", "description"],
    ["favorecido", "name"],
  ])("maps %j", (header, field) => {
    expect(autoMapColumns([header]).mapping).toEqual({ [field]: 0 });
  });

  it("reports the required columns it could not find, for a manual mapping", () => {
    const result = autoMapColumns(["Quem", "Quanto", "Chave"]);
    expect(result.mapping).toEqual({ key: 2 });
    expect(result.missing).toEqual(["amount"]);
  });

  it("reports two columns claiming one field and keeps the first", () => {
    const result = autoMapColumns(["valor", "amount", "chave"]);
    expect(result.mapping.amount).toBe(0);
    expect(result.conflicts).toEqual(["amount"]);
  });

  it("normalises headers", () => {
    expect(normalizeHeader("  Descrição / Referência ")).toBe("descricaoreferencia");
  });
});

describe("explicit mapping", () => {
  const header = ["Quem", "Quanto", "Para onde"];

  it("accepts the operator's choice and still reports missing required fields", () => {
    expect(checkMapping(header, { amount: 1, key: 2, name: 0 })).toEqual({
      ok: true,
      result: { mapping: { amount: 1, key: 2, name: 0 }, missing: [], conflicts: [] },
    });
    expect(checkMapping(header, { amount: 1 })).toMatchObject({ ok: true, result: { missing: ["key"] } });
  });

  it("refuses unknown fields, columns out of range and a column used twice", () => {
    expect(checkMapping(header, { amount: 1, key: 2, extra: 0 })).toEqual({
      ok: false,
      error: "batch.mapping.invalid",
    });
    expect(checkMapping(header, { amount: -1 })).toEqual({ ok: false, error: "batch.mapping.invalid" });
    expect(checkMapping(header, { amount: 1.5 })).toEqual({ ok: false, error: "batch.mapping.invalid" });
    expect(checkMapping(header, "amount")).toEqual({ ok: false, error: "batch.mapping.invalid" });
    expect(checkMapping(header, { amount: 3 })).toEqual({ ok: false, error: "batch.mapping.outOfRange" });
    expect(checkMapping(header, { amount: 1, key: 1 })).toEqual({ ok: false, error: "batch.mapping.sameColumn" });
  });
});

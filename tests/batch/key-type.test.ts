import { describe, expect, it } from "vitest";
import { inferKeyType, keyTypeFromName, resolveKeyType } from "@/lib/shared/batch";
import { isValidCpf } from "@/lib/shared/validation/documents";
import { CNPJ, CPF_AND_PHONE, CPF_ONLY, EVP, PHONE_ONLY } from "./helpers";

describe("key type inferred from the key's shape", () => {
  it("the fixtures are what they claim", () => {
    expect(isValidCpf(CPF_AND_PHONE)).toBe(true);
    expect(isValidCpf(CPF_ONLY)).toBe(true);
    expect(isValidCpf(PHONE_ONLY)).toBe(false);
  });

  it.each([
    ["ana@example.com", "email"],
    [EVP, "evp"],
    [EVP.toUpperCase(), "evp"],
    ["+5511912345678", "phone"],
    ["(11) 91234-5678", "phone"],
    ["5511912345678", "phone"],
    ["529.982.247-25", "cpf"],
    [CPF_ONLY, "cpf"],
    [PHONE_ONLY, "phone"],
    ["11 91234-5678", "phone"],
    [CNPJ, "cnpj"],
    ["11.222.333/0001-81", "cnpj"],
  ])("%j → %s", (key, type) => {
    expect(inferKeyType(key)).toEqual({ ok: true, type });
  });

  it("asks about an 11-digit number that is a valid CPF and could be a mobile number, never guessing", () => {
    expect(inferKeyType(CPF_AND_PHONE)).toEqual({
      ok: false,
      error: "batch.row.keyAmbiguous",
      choices: ["cpf", "phone"],
    });
    expect(inferKeyType("529 982 247 25")).toEqual({
      ok: false,
      error: "batch.row.keyAmbiguous",
      choices: ["cpf", "phone"],
    });
  });

  it("says so when 11 digits are neither a valid CPF nor a mobile number", () => {
    expect(inferKeyType("11144477736")).toEqual({
      ok: false,
      error: "batch.row.keyElevenDigits",
      choices: ["cpf", "phone"],
    });
  });

  it.each(["1234567890", "abc", "123"])("does not infer %j", (key) => {
    expect(inferKeyType(key)).toMatchObject({ ok: false, error: "batch.row.keyTypeUndetected" });
  });
});

describe("key type given in the file or chosen by the operator", () => {
  it.each([
    ["CPF", "cpf"],
    ["cnpj", "cnpj"],
    ["E-mail", "email"],
    ["Celular", "phone"],
    ["telefone", "phone"],
    ["Phone", "phone"],
    ["Aleatória", "evp"],
    ["chave aleatória", "evp"],
    ["random", "evp"],
    ["EVP", "evp"],
  ])("the word %j → %s", (word, type) => {
    expect(keyTypeFromName(word, "x")).toBe(type);
  });

  it("resolves CPF/CNPJ by the key's length", () => {
    expect(keyTypeFromName("CPF/CNPJ", "529.982.247-25")).toBe("cpf");
    expect(keyTypeFromName("CPF/CNPJ", CNPJ)).toBe("cnpj");
    expect(keyTypeFromName("CPF/CNPJ", "123")).toBeNull();
  });

  it("the given type settles the ambiguity; the operator's choice wins over it", () => {
    expect(resolveKeyType({ key: CPF_AND_PHONE, typeCell: "celular" })).toEqual({ ok: true, type: "phone" });
    expect(resolveKeyType({ key: CPF_AND_PHONE, typeCell: "celular", chosen: "cpf" })).toEqual({
      ok: true,
      type: "cpf",
    });
    expect(resolveKeyType({ key: CPF_AND_PHONE, typeCell: "" })).toMatchObject({
      ok: false,
      error: "batch.row.keyAmbiguous",
    });
  });

  it("reports an unknown type word and a missing key", () => {
    expect(resolveKeyType({ key: CPF_ONLY, typeCell: "conta corrente" })).toMatchObject({
      ok: false,
      error: "batch.row.keyTypeUnknown",
    });
    expect(resolveKeyType({ key: "  " })).toMatchObject({ ok: false, error: "batch.row.keyRequired" });
  });

  it("does not trust a number cell that may have lost leading zeros", () => {
    expect(resolveKeyType({ key: "1234567890", numericCell: true })).toMatchObject({
      ok: false,
      error: "batch.row.keyNumericCell",
    });
    expect(resolveKeyType({ key: "1234567890", typeCell: "cpf", numericCell: true })).toMatchObject({
      ok: false,
      error: "batch.row.keyNumericCell",
    });
    expect(resolveKeyType({ key: "1122233300018", typeCell: "cnpj", numericCell: true })).toMatchObject({
      ok: false,
      error: "batch.row.keyNumericCell",
    });
    expect(resolveKeyType({ key: CPF_ONLY, numericCell: true })).toEqual({ ok: true, type: "cpf" });
    expect(resolveKeyType({ key: "1132345678", typeCell: "telefone", numericCell: true })).toEqual({
      ok: true,
      type: "phone",
    });
  });
});

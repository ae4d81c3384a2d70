import { describe, expect, it } from "vitest";
import {
  isValidCnpj,
  isValidCpf,
  isValidDocument,
  maskDocument,
  unmaskDocument,
} from "@/lib/shared/validation/documents";
import { detectPixKeyType, isValidPixKey, normalizePixKey } from "@/lib/shared/validation/pix";

/**
 * Independent reference for the check digits (mod 11, characters valued as ASCII − 48),
 * used to build test documents instead of trusting the code under test.
 */
function checkDigits(base: string, firstWeights: number[], secondWeights: number[]): string {
  const dv = (values: number[], weights: number[]) => {
    let sum = 0;
    values.forEach((v, i) => {
      sum += v * (weights[i] ?? 0);
    });
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const values = [...base].map((c) => c.charCodeAt(0) - 48);
  const d1 = dv(values, firstWeights);
  const d2 = dv([...values, d1], secondWeights);
  return `${base}${d1}${d2}`;
}
const cpfOf = (nine: string) => checkDigits(nine, [10, 9, 8, 7, 6, 5, 4, 3, 2], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
const cnpjOf = (twelve: string) =>
  checkDigits(twelve, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);

describe("CPF", () => {
  it("reference helper matches a known CPF", () => {
    expect(cpfOf("529982247")).toBe("52998224725");
  });

  it.each(["529.982.247-25", "52998224725", cpfOf("123456789"), cpfOf("000000001"), cpfOf("987654321")])(
    "valid %s",
    (cpf) => {
      expect(isValidCpf(cpf)).toBe(true);
    },
  );

  it.each([
    "529.982.247-26",
    "529.982.247-15",
    "11111111111",
    "00000000000",
    "5299822472",
    "529982247250",
    "5299822472a",
    "",
  ])("invalid %j", (cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });
});

describe("CNPJ", () => {
  // Alphanumeric CNPJ (from July 2026): letters in the first 12 positions, digits computed
  // here with the reference helper: 12ABC34501DE → check digits 3 and 5.
  const alphanumeric = cnpjOf("12ABC34501DE");

  it("alphanumeric example computed independently", () => {
    expect(alphanumeric).toBe("12ABC34501DE35");
  });

  it.each([
    "11.222.333/0001-81",
    "11222333000181",
    cnpjOf("123456780001"),
    alphanumeric,
    "12.ABC.345/01DE-35",
    "12.abc.345/01de-35",
    cnpjOf("A1B2C3D4E5F6"),
  ])("valid %s", (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(true);
  });

  it.each([
    "11.222.333/0001-82",
    "12ABC34501DE36",
    "12ABC34501DE3A",
    "11111111111111",
    "1122233300018",
    "112223330001811",
    "12ABC34501D!35",
    "",
  ])("invalid %j", (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });

  it("isValidDocument picks CPF or CNPJ by length", () => {
    expect(isValidDocument("529.982.247-25")).toBe(true);
    expect(isValidDocument("11.222.333/0001-81")).toBe(true);
    expect(isValidDocument(alphanumeric)).toBe(true);
    expect(isValidDocument("123")).toBe(false);
  });

  it("mask and unmask", () => {
    expect(unmaskDocument("12.abc.345/01de-35")).toBe("12ABC34501DE35");
    expect(maskDocument("52998224725")).toBe("529.982.247-25");
    expect(maskDocument("11222333000181")).toBe("11.222.333/0001-81");
    expect(maskDocument("12ABC34501DE35")).toBe("12.ABC.345/01DE-35");
  });
});

describe("Pix keys", () => {
  it.each([
    ["email", "ana.silva+pix@example.com.br"],
    ["cpf", "52998224725"],
    ["cnpj", "11222333000181"],
    ["cnpj", "12ABC34501DE35"],
    ["phone", "+5511987654321"],
    ["phone", "+551133334444"],
    ["evp", "5b0f7a3c-1d2e-4f5a-8b9c-0d1e2f3a4b5c"],
  ])("valid %s %s", (type, key) => {
    expect(isValidPixKey(type, key)).toBe(true);
  });

  it.each([
    ["email", "ana@"],
    ["email", "@example.com"],
    ["email", "ana@example"],
    ["email", `${"a".repeat(70)}@example.com`],
    ["cpf", "52998224726"],
    ["cnpj", "11222333000182"],
    ["phone", "5511987654321"],
    ["phone", "+5501987654321"],
    ["phone", "+12125550100"],
    ["phone", "+55119876543210"],
    ["evp", "5b0f7a3c1d2e4f5a8b9c0d1e2f3a4b5c"],
    ["evp", "zzzzzzzz-1d2e-4f5a-8b9c-0d1e2f3a4b5c"],
    ["iban", "whatever"],
  ])("invalid %s %s", (type, key) => {
    expect(isValidPixKey(type, key)).toBe(false);
  });

  it("normalizes keys", () => {
    expect(normalizePixKey("phone", "+55 (11) 98765-4321")).toBe("+5511987654321");
    expect(normalizePixKey("phone", "11 98765-4321")).toBe("+5511987654321");
    expect(normalizePixKey("phone", "55 11 98765-4321")).toBe("+5511987654321");
    expect(normalizePixKey("cpf", "529.982.247-25")).toBe("52998224725");
    expect(normalizePixKey("email", " Ana@Example.com ")).toBe("ana@example.com");
    expect(normalizePixKey("evp", "5B0F7A3C-1D2E-4F5A-8B9C-0D1E2F3A4B5C")).toBe("5b0f7a3c-1d2e-4f5a-8b9c-0d1e2f3a4b5c");
  });

  it.each([
    ["ana@example.com", "email"],
    ["5b0f7a3c-1d2e-4f5a-8b9c-0d1e2f3a4b5c", "evp"],
    ["+5511987654321", "phone"],
    ["529.982.247-25", "cpf"],
    ["11987654321", "phone"],
    ["11.222.333/0001-81", "cnpj"],
    ["12.ABC.345/01DE-35", "cnpj"],
    ["hello", null],
    ["12345", null],
  ])("detectPixKeyType(%j) → %s", (key, type) => {
    expect(detectPixKeyType(key)).toBe(type);
  });
});

import { describe, expect, it } from "vitest";
import { parseBatchAmount } from "@/lib/shared/batch";

const centavos = (text: string) => {
  const result = parseBatchAmount(text);
  return result.ok ? result.centavos : result.error;
};

describe("amounts as people type them", () => {
  it.each([
    ["1.234,56", 123456],
    ["1234,56", 123456],
    ["R$ 10", 1000],
    ["R$10,00", 1000],
    ["r$ 1.234,5", 123450],
    ["10,5", 1050],
    ["0,01", 1],
    [",50", 50],
    ["1.234", 123400],
    ["1.234.567,89", 123456789],
    [" 12 ", 1200],
    ["10\u00a0000,00", 1000000],
    ["'1.234,56", 123456],
  ])("Brazilian %j → %i centavos", (text, expected) => {
    expect(centavos(text)).toBe(expected);
  });

  it.each([
    ["1234.56", 123456],
    ["1,234.56", 123456],
    ["1,234,567.89", 123456789],
    ["10.5", 1050],
    ["0.99", 99],
  ])("English %j → %i centavos when unambiguous", (text, expected) => {
    expect(centavos(text)).toBe(expected);
  });

  it.each(["1,234", "12,345,678", "999,999", "10,555"])(
    "refuses %j as ambiguous (three digits after a lone comma)",
    (text) => {
      expect(centavos(text)).toBe("batch.row.amountAmbiguous");
    },
  );

  it.each(["-10", "-1,50", "(10,00)", "−5"])("refuses the negative %j", (text) => {
    expect(centavos(text)).toBe("batch.row.amountNegative");
  });

  it.each(["", "   ", "R$"])("asks for a missing amount in %j", (text) => {
    expect(centavos(text)).toBe("batch.row.amountRequired");
  });

  it.each(["10,5555", "1.2.3", "1,2,3", "dez reais", "1e5", "10,00,0", "1.234,567", "US$ 10", "99999999999999999999"])(
    "refuses %j",
    (text) => {
      expect(centavos(text)).toBe("batch.row.amountInvalid");
    },
  );

  it("keeps large amounts exact (string arithmetic, no floating point)", () => {
    expect(centavos("90.071.992.547.409,91")).toBe(9007199254740991);
    expect(centavos("0,29")).toBe(29);
    expect(centavos("1.005,35")).toBe(100535);
  });
});

import { describe, expect, it } from "vitest";
import {
  centavosToDecimalString,
  formatBRL,
  formatBRLInput,
  isCentavos,
  parseBRL,
  parseIntegerString,
} from "@/lib/shared/money";

const NBSP = "\u00a0";

describe("parseBRL", () => {
  it.each([
    ["1.234,56", 123456],
    ["1234,56", 123456],
    ["1234.56", 123456],
    ["1,234.56", 123456],
    ["R$ 10", 1000],
    [`R$${NBSP}1.234,56`, 123456],
    ["r$10,00", 1000],
    ["10", 1000],
    ["0,5", 50],
    [",5", 50],
    ["0,05", 5],
    ["1.234", 123400],
    ["1.234.567", 123456700],
    ["1.234.567,89", 123456789],
    ["0", 0],
    ["  42,10  ", 4210],
    ["90.071.992.547.409,91", Number.MAX_SAFE_INTEGER],
  ])("%j → %d", (input, expected) => {
    expect(parseBRL(input)).toBe(expected);
  });

  it.each([
    "",
    "   ",
    "R$",
    "abc",
    "10abc",
    "1,2,3",
    "-5",
    "+5",
    "1.23456",
    "1,234",
    "1,234,567",
    "12.34.56",
    "1.2345",
    "1..234",
    "1.234,5,6",
    "1e5",
    "NaN",
    "Infinity",
    "90.071.992.547.409,92",
    "99999999999999999",
  ])("%j → null", (input) => {
    expect(parseBRL(input)).toBeNull();
  });

  it("never returns NaN or a fraction", () => {
    for (const input of ["1,999", "0,01", "7.5", "1.000,10"]) {
      const value = parseBRL(input);
      expect(value === null || Number.isSafeInteger(value)).toBe(true);
    }
    expect(parseBRL("7.5")).toBe(750);
  });
});

describe("formatBRL", () => {
  it("formats with the no-break space Intl puts after R$", () => {
    const formatted = formatBRL(123456);
    expect(formatted).toBe(`R$${NBSP}1.234,56`);
    expect(formatted).toBe(new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(1234.56));
  });

  it.each([
    [0, `R$${NBSP}0,00`],
    [5, `R$${NBSP}0,05`],
    [100, `R$${NBSP}1,00`],
    [Number.MAX_SAFE_INTEGER, `R$${NBSP}90.071.992.547.409,91`],
    [9_999_999_999_999_99, `R$${NBSP}9.999.999.999.999,99`],
    [-123456, `-R$${NBSP}1.234,56`],
  ])("%d → %j (exact, no float rounding)", (centavos, expected) => {
    expect(formatBRL(centavos)).toBe(expected);
  });

  it("formats for another locale", () => {
    expect(formatBRL(123456, "en-US")).toBe("R$1,234.56");
  });

  it("round-trips through parseBRL", () => {
    for (const c of [0, 1, 99, 100, 123456, 100000000, Number.MAX_SAFE_INTEGER]) {
      expect(parseBRL(formatBRL(c))).toBe(c);
      expect(parseBRL(formatBRLInput(c))).toBe(c);
    }
  });

  it("formatBRLInput drops the currency sign", () => {
    expect(formatBRLInput(123456)).toBe("1.234,56");
  });
});

describe("integer helpers", () => {
  it("centavosToDecimalString is exact", () => {
    expect(centavosToDecimalString(5)).toBe("0.05");
    expect(centavosToDecimalString(123456)).toBe("1234.56");
    expect(centavosToDecimalString(Number.MAX_SAFE_INTEGER)).toBe("90071992547409.91");
    expect(centavosToDecimalString(-5)).toBe("-0.05");
  });

  it("parseIntegerString accepts digit strings only", () => {
    expect(parseIntegerString("15000")).toBe(15000);
    expect(parseIntegerString(" 15000 ")).toBe(15000);
    expect(parseIntegerString("-5")).toBe(-5);
    for (const bad of ["15.5", "abc", "", "1e3", "99999999999999999", "9007199254740993", "0x1f", "1_000"]) {
      expect(parseIntegerString(bad), bad).toBeNull();
    }
  });

  it("isCentavos", () => {
    expect(isCentavos(0)).toBe(true);
    expect(isCentavos(15000)).toBe(true);
    for (const bad of [-1, 1.5, Number.NaN, 2 ** 60, "15000", null]) expect(isCentavos(bad)).toBe(false);
  });
});

/**
 * Money is integer centavos everywhere. These helpers convert between what people
 * type / read and centavos using string arithmetic only, never floating point.
 */

const MAX_CENTAVOS = Number.MAX_SAFE_INTEGER;

/** True for a safe, non-negative integer amount of centavos. */
export function isCentavos(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

/**
 * Parses a decimal-digit string (optionally signed) into a safe integer, or null.
 * Used to normalise the API's numeric strings ("15000") without ever producing NaN.
 */
export function parseIntegerString(raw: string): number | null {
  const text = raw.trim();
  if (!/^-?\d{1,16}$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * Parses what a Brazilian operator types for an amount into centavos:
 * "1.234,56", "1234,56", "1234.56", "R$ 10", "10", "0,5", "1.234" (thousands).
 * Returns null for anything that is not an unambiguous non-negative amount
 * with at most two decimal places.
 */
export function parseBRL(input: string): number | null {
  const text = input.replace(/R\$/gi, "").replace(/[\s\u00a0]/g, "");
  if (text === "" || /[^\d.,]/.test(text)) return null;

  const lastComma = text.lastIndexOf(",");
  const lastDot = text.lastIndexOf(".");
  let integerPart: string;
  let fractionPart = "";

  if (lastComma >= 0 && lastDot >= 0) {
    // Both present: the right-most one is the decimal separator, the other groups thousands.
    const decimalSep = lastComma > lastDot ? "," : ".";
    const groupSep = decimalSep === "," ? "." : ",";
    const at = text.lastIndexOf(decimalSep);
    integerPart = text.slice(0, at);
    fractionPart = text.slice(at + 1);
    if (integerPart.includes(decimalSep) || !isGrouped(integerPart, groupSep)) return null;
    integerPart = integerPart.split(groupSep).join("");
  } else if (lastComma >= 0) {
    // Only commas: pt-BR decimal comma ("10,5"); several commas are never valid.
    if (text.indexOf(",") !== lastComma) return null;
    integerPart = text.slice(0, lastComma);
    fractionPart = text.slice(lastComma + 1);
  } else if (lastDot >= 0) {
    const dots = text.split(".").length - 1;
    const after = text.length - lastDot - 1;
    if (dots > 1 || after === 3) {
      // "1.234" or "1.234.567": pt-BR thousands grouping.
      if (!isGrouped(text, ".")) return null;
      integerPart = text.split(".").join("");
    } else {
      integerPart = text.slice(0, lastDot);
      fractionPart = text.slice(lastDot + 1);
    }
  } else {
    integerPart = text;
  }

  if (integerPart === "") integerPart = "0";
  if (!/^\d+$/.test(integerPart) || !/^\d{0,2}$/.test(fractionPart)) return null;
  const digits = (integerPart + fractionPart.padEnd(2, "0")).replace(/^0+(?=\d)/, "");
  if (digits.length > 16) return null;
  const value = Number(digits);
  return Number.isSafeInteger(value) && value <= MAX_CENTAVOS ? value : null;
}

function isGrouped(text: string, sep: string): boolean {
  if (!text.includes(sep)) return /^\d+$/.test(text);
  const groups = text.split(sep);
  return /^\d{1,3}$/.test(groups[0] ?? "") && groups.slice(1).every((g) => /^\d{3}$/.test(g));
}

/** "123456" centavos → "1234.56": an exact decimal string for Intl, never a float. */
export function centavosToDecimalString(centavos: number): `${number}` {
  const negative = centavos < 0;
  const digits = String(Math.abs(centavos)).padStart(3, "0");
  return `${negative ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}` as `${number}`;
}

/**
 * Centavos for an export: decimal reais with a dot and exactly two decimals
 * ("1234.56"); "" for a missing or non-integer amount.
 */
export function centavosToDecimal(centavos: number | null | undefined): string {
  if (centavos === null || centavos === undefined || !Number.isSafeInteger(centavos)) return "";
  return centavosToDecimalString(centavos);
}

const brlFormatters = new Map<string, Intl.NumberFormat>();

/** Formats centavos as BRL for the given locale: 123456 → "R$ 1.234,56". */
export function formatBRL(centavos: number, locale = "pt-BR"): string {
  let formatter = brlFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: "currency", currency: "BRL" });
    brlFormatters.set(locale, formatter);
  }
  // Intl accepts exact decimal strings (Intl.NumberFormat v3), so no float rounding.
  return formatter.format(centavosToDecimalString(centavos));
}

/** Formats centavos for an input field the way pt-BR operators type it: 123456 → "1.234,56". */
export function formatBRLInput(centavos: number): string {
  return formatBRL(centavos, "pt-BR")
    .replace(/^R\$\s?/, "")
    .replace(/\u00a0/g, "")
    .trim();
}

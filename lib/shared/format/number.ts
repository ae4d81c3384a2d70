import { formatBRL, formatBRLInput, parseBRL } from "@/lib/shared/money";

/**
 * Money is always integer centavos; it is formatted as BRL via Intl with exact
 * decimal strings (never floats). pt-BR: "R$ 1.234,56"; en: "R$1,234.56".
 */
export function formatMoney(centavos: number | null | undefined, locale: string): string {
  if (centavos === null || centavos === undefined || !Number.isFinite(centavos)) return "";
  return formatBRL(centavos, locale);
}

/** What a money input shows after blur: always the pt-BR way operators type it ("1.234,56"). */
export const formatMoneyInput = formatBRLInput;

/** Text typed by an operator → centavos, or null when it is not an unambiguous amount. */
export const parseMoneyInput = parseBRL;

const numberCache = new Map<string, Intl.NumberFormat>();

/** Counts: "10.000" / "10,000". */
export function formatNumber(
  value: number | null | undefined,
  locale: string,
  options: Intl.NumberFormatOptions = {},
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "";
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = numberCache.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, options);
    numberCache.set(key, formatter);
  }
  return formatter.format(value);
}

/** Ratios in [0, 1]: 0.1234 → "12,3%". */
export function formatPercent(ratio: number | null | undefined, locale: string, maximumFractionDigits = 1): string {
  return formatNumber(ratio, locale, { style: "percent", maximumFractionDigits });
}

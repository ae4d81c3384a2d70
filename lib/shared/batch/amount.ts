import { parseBRL } from "@/lib/shared/money";

export type AmountResult = { ok: true; centavos: number } | { ok: false; error: AmountError };
export type AmountError =
  "batch.row.amountRequired" | "batch.row.amountAmbiguous" | "batch.row.amountNegative" | "batch.row.amountInvalid";

/**
 * "1,234" and "12,345,678": a comma followed by exactly three digits, with no
 * other separator. A Brazilian reads a decimal comma with three decimals (not
 * a valid amount), an English speaker a thousands comma: refused as ambiguous.
 */
const AMBIGUOUS = /^\d{1,3}(,\d{3})+$/;

/** Cell text without what a spreadsheet adds around a number: R$, spaces, a leading text-marker apostrophe. */
function bare(text: string): string {
  return text
    .replace(/^'/, "")
    .replace(/R\$/gi, "")
    .replace(/[\s\u00a0]/g, "");
}

/**
 * An amount cell → integer centavos, with the same rules as the single payout's
 * amount field (parseBRL in lib/shared/money.ts, string arithmetic only):
 * "1.234,56", "R$ 10", "10,5", "1234.56", "1,234.56"; a dot followed by exactly
 * three digits groups thousands ("1.234" is 1234 reais). Zero is caught later
 * by the payout schema ("must be greater than zero").
 */
export function parseBatchAmount(cell: string): AmountResult {
  const text = bare(cell.trim());
  if (text === "") return { ok: false, error: "batch.row.amountRequired" };
  const centavos = parseBRL(text);
  if (centavos !== null) return { ok: true, centavos };
  if (AMBIGUOUS.test(text)) return { ok: false, error: "batch.row.amountAmbiguous" };
  if (/^[-−(]/.test(text)) return { ok: false, error: "batch.row.amountNegative" };
  return { ok: false, error: "batch.row.amountInvalid" };
}

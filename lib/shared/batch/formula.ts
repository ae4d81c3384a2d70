/**
 * Formula injection: text a spreadsheet would read as a formula when the file
 * is opened again (the results file repeats every uploaded cell). One rule for
 * the browser's check step (lib/shared/batch/validate-row.ts: every cell of a
 * row, mapped or not) and the server's batch schema
 * (lib/shared/schemas/payout-batches.ts: every text a batch stores), so a
 * batch that carries such text is refused before anything is written. The
 * results files still neutralise formulas on the way out (lib/shared/csv.ts),
 * as defence in depth.
 *
 * A formula is text that, after any leading spaces, starts with `=` or `@`, a
 * tab or a carriage return, or with `+` or `-` when it is not a plain signed
 * number, amount or phone (`-10,00`, `-1.234,56`, `+5511999999999`,
 * `+55 (11) 99999-9999`): `+cmd|' /C calc'!A0`, `-2+3+cmd|…`, `=HYPERLINK(…)`
 * and `@SUM(A1)` are formulas. A lone `-` or `+` (a "nothing here" mark) is not.
 */

/** The message of a formula cell, by what it starts with (batch.row.formula* in the batch dictionary). */
export const FORMULA_MESSAGES = {
  "=": "batch.row.formulaEquals",
  "@": "batch.row.formulaAt",
  "+": "batch.row.formulaPlus",
  "-": "batch.row.formulaMinus",
  "\t": "batch.row.formulaControl",
  "\r": "batch.row.formulaControl",
} as const;
export type FormulaMessage = (typeof FORMULA_MESSAGES)[keyof typeof FORMULA_MESSAGES];

/** A signed number or amount: digits with dot and comma separators only, optionally after "R$" (`-10,00`, `+1.234,56`, `-R$ 10`). */
const SIGNED_AMOUNT = /^[+-] *(?:R\$ *)?\d[\d.,]*$/;
/** A phone in international form: "+", then digits, spaces, parentheses, dots and hyphens only, with 8 to 15 digits. */
const INTERNATIONAL_PHONE = /^\+ *\d[\d ().-]*$/;

function isPlainSigned(text: string): boolean {
  if (text.length === 1) return true;
  if (SIGNED_AMOUNT.test(text)) return true;
  if (!INTERNATIONAL_PHONE.test(text)) return false;
  const digits = text.replace(/\D/g, "").length;
  return digits >= 8 && digits <= 15;
}

/** The message key when `text` would be read as a formula by a spreadsheet; null when it is plain text. */
export function formulaMessage(text: string): FormulaMessage | null {
  const start = text.replace(/^ +/, "");
  const first = start.charAt(0);
  const message: FormulaMessage | undefined = (FORMULA_MESSAGES as Readonly<Record<string, FormulaMessage>>)[first];
  if (!message) return null;
  if ((first === "+" || first === "-") && isPlainSigned(start.trimEnd())) return null;
  return message;
}

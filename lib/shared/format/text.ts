import { maskDocument } from "@/lib/shared/validation/documents";

/** CPF/CNPJ for display: "12345678909" → "123.456.789-09"; unknown shapes are returned as given. */
export function formatDocument(value: string | null | undefined): string {
  if (!value) return "";
  const raw = value.replace(/[.\-/\s]/g, "");
  return raw.length === 11 || raw.length === 14 ? maskDocument(raw) : value;
}

/** "+5511987654321" → "+55 (11) 98765-4321"; partial input is formatted progressively (and can be erased). */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return "";
  let digits = value.replace(/\D/g, "");
  const hasPlus = value.trim().startsWith("+");
  if (digits.startsWith("55") && (digits.length > 11 || hasPlus)) digits = digits.slice(2);
  digits = digits.slice(0, 11);
  if (digits.length === 0) return "";
  const ddd = digits.slice(0, 2);
  const rest = digits.slice(2);
  let out = `+55 (${ddd}`;
  if (rest.length > 0) {
    const split = rest.length > 8 ? 5 : 4;
    out += `) ${rest.slice(0, split)}`;
    if (rest.length > split) out += `-${rest.slice(split)}`;
  }
  return out;
}

/** Long ids in tight cells: "po_01HZX…9F3K". Keep the full id in a title/copy button. */
export function truncateMiddle(value: string, head = 8, tail = 4): string {
  if (value.length <= head + tail + 1) return value;
  return `${value.slice(0, head)}…${value.slice(-tail)}`;
}

/** Any JSON value as text: strings as they are, everything else as JSON; null and undefined → "". */
export function jsonText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/**
 * Brazilian tax documents. CPF: 11 digits with two mod-11 check digits.
 * CNPJ: 14 characters with two mod-11 check digits; since July 2026 the first
 * 12 may be letters as well as digits (alphanumeric CNPJ), each valued as its
 * ASCII code minus 48, which leaves all-digit CNPJs unchanged.
 */

/** Removes mask characters: "123.456.789-09" → "12345678909"; keeps letters upper-cased. */
export function unmaskDocument(value: string): string {
  return value.replace(/[.\-/\s]/g, "").toUpperCase();
}

function mod11CheckDigit(values: number[], weights: number[]): number {
  const sum = values.reduce((acc, v, i) => acc + v * (weights[i] ?? 0), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCpf(value: string): boolean {
  const digits = unmaskDocument(value);
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const nums = [...digits].map(Number);
  const d1 = mod11CheckDigit(nums.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = mod11CheckDigit(nums.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return d1 === nums[9] && d2 === nums[10];
}

const CNPJ_W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

export function isValidCnpj(value: string): boolean {
  const chars = unmaskDocument(value);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(chars) || /^(\d)\1{13}$/.test(chars)) return false;
  const nums = [...chars].map((c) => c.charCodeAt(0) - 48);
  const d1 = mod11CheckDigit(nums.slice(0, 12), CNPJ_W1);
  const d2 = mod11CheckDigit(nums.slice(0, 13), CNPJ_W2);
  return d1 === nums[12] && d2 === nums[13];
}

/** A CPF (11 digits) or a CNPJ (14), as a holder's document may be either. */
export function isValidDocument(value: string): boolean {
  const raw = unmaskDocument(value);
  return raw.length === 11 ? isValidCpf(raw) : isValidCnpj(raw);
}

/** Progressive mask while typing: CPF up to 11 digits, CNPJ beyond. */
export function maskDocument(value: string): string {
  const raw = unmaskDocument(value)
    .replace(/[^0-9A-Z]/g, "")
    .slice(0, 14);
  if (raw.length <= 11 && /^\d*$/.test(raw)) {
    return raw
      .replace(/^(\d{3})(\d)/, "$1.$2")
      .replace(/^(\d{3})\.(\d{3})(\d)/, "$1.$2.$3")
      .replace(/\.(\d{3})(\d{1,2})$/, ".$1-$2");
  }
  return raw
    .replace(/^(\w{2})(\w)/, "$1.$2")
    .replace(/^(\w{2})\.(\w{3})(\w)/, "$1.$2.$3")
    .replace(/^(\w{2})\.(\w{3})\.(\w{3})(\w)/, "$1.$2.$3/$4")
    .replace(/\/(\w{4})(\w{1,2})$/, "/$1-$2");
}

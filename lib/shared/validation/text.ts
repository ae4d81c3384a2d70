/**
 * Text the ledger (PostgreSQL) can store. PostgreSQL `text` and `jsonb` cannot
 * hold U+0000 (NUL): the write fails. A lone UTF-16 surrogate (half of a pair,
 * e.g. from `"\ud800"` in JSON) has no UTF-8 form: the driver either fails or
 * silently turns it into U+FFFD, so what is stored is not what was sent.
 *
 * Input the BFF accepts is refused when it holds either (`storableText` in
 * lib/shared/schemas/common.ts); the ledger replaces them in anything it is
 * still handed (an upstream answer), because it must record what happened.
 */

const NUL = 0x0000;
const REPLACEMENT = "\uFFFD";

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** Index of the first NUL or lone surrogate, or -1 when the whole string can be stored. */
function firstUnstorable(value: string): number {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code === NUL) return i;
    if (isHigh(code)) {
      if (isLow(value.charCodeAt(i + 1))) i += 1;
      else return i;
    } else if (isLow(code)) return i;
  }
  return -1;
}

/** True when PostgreSQL can store `value` exactly: no NUL, no lone surrogate. */
export function isStorableText(value: string): boolean {
  return firstUnstorable(value) === -1;
}

/** `value` with every NUL and lone surrogate replaced by U+FFFD (unchanged when already storable). */
export function toStorableText(value: string): string {
  if (isStorableText(value)) return value;
  let out = "";
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (isHigh(code) && isLow(value.charCodeAt(i + 1))) {
      out += value.slice(i, i + 2);
      i += 1;
    } else if (code === NUL || isHigh(code) || isLow(code)) out += REPLACEMENT;
    else out += value[i];
  }
  return out;
}

/** `toStorableText` for optional columns: null and undefined pass through. */
export function storableOrNull<T extends string | null | undefined>(value: T): T {
  return (typeof value === "string" ? toStorableText(value) : value) as T;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A JSON value (jsonb snapshot) with every string in it, keys included, made storable. */
export function toStorableJson<T>(value: T): T {
  if (typeof value === "string") return toStorableText(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => toStorableJson(item)) as T;
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[toStorableText(key)] = toStorableJson(item);
    return out as T;
  }
  return value;
}

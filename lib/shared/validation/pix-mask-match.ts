import { normalizePixKey } from "./pix";

/**
 * Whether a masked Pix key shown by the API (`bank_account.pix_key_masked` of a
 * retrieved payout, format not given by the spec) can be the mask of a full key.
 *
 * - "consistent": every character the mask shows is in the key, in order, with
 *   the hidden parts (runs of mask characters) standing for any number of characters;
 * - "mismatch": the mask shows something the key does not have: another key;
 * - "unverifiable": no mask, or one that shows no letter or digit (or is too long
 *   to be a key's): it cannot tell, so it cannot confirm either.
 *
 * Tolerant of how it is written: e-mail and EVP compare without case; documents
 * and phones compare digits only (dots, dashes, slashes, spaces, brackets and "+"
 * are ignored), and a phone mask may leave out the country code 55.
 * Mask characters: "*" and look-alikes ("•", "●", "∗", "＊", "…"); "x"/"X" too
 * where the key cannot contain an x (documents, phones, EVP).
 */
export type MaskMatch = "consistent" | "mismatch" | "unverifiable";

const MASK_CHARS = new Set(["*", "•", "●", "∗", "＊", "…"]);
/** Longer than any Pix key's mask (an e-mail key has at most 77 characters). */
const MAX_MASK_LENGTH = 200;
/** A hidden run, in the compiled pattern. */
const HIDDEN = null;
type Pattern = Array<string | typeof HIDDEN>;

function keyAlphabet(type: string): "digits" | "hex" | "text" {
  if (type === "cpf" || type === "cnpj" || type === "phone") return "digits";
  if (type === "evp") return "hex";
  return "text";
}

/** The mask as visible characters and hidden runs (consecutive hidden characters are one run). */
function compile(mask: string, alphabet: "digits" | "hex" | "text"): Pattern {
  const pattern: Pattern = [];
  for (const char of mask.toLowerCase()) {
    const hidden = MASK_CHARS.has(char) || (alphabet !== "text" && char === "x");
    if (hidden) {
      if (pattern[pattern.length - 1] !== HIDDEN) pattern.push(HIDDEN);
      continue;
    }
    if (/\s/u.test(char)) continue;
    if (alphabet === "digits" && !/\d/.test(char)) continue;
    if (alphabet === "hex" && char === "-") continue;
    pattern.push(char);
  }
  return pattern;
}

/** The key as the mask is compared with: the canonical form, minus what the mask ignores. */
function comparable(type: string, key: string, alphabet: "digits" | "hex" | "text"): string[] {
  const normal = normalizePixKey(type, key).toLowerCase();
  if (alphabet === "hex") return [normal.replace(/-/g, "")];
  if (alphabet === "text") return [normal.replace(/\s/gu, "")];
  const digits = normal.replace(/\D/g, "");
  return type === "phone" && digits.startsWith("55") ? [digits, digits.slice(2)] : [digits];
}

/** Glob match, hidden runs matching any number (0+) of characters: O(pattern × text), no backtracking. */
function matches(pattern: Pattern, text: readonly string[]): boolean {
  // reachable[j]: the pattern read so far can have consumed exactly text[0..j).
  let reachable = text.map(() => false).concat(false);
  reachable[0] = true;
  for (const token of pattern) {
    const next = text.map(() => false).concat(false);
    if (token === HIDDEN) {
      let seen = false;
      for (let j = 0; j <= text.length; j += 1) {
        seen = seen || Boolean(reachable[j]);
        next[j] = seen;
      }
    } else {
      for (let j = 0; j < text.length; j += 1) if (reachable[j] && text[j] === token) next[j + 1] = true;
    }
    reachable = next;
  }
  return Boolean(reachable[text.length]);
}

export function pixKeyMaskMatch(mask: string | null | undefined, type: string, key: string): MaskMatch {
  if (typeof mask !== "string" || mask.length > MAX_MASK_LENGTH) return "unverifiable";
  const alphabet = keyAlphabet(type);
  const pattern = compile(mask, alphabet);
  if (!pattern.some((token) => token !== HIDDEN && /[\p{L}\p{N}]/u.test(token))) return "unverifiable";
  return comparable(type, key, alphabet).some((candidate) => matches(pattern, [...candidate]))
    ? "consistent"
    : "mismatch";
}

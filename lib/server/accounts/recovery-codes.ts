import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * One-time recovery codes, for when the authenticator is lost: RECOVERY_CODE_COUNT codes of 16 characters
 * from Crockford's base32 alphabet (lower case; no i, l, o, u, so nothing reads as another character), shown
 * as "7kq2-m9xd-4hbz-p0wc": 80 bits each, from crypto.randomBytes.
 *
 * Stored only as SHA-256 hashes, not argon2: a slow hash protects secrets people choose, which can be guessed;
 * these are uniformly random, and guessing one from a stolen hash means searching 2^80 codes (with every
 * account's codes as targets at once, still about 2^63 tries per hit: decades of GPU time). 80 bits rather
 * than 50 for exactly that reason: 2^50 SHA-256 hashes are a few GPU-hours.
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const GROUPS = 4;
const GROUP_LENGTH = 4;
const CODE_LENGTH = GROUPS * GROUP_LENGTH;
export const RECOVERY_CODE_BITS = CODE_LENGTH * Math.log2(ALPHABET.length);
const NORMALIZED = new RegExp(`^[${ALPHABET}]{${CODE_LENGTH}}$`);
/** Crockford's decoding: read the look-alike letters as the digits they resemble. */
const LOOK_ALIKES: Readonly<Record<string, string>> = { o: "0", i: "1", l: "1" };

export interface NewRecoveryCode {
  /** What the person is shown, once. */
  code: string;
  /** What is stored (hex SHA-256 of the normalised code). */
  hash: string;
}

/** A stored code: unused while usedAt is null or undefined. */
export interface StoredRecoveryCode {
  readonly hash: string;
  readonly usedAt?: unknown;
}

function hashNormalized(normalized: string): string {
  return createHash("sha256").update(normalized).digest("hex");
}

/** The code as it is hashed (16 lower-case alphabet characters), or null when `input` cannot be a code. */
export function normalizeRecoveryCode(input: string): string | null {
  const normalized = input
    .toLowerCase()
    .replace(/[\s-]+/g, "")
    .replace(/[oil]/g, (c) => LOOK_ALIKES[c] ?? c);
  return NORMALIZED.test(normalized) ? normalized : null;
}

export function createRecoveryCodes(): NewRecoveryCode[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    // One byte per character: 256 is a multiple of 32, so the low five bits are uniform.
    const normalized = Array.from(randomBytes(CODE_LENGTH), (byte) => ALPHABET[byte & 31]).join("");
    const groups = normalized.match(new RegExp(`.{${GROUP_LENGTH}}`, "g")) ?? [];
    return { code: groups.join("-"), hash: hashNormalized(normalized) };
  });
}

/**
 * The unused stored code `input` is (case, spaces and dashes do not matter), or null. Every unused code is
 * compared, in constant time, whatever matches. The caller marks the returned code used (sets usedAt) in the
 * same transaction that accepts it, so it works only once.
 */
export function matchRecoveryCode<T extends StoredRecoveryCode>(input: string, stored: readonly T[]): T | null {
  const normalized = normalizeRecoveryCode(input);
  if (normalized === null) return null;
  const candidate = Buffer.from(hashNormalized(normalized), "hex");
  let matched: T | null = null;
  for (const code of stored) {
    const hash = Buffer.from(code.hash, "hex");
    const equal = hash.length === candidate.length && timingSafeEqual(hash, candidate);
    if (equal && code.usedAt == null) matched = code;
  }
  return matched;
}

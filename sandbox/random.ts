/**
 * Randomness: a seeded PRNG for the deterministic demo data, and crypto-backed ids
 * for everything created at run time.
 */
import { randomBytes } from "node:crypto";

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";
const ALNUM_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789";

/** mulberry32: tiny, fast, good enough for demo data. Same seed → same sequence. */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }

  chars(alphabet: string, length: number): string {
    let out = "";
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }

  digits(length: number): string {
    return this.chars("0123456789", length);
  }

  alnum(length: number): string {
    return this.chars(ALNUM, length);
  }
}

// Random bytes are drawn 4 KiB at a time: one syscall serves ~200 request ids.
const POOL_SIZE = 4096;
let pool = randomBytes(POOL_SIZE);
let poolOffset = 0;

function randomChars(alphabet: string, length: number): string {
  if (poolOffset + length > POOL_SIZE) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  let out = "";
  // Alphabets here have 32 or 36 symbols; the small modulo bias is irrelevant for ids.
  for (let i = 0; i < length; i++) out += alphabet[(pool[poolOffset + i] ?? 0) % alphabet.length];
  poolOffset += length;
  return out;
}

/** "req_" + 20 base32 characters. */
export function newRequestId(): string {
  return `req_${randomChars(BASE32, 20)}`;
}

/** Opaque resource id: prefix + 20 lowercase alphanumerics, e.g. "po_k3x...". */
export function newId(prefix: string): string {
  return `${prefix}_${randomChars(ALNUM, 20)}`;
}

/** Sandbox participant code used in end-to-end ids (not a real institution). */
export const SANDBOX_ISPB = "99999999";

function e2eTimestamp(at: Date): string {
  const iso = at.toISOString(); // 2026-11-22T09:59:26.000Z
  return iso.slice(0, 4) + iso.slice(5, 7) + iso.slice(8, 10) + iso.slice(11, 13) + iso.slice(14, 16);
}

/** Pix end-to-end id: "E" + 8-digit ISPB + yyyyMMddHHmm (UTC) + 11 alphanumerics = 32 chars. */
export function newEndToEndId(at: Date, prng?: Prng): string {
  const tail = prng ? prng.chars(ALNUM_UPPER, 11) : randomChars(ALNUM_UPPER, 11);
  return `E${SANDBOX_ISPB}${e2eTimestamp(at)}${tail}`;
}

export const END_TO_END_ID_RE = /^E\d{8}\d{12}[A-Za-z0-9]{11}$/;

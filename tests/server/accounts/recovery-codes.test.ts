/**
 * Recovery codes (lib/server/accounts/recovery-codes.ts): ten random codes people can type, stored as hashes,
 * each accepted once, whatever the case, spaces and dashes.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  createRecoveryCodes,
  matchRecoveryCode,
  RECOVERY_CODE_BITS,
  RECOVERY_CODE_COUNT,
} from "@/lib/server/accounts/recovery-codes";

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"; // Crockford's base32: no i, l, o, u
const FORMAT = /^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/;
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

interface Row {
  id: number;
  hash: string;
  usedAt: Date | null;
}

const rowsOf = (hashes: string[]): Row[] => hashes.map((hash, id) => ({ id, hash, usedAt: null }));

describe("createRecoveryCodes", () => {
  it("makes ten distinct codes of four groups of four, with at least 50 bits each", () => {
    const codes = createRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(RECOVERY_CODE_COUNT).toBe(10);
    for (const { code } of codes) expect(code).toMatch(FORMAT);
    expect(new Set(codes.map(({ code }) => code)).size).toBe(10);
    expect(RECOVERY_CODE_BITS).toBeGreaterThanOrEqual(50);
    expect(RECOVERY_CODE_BITS).toBe(16 * Math.log2(ALPHABET.length));
  });

  it("stores only the SHA-256 of the code without dashes, never the code", () => {
    for (const { code, hash } of createRecoveryCodes()) {
      expect(hash).toBe(sha256(code.replaceAll("-", "")));
      expect(hash).not.toContain(code.replaceAll("-", ""));
    }
  });

  it("draws every character of the alphabet evenly (all 5 bits of each character are random)", () => {
    const counts = new Map<string, number>([...ALPHABET].map((char) => [char, 0]));
    for (let set = 0; set < 200; set += 1) {
      for (const { code } of createRecoveryCodes()) {
        for (const char of code.replaceAll("-", "")) counts.set(char, (counts.get(char) ?? 0) + 1);
      }
    }
    // 32,000 characters: 1,000 expected each, standard deviation about 31; the bounds are over 9 of them away.
    expect(counts.size).toBe(32);
    for (const [char, count] of counts) {
      expect(count, char).toBeGreaterThan(700);
      expect(count, char).toBeLessThan(1_300);
    }
  });
});

describe("matchRecoveryCode", () => {
  it("says which stored code matched", () => {
    const codes = createRecoveryCodes();
    const rows = rowsOf(codes.map(({ hash }) => hash));
    codes.forEach(({ code }, index) => expect(matchRecoveryCode(code, rows)).toBe(rows[index]));
  });

  it("accepts each code once, when the caller marks the one returned as used", () => {
    const codes = createRecoveryCodes();
    const rows = rowsOf(codes.map(({ hash }) => hash));
    const code = codes[3]!.code;
    const matched = matchRecoveryCode(code, rows);
    expect(matched?.id).toBe(3);
    matched!.usedAt = new Date("2026-11-27T03:00:00Z");
    expect(matchRecoveryCode(code, rows)).toBeNull();
    expect(matchRecoveryCode(codes[4]!.code, rows)?.id).toBe(4);
  });

  it("ignores case, spaces and dashes, and reads o, i and l as 0, 1 and 1", () => {
    const rows = rowsOf([sha256("0011abcdefghjkmn")]);
    for (const typed of [
      "0011-abcd-efgh-jkmn",
      "0011ABCDEFGHJKMN",
      " 0011 abcd efgh jkmn ",
      "0011-ABCD -- efgh-JKMN",
      "OoIL-abcd-efgh-jkmn",
    ]) {
      expect(matchRecoveryCode(typed, rows), typed).toBe(rows[0]);
    }
  });

  it("refuses a wrong code, another set's code, and what cannot be a code", () => {
    const codes = createRecoveryCodes();
    const rows = rowsOf(codes.map(({ hash }) => hash));
    expect(matchRecoveryCode(createRecoveryCodes()[0]!.code, rows)).toBeNull();
    const last = codes[0]!.code.at(-1) === "0" ? "1" : "0";
    expect(matchRecoveryCode(`${codes[0]!.code.slice(0, -1)}${last}`, rows)).toBeNull();
    for (const typed of ["", codes[0]!.code.slice(0, -1), `${codes[0]!.code}0`, "uuuu-uuuu-uuuu-uuuu"]) {
      expect(matchRecoveryCode(typed, rows), typed).toBeNull();
    }
    expect(matchRecoveryCode(codes[0]!.code, [])).toBeNull();
  });
});

/**
 * Password hashes (lib/server/accounts/password.ts): argon2id PHC strings with the current parameters,
 * NFKC-equivalent passwords verify, weaker stored hashes ask for a rehash, unknown accounts never pass.
 */
import { hash, parseOptions } from "@node-rs/argon2";
import { describe, expect, it } from "vitest";
import {
  hashPassword,
  PASSWORD_HASH_PARAMS,
  UNKNOWN_ACCOUNT_HASH_FOR_TESTS,
  verifyPassword,
  verifyUnknownAccount,
} from "@/lib/server/accounts/password";

const PASSWORD = "uma senha longa o bastante";
const ARGON2ID = 2; // @node-rs/argon2's Algorithm.Argon2id (an ambient const enum)

describe("hashPassword", () => {
  it("stores an argon2id PHC string with at least OWASP's minimum, and a fresh salt each time", async () => {
    const stored = await hashPassword(PASSWORD);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(PASSWORD_HASH_PARAMS.memoryCost).toBeGreaterThanOrEqual(19_456);
    expect(PASSWORD_HASH_PARAMS.timeCost).toBeGreaterThanOrEqual(2);
    expect(await hashPassword(PASSWORD)).not.toBe(stored);
  });
});

describe("verifyPassword", () => {
  it("accepts the password and refuses another one, asking no rehash of a current hash", async () => {
    const stored = await hashPassword(PASSWORD);
    expect(await verifyPassword(stored, PASSWORD)).toEqual({ ok: true, needsRehash: false });
    expect(await verifyPassword(stored, `${PASSWORD}.`)).toEqual({ ok: false, needsRehash: false });
  });

  it("verifies the password typed as other, NFKC-equivalent code points, whichever form was set", async () => {
    const composed = "Caf\u00e9 com leite, sem a\u00e7\u00facar";
    const decomposed = "Cafe\u0301 com leite, sem ac\u0327u\u0301car";
    expect((await verifyPassword(await hashPassword(composed), decomposed)).ok).toBe(true);
    expect((await verifyPassword(await hashPassword(decomposed), composed)).ok).toBe(true);
  });

  it("asks for a rehash when the stored hash has less memory or fewer passes (OWASP's minimum included)", async () => {
    const weaker = await hash(PASSWORD, { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: ARGON2ID });
    expect(await verifyPassword(weaker, PASSWORD)).toEqual({ ok: true, needsRehash: true });
    const lessMemory = await hash(PASSWORD, { memoryCost: 19_456, timeCost: 3, parallelism: 1, algorithm: ARGON2ID });
    expect(await verifyPassword(lessMemory, PASSWORD)).toEqual({ ok: true, needsRehash: true });
    const fewerPasses = await hash(PASSWORD, { memoryCost: 65_536, timeCost: 2, parallelism: 1, algorithm: ARGON2ID });
    expect(await verifyPassword(fewerPasses, PASSWORD)).toEqual({ ok: true, needsRehash: true });
  });

  it("asks no rehash of a stronger stored hash, nor of one whose password was wrong", async () => {
    const stronger = await hash(PASSWORD, { memoryCost: 131_072, timeCost: 3, parallelism: 1, algorithm: ARGON2ID });
    expect(await verifyPassword(stronger, PASSWORD)).toEqual({ ok: true, needsRehash: false });
    const weaker = await hash(PASSWORD, { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: ARGON2ID });
    expect(await verifyPassword(weaker, "not the password")).toEqual({ ok: false, needsRehash: false });
  });
});

describe("verifyUnknownAccount", () => {
  it("refuses even the password of its own dummy hash", async () => {
    expect(await verifyUnknownAccount("pix-ops unknown account")).toEqual({ ok: false, needsRehash: false });
    expect(await verifyUnknownAccount(PASSWORD)).toEqual({ ok: false, needsRehash: false });
  });

  it("verifies against a hash with the current parameters, so it costs what a real account does", () => {
    expect(parseOptions(UNKNOWN_ACCOUNT_HASH_FOR_TESTS)).toMatchObject({
      algorithm: ARGON2ID,
      memoryCost: PASSWORD_HASH_PARAMS.memoryCost,
      timeCost: PASSWORD_HASH_PARAMS.timeCost,
      parallelism: PASSWORD_HASH_PARAMS.parallelism,
      outputLen: 32,
    });
  });
});

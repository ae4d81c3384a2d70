import "server-only";
import { hash, parseOptions, verify, type Algorithm, type Version } from "@node-rs/argon2";
import { normalizePassword } from "@/lib/shared/auth/password-policy";

/**
 * Password hashes: argon2id, stored as the encoded PHC string ($argon2id$v=19$m=…,t=…,p=…$salt$hash), which
 * carries its own salt and parameters, so raising the parameters later still verifies older hashes.
 *
 * m = 64 MiB, t = 3, p = 1: above OWASP's minimum (19 MiB, t = 2, p = 1) and RFC 9106's second recommended
 * memory and passes. A hash took about 55 ms (median) on a shared 2-core machine;
 * p = 1 because each hash runs on one libuv thread and concurrency comes from several sign-ins at once.
 *
 * Passwords are NFKC-normalised before hashing and verifying (lib/shared/auth/password-policy.ts says why).
 * The policy itself is checked where a new password arrives (newPasswordSchema), not here.
 */
export const PASSWORD_HASH_PARAMS = Object.freeze({ memoryCost: 65_536, timeCost: 3, parallelism: 1 });

// @node-rs/argon2 declares these as ambient const enums, which isolatedModules cannot read: their values.
const ARGON2ID = 2 as Algorithm;
const V0X13 = 1 as Version;

const HASH_OPTIONS = { ...PASSWORD_HASH_PARAMS, algorithm: ARGON2ID, version: V0X13 };

/**
 * What an unknown e-mail is verified against, so it costs what a known one does: a hash made with
 * PASSWORD_HASH_PARAMS (a test keeps them equal) of a password that is never accepted anyway.
 */
const UNKNOWN_ACCOUNT_HASH =
  "$argon2id$v=19$m=65536,t=3,p=1$lqX/NITAuA7XNsUA/cjwqA$LG75XiNRighEmDV9DwR9eGZtKvKa9jQ9dVnxIpGZ4FE";

export interface PasswordCheck {
  ok: boolean;
  /** The password was right and its hash was made with weaker parameters: store hashPassword(password) now. */
  needsRehash: boolean;
}

/** The PHC string to store for a new password (one that passed newPasswordSchema). */
export function hashPassword(password: string): Promise<string> {
  return hash(normalizePassword(password), HASH_OPTIONS);
}

/** True when `storedHash` was made with another algorithm or version, or with less memory or fewer passes. */
export function needsRehash(storedHash: string): boolean {
  const stored = parseOptions(storedHash);
  return (
    stored.algorithm !== ARGON2ID ||
    stored.version !== V0X13 ||
    stored.memoryCost < PASSWORD_HASH_PARAMS.memoryCost ||
    stored.timeCost < PASSWORD_HASH_PARAMS.timeCost
  );
}

/**
 * Checks `password` against the account's stored hash. A stored value that is not an argon2 PHC string
 * throws (a damaged record is not a wrong password).
 */
export async function verifyPassword(storedHash: string, password: string): Promise<PasswordCheck> {
  const ok = await verify(storedHash, normalizePassword(password));
  return { ok, needsRehash: ok && needsRehash(storedHash) };
}

/**
 * Sign-in for an e-mail that has no account: does the work of verifyPassword (so the answer takes as long
 * and does not tell whether the e-mail exists), and is always a wrong password.
 */
export async function verifyUnknownAccount(password: string): Promise<PasswordCheck> {
  await verifyPassword(UNKNOWN_ACCOUNT_HASH, password);
  return { ok: false, needsRehash: false };
}

/** Tests only: the hash verifyUnknownAccount uses, to check that its parameters are the current ones. */
export const UNKNOWN_ACCOUNT_HASH_FOR_TESTS = UNKNOWN_ACCOUNT_HASH;

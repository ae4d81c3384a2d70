import { z } from "zod/mini";
import type { MessageKey } from "@/lib/shared/i18n/dictionaries";
import { storableText } from "@/lib/shared/schemas/common";
import { COMMON_PASSWORDS } from "./common-passwords";

/**
 * The password policy of personal accounts, shared by the browser form and the server (NIST SP 800-63B):
 * a length range and a blocklist, no composition rules (they push people to predictable patterns such as
 * "Password1!" without making passwords harder to guess).
 *
 * Length counts Unicode code points of the NFKC form, not UTF-16 units: an emoji is one character, as people
 * see it, and the text that is checked is the text that is hashed. NFKC first because the same password typed
 * on another keyboard or system can arrive as other code points (a composed "é" or "e" + combining accent, a
 * full-width "ａ" from an IME): after NFKC both are the same bytes, so the password still verifies.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = Extract<
  MessageKey,
  | "validation.password.tooShort"
  | "validation.password.tooLong"
  | "validation.password.isEmail"
  | "validation.password.common"
>;

/** The form of a password that is checked, hashed and verified. */
export function normalizePassword(password: string): string {
  return password.normalize("NFKC");
}

function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** What is wrong with `password` as a new password of the account `email` (null: nothing). */
export function passwordProblem(password: string, email?: string | null): PasswordProblem | null {
  const normalized = normalizePassword(password);
  const length = codePoints(normalized);
  if (length < PASSWORD_MIN_LENGTH) return "validation.password.tooShort";
  if (length > PASSWORD_MAX_LENGTH) return "validation.password.tooLong";
  const folded = normalized.toLowerCase();
  if (email && folded === normalizePassword(email.trim()).toLowerCase()) return "validation.password.isEmail";
  if (COMMON_PASSWORDS.has(folded)) return "validation.password.common";
  return null;
}

/**
 * A new password for the account `email` (sign-up, change, reset); its output is the NFKC form.
 * Signing in does not use it: a password is verified as it is, whatever today's policy says.
 */
export function newPasswordSchema(email?: string | null) {
  return z.pipe(storableText({ error: "validation.required" }), z.transform(normalizePassword)).check(
    z.superRefine((password, ctx) => {
      const problem = passwordProblem(password, email);
      if (problem) ctx.addIssue({ code: "custom", path: [], message: problem, input: password });
    }),
  );
}

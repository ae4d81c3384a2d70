/**
 * The password policy shared by the sign-up form and the server (lib/shared/auth/password-policy.ts):
 * 12 to 128 code points of the NFKC form, not the account's e-mail, not a common password.
 */
import { describe, expect, it } from "vitest";
import { COMMON_PASSWORDS } from "@/lib/shared/auth/common-passwords";
import { newPasswordSchema, passwordProblem } from "@/lib/shared/auth/password-policy";
import { en } from "@/lib/shared/i18n/dictionaries/en";
import { ptBR } from "@/lib/shared/i18n/dictionaries/pt-BR";

const EMAIL = "ana.souza@example.com";
const THUMBS_UP = "\u{1F44D}"; // one code point, two UTF-16 units

function messages(password: unknown, email?: string) {
  const result = newPasswordSchema(email).safeParse(password);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe("length, in code points of the NFKC form", () => {
  it.each([
    ["11 letters", "a".repeat(5) + "b".repeat(6), "validation.password.tooShort"],
    ["12 letters", "a".repeat(6) + "b".repeat(6), null],
    ["128 letters", "ab".repeat(64), null],
    ["129 letters", "ab".repeat(64) + "c", "validation.password.tooLong"],
  ])("%s", (_name, password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });

  it("counts an emoji as one character, not two UTF-16 units", () => {
    expect(passwordProblem(THUMBS_UP.repeat(11))).toBe("validation.password.tooShort");
    expect(passwordProblem(THUMBS_UP.repeat(12))).toBeNull();
    expect(passwordProblem(THUMBS_UP.repeat(128))).toBeNull();
    expect(passwordProblem(THUMBS_UP.repeat(129))).toBe("validation.password.tooLong");
  });

  it("counts after NFKC: six decomposed accents are twelve code points typed but six characters", () => {
    const decomposed = "e\u0301".repeat(6);
    expect([...decomposed]).toHaveLength(12);
    expect(passwordProblem(decomposed)).toBe("validation.password.tooShort");
    expect(passwordProblem("e\u0301".repeat(12))).toBeNull();
  });
});

describe("the account's e-mail and common passwords", () => {
  it("refuses the account's own e-mail, whatever its case, and only with that account", () => {
    expect(passwordProblem("Ana.Souza@Example.COM", EMAIL)).toBe("validation.password.isEmail");
    expect(passwordProblem(EMAIL, ` ${EMAIL.toUpperCase()} `)).toBe("validation.password.isEmail");
    expect(passwordProblem(EMAIL, "bruno@example.com")).toBeNull();
    expect(passwordProblem(EMAIL)).toBeNull();
  });

  it("refuses a common password whatever its case, and its full-width (NFKC-equivalent) form", () => {
    expect(passwordProblem("password1234")).toBe("validation.password.common");
    expect(passwordProblem("Password1234")).toBe("validation.password.common");
    expect(passwordProblem("\uFF50\uFF41\uFF53\uFF53\uFF57\uFF4F\uFF52\uFF44\uFF11\uFF12\uFF13\uFF14")).toBe(
      "validation.password.common",
    );
    expect(passwordProblem("password1234 but longer")).toBeNull();
  });

  it("lists only lower-case passwords the length rule lets through (others could never match)", () => {
    for (const password of COMMON_PASSWORDS) {
      expect(password, password).toBe(password.toLowerCase());
      expect([...password].length, password).toBeGreaterThanOrEqual(12);
    }
  });

  it("has no composition rule: twelve lower-case letters are a good password", () => {
    expect(passwordProblem("correcthorse")).toBeNull();
  });
});

describe("newPasswordSchema", () => {
  it("outputs the NFKC form, which is what gets hashed", () => {
    const result = newPasswordSchema().parse("Cafe\u0301 com leite!");
    expect(result).toBe("Caf\u00e9 com leite!");
  });

  it("gives the policy's message key, one per password, and refuses what is not text", () => {
    expect(messages("short")).toEqual(["validation.password.tooShort"]);
    expect(messages(EMAIL, EMAIL)).toEqual(["validation.password.isEmail"]);
    expect(messages("qwerty123456")).toEqual(["validation.password.common"]);
    expect(messages("a long enough passphrase", EMAIL)).toEqual([]);
    expect(messages(undefined)).toEqual(["validation.required"]);
    expect(messages("valid length \u0000 with NUL")).toContain("validation.unstorableText");
  });

  it("has every message in both dictionaries", () => {
    for (const key of [
      "validation.password.tooShort",
      "validation.password.tooLong",
      "validation.password.isEmail",
      "validation.password.common",
    ] as const) {
      expect(en[key]).toBeTruthy();
      expect(ptBR[key]).toBeTruthy();
    }
  });
});

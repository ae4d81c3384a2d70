import { describe, expect, it } from "vitest";
import { maskPixKeyAsApi } from "@/sandbox/pix-rules";
import { maskPixKey } from "@/lib/shared/validation/pix-mask";
import { pixKeyMaskMatch } from "@/lib/shared/validation/pix-mask-match";

const KEYS = {
  email: "ana.souza@example.com",
  cpf: "12345678909",
  cnpj: "12345678000195",
  phone: "+5511987654321",
  evp: "123e4567-e89b-12d3-a456-426614174000",
} as const;

describe("pixKeyMaskMatch", () => {
  it.each(Object.entries(KEYS))(
    "a %s key is consistent with the sandbox's mask of it and with the dashboard's own",
    (type, key) => {
      expect(pixKeyMaskMatch(maskPixKeyAsApi(type, key), type, key)).toBe("consistent");
      expect(pixKeyMaskMatch(maskPixKey(type, key), type, key)).toBe("consistent");
    },
  );

  it.each([
    ["email", "a***@example.com", "bruno@example.com"],
    ["email", "a***@example.com", "ana@example.org"],
    ["cpf", "***.456.789-**", "98765432100"],
    ["cnpj", "**.345.678/0001-**", "11222333000181"],
    ["phone", "+55 11 *****-4321", "+5511987650000"],
    ["phone", "+55 21 *****-4321", "+5511987654321"],
    ["evp", "123e4567-****-****-****-********4000", "00000000-e89b-12d3-a456-426614174000"],
  ])("a %s mask that shows other characters is a mismatch (%s vs %s)", (type, mask, key) => {
    expect(pixKeyMaskMatch(mask, type, key)).toBe("mismatch");
  });

  it("compares e-mails without case, and hidden runs stand for any number of characters (none included)", () => {
    expect(pixKeyMaskMatch("A***@Example.COM", "email", "ana@example.com")).toBe("consistent");
    expect(pixKeyMaskMatch("a***@example.com", "email", "A@EXAMPLE.COM")).toBe("consistent");
    expect(pixKeyMaskMatch("an*@ex*.com", "email", "ana.souza@example.com")).toBe("consistent");
    // Order matters: the shown characters must appear in this order.
    expect(pixKeyMaskMatch("*@example.com*a", "email", "ana@example.com")).toBe("mismatch");
  });

  it("ignores punctuation and spaces of documents and phones, and takes other mask characters", () => {
    expect(pixKeyMaskMatch("•••456789••", "cpf", "123.456.789-09")).toBe("consistent");
    expect(pixKeyMaskMatch("XXX.456.789-XX", "cpf", "12345678909")).toBe("consistent");
    expect(pixKeyMaskMatch("xx.xxx.678/0001-95", "cnpj", "12.345.678/0001-95")).toBe("consistent");
    expect(pixKeyMaskMatch("(11) 9****-4321", "phone", "+5511987654321")).toBe("consistent");
    expect(pixKeyMaskMatch("+55 (11) 9●●●●-4321", "phone", "+55 11 98765-4321")).toBe("consistent");
    expect(pixKeyMaskMatch("(21) 9****-4321", "phone", "+5511987654321")).toBe("mismatch");
  });

  it("an 'x' is a letter of an e-mail, not a mask character", () => {
    expect(pixKeyMaskMatch("xavier@example.com", "email", "xavier@example.com")).toBe("consistent");
    expect(pixKeyMaskMatch("xx***@example.com", "email", "ana@example.com")).toBe("mismatch");
  });

  it("compares EVP keys without case or dashes", () => {
    expect(pixKeyMaskMatch("123E4567••••••••••••••••••••4000", "evp", KEYS.evp)).toBe("consistent");
  });

  it.each([null, undefined, "", "***", "  ", "•••-•••", "*@*.*", "*".repeat(500), `a${"*".repeat(300)}@example.com`])(
    "a missing mask, one that shows no letter or digit, or one too long to be a key's is unverifiable (%j)",
    (mask) => {
      expect(pixKeyMaskMatch(mask, "email", "ana@example.com")).toBe("unverifiable");
    },
  );

  it("a mask of many hidden runs is matched without backtracking (a hostile upstream)", () => {
    const mask = "*a".repeat(99);
    expect(pixKeyMaskMatch(mask, "email", `${"a".repeat(60)}@example.com`)).toBe("mismatch");
  });
});

import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { fallbackMessageKey } from "@/lib/browser/zod-jitless";
import { createTranslator } from "@/lib/shared/i18n";
import { payoutInputSchema } from "@/lib/shared/schemas/payout";

/** The first message zod gives for `field`, as the form would show it before translation. */
function messageFor(schema: z.ZodMiniType, input: unknown, field = ""): string | undefined {
  const result = z.safeParse(schema, input);
  return result.success ? undefined : result.error.issues.find((issue) => issue.path.join(".") === field)?.message;
}

describe("field messages in the browser (zod/mini carries no locale there)", () => {
  it("a Pix key over 140 characters reads 'too long' in the operator's language", () => {
    const message = messageFor(
      payoutInputSchema,
      { amount_centavos: 100, pix_key_type: "email", pix_key: `${"a".repeat(135)}@x.com` },
      "pix_key",
    );
    expect(message).toBe("validation.tooLong");
    expect(createTranslator("pt-BR")(message ?? "")).toBe("Texto longo demais.");
    expect(createTranslator("en")(message ?? "")).toBe("Too long.");
  });

  it("a check with no message of its own gets a dictionary key, never zod's generic English", () => {
    expect(messageFor(z.object({ f: z.string().check(z.maxLength(2)) }), { f: "abc" }, "f")).toBe("validation.tooLong");
    expect(messageFor(z.object({ f: z.string().check(z.minLength(1)) }), { f: "" }, "f")).toBe("validation.required");
    expect(messageFor(z.object({ f: z.string() }), {}, "f")).toBe("validation.required");
    expect(messageFor(z.object({ f: z.number().check(z.int()) }), { f: 1.5 }, "f")).toBe("validation.invalid");
    for (const key of ["validation.tooLong", "validation.required", "validation.invalid"]) {
      expect(createTranslator("pt-BR")(key)).not.toBe(key);
      expect(createTranslator("en")(key)).not.toBe(key);
    }
  });

  it("a schema's own message still wins over the fallback", () => {
    expect(
      messageFor(payoutInputSchema, { amount_centavos: 100, pix_key_type: "email", pix_key: "   " }, "pix_key"),
    ).toBe("validation.required");
    expect(
      messageFor(payoutInputSchema, { amount_centavos: 100, pix_key_type: "bogus", pix_key: "a@b.co" }, "pix_key_type"),
    ).toBe("validation.pixKeyType");
  });

  it("maps issues by kind", () => {
    expect(fallbackMessageKey({ code: "too_big", origin: "string", maximum: 2, input: "abc", path: [] })).toBe(
      "validation.tooLong",
    );
    expect(fallbackMessageKey({ code: "too_big", origin: "number", maximum: 2, input: 3, path: [] })).toBe(
      "validation.invalid",
    );
  });
});

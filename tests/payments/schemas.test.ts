import { describe, expect, it } from "vitest";
import type { z } from "zod/mini";
import {
  ChargebackSchema,
  PaymentLinkSchema,
  PayoutCreatedSchema,
  PayoutSchema,
  SubaccountSchema,
  chargebackListSchema,
  createPaymentLinkBodySchema,
  createPayoutBodySchema,
  envelopeSchema,
  idempotencyKeySchema,
  paymentLinkListSchema,
  payoutInputSchema,
  resourceIdSchema,
  setBlockedBodySchema,
  updateSubaccountBodySchema,
  upstreamErrorSchema,
} from "@/lib/shared/schemas";

/** Values that must never become an amount (and never NaN). */
const BAD_AMOUNTS: unknown[] = [
  "15.5",
  "abc",
  "",
  1.5,
  2 ** 60,
  "99999999999999999",
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  "1e5",
  "0x10",
];

const payoutCreated = {
  id: "po_1",
  public_id: "po_1",
  amount_centavos: "15000",
  fee_centavos: "100",
  net_centavos: "14900",
  pix_key: "ana@example.com",
  pix_key_type: "email",
  end_to_end_id: "E123",
  failure_reason: "",
  status: "pending",
};

const payout = {
  id: "po_demo_paid",
  status: "paid",
  amount_centavos: 15000,
  fee_centavos: 100,
  net_centavos: 14900,
  bank_account: { holder_name: "Ana", pix_key_masked: "***.456.789-**", pix_key_type: "cpf" },
};

const paymentLink = {
  id: "pl_1",
  name: "Camiseta",
  description: "Algodão",
  slug: "camiseta",
  amount_centavos: "5000",
  min_amount_centavos: "1000",
  collect_customer_data: true,
  max_sales: "10",
  expires_at: "2030-01-01T00:00:00Z",
  starts_at: "2025-01-01T00:00:00Z",
  status: "pending",
  checkouts_started: 3,
  sales_count: 2,
  visits: 40,
  revenue_centavos: "10000",
};

const subaccount = {
  id: "sa_1",
  public_id: "sa_1",
  name: "Loja",
  email: "loja@example.com",
  document: "52998224725",
  external_reference: "ref-1",
  daily_limit_centavos: "100000",
  monthly_limit_centavos: "2000000",
  is_blocked: false,
};

const chargeback = { id: "cb_1", kind: "pix_med", status: "needs_response", amount_centavos: "2500", reason: "fraud" };

type AnySchema = z.ZodMiniType<Record<string, unknown>>;

/** Every upstream schema with each of its money / counter fields. */
const UPSTREAM_CASES: Array<{ name: string; schema: AnySchema; base: Record<string, unknown>; fields: string[] }> = [
  {
    name: "PayoutCreatedSchema",
    schema: PayoutCreatedSchema,
    base: payoutCreated,
    fields: ["amount_centavos", "fee_centavos", "net_centavos"],
  },
  {
    name: "PayoutSchema",
    schema: PayoutSchema,
    base: payout,
    fields: ["amount_centavos", "fee_centavos", "net_centavos"],
  },
  {
    name: "PaymentLinkSchema",
    schema: PaymentLinkSchema,
    base: paymentLink,
    fields: [
      "amount_centavos",
      "min_amount_centavos",
      "revenue_centavos",
      "max_sales",
      "checkouts_started",
      "sales_count",
      "visits",
    ],
  },
  {
    name: "SubaccountSchema",
    schema: SubaccountSchema,
    base: subaccount,
    fields: ["daily_limit_centavos", "monthly_limit_centavos"],
  },
  { name: "ChargebackSchema", schema: ChargebackSchema, base: chargeback, fields: ["amount_centavos"] },
];

describe.each(UPSTREAM_CASES)("$name", ({ schema, base, fields }) => {
  it.each(fields)("%s: numeric string and integer both become the same safe integer", (field) => {
    const fromString = schema.parse({ ...base, [field]: "15000" });
    const fromNumber = schema.parse({ ...base, [field]: 15000 });
    expect(fromString[field]).toBe(15000);
    expect(fromNumber[field]).toBe(15000);
    expect(Number.isSafeInteger(fromString[field])).toBe(true);
  });

  it.each(fields)("%s: zero and the largest safe integer are exact", (field) => {
    expect(schema.parse({ ...base, [field]: "0" })[field]).toBe(0);
    expect(schema.parse({ ...base, [field]: String(Number.MAX_SAFE_INTEGER) })[field]).toBe(Number.MAX_SAFE_INTEGER);
    expect(schema.parse({ ...base, [field]: Number.MAX_SAFE_INTEGER })[field]).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each(fields.flatMap((f) => BAD_AMOUNTS.map((bad) => [f, bad] as const)))(
    "%s = %j is a parse error",
    (field, bad) => {
      const result = schema.safeParse({ ...base, [field]: bad });
      expect(result.success).toBe(false);
      if (!result.success) {
        expect(result.error.issues.some((i) => i.path[0] === field)).toBe(true);
      }
    },
  );

  it("tolerates unknown extra fields", () => {
    const result = schema.safeParse({ ...base, brand_new_field: { nested: true }, another: 1 });
    expect(result.success).toBe(true);
  });
});

describe.each(UPSTREAM_CASES.filter((c) => "status" in c.base))("$name status", ({ schema, base }) => {
  it("keeps an unknown status string as sent", () => {
    const parsed = schema.parse({ ...base, status: "quantum_superposition" });
    expect(parsed.status).toBe("quantum_superposition");
  });
});

describe("upstream resource details", () => {
  it("PayoutCreated keeps id, key and nullable text fields", () => {
    const parsed = PayoutCreatedSchema.parse({ ...payoutCreated, end_to_end_id: null, failure_reason: null });
    expect(parsed).toMatchObject({
      id: "po_1",
      pix_key: "ana@example.com",
      end_to_end_id: null,
      amount_centavos: 15000,
      net_centavos: 14900,
    });
  });

  it("Payout requires id, status and amount", () => {
    expect(PayoutSchema.safeParse({ ...payout, id: undefined }).success).toBe(false);
    expect(PayoutSchema.safeParse({ ...payout, status: undefined }).success).toBe(false);
    expect(PayoutSchema.safeParse({ ...payout, amount_centavos: undefined }).success).toBe(false);
    expect(PayoutSchema.parse(payout).bank_account?.pix_key_masked).toBe("***.456.789-**");
  });

  it("PaymentLink fills defaults for missing optional fields", () => {
    const parsed = PaymentLinkSchema.parse({ id: "pl_2", name: "n", slug: "s", status: "pending" });
    expect(parsed).toMatchObject({
      description: "",
      amount_centavos: null,
      min_amount_centavos: null,
      max_sales: null,
      collect_customer_data: false,
      expires_at: null,
      checkouts_started: 0,
      sales_count: 0,
      visits: 0,
      revenue_centavos: 0,
    });
  });

  it("Subaccount needs a boolean is_blocked (not a status string)", () => {
    expect(SubaccountSchema.safeParse({ ...subaccount, is_blocked: "true" }).success).toBe(false);
    expect(SubaccountSchema.parse({ ...subaccount, daily_limit_centavos: null }).daily_limit_centavos).toBeNull();
  });

  it("Chargeback preserves unknown fields as they came", () => {
    const parsed = ChargebackSchema.parse({
      ...chargeback,
      status: "brand_new_status",
      dispute_window_days: 7,
      evidence: { files: 2 },
    });
    expect(parsed.status).toBe("brand_new_status");
    expect(parsed.dispute_window_days).toBe(7);
    expect(parsed.evidence).toEqual({ files: 2 });
    expect(parsed.amount_centavos).toBe(2500);
  });

  it("Chargeback needs only an id", () => {
    expect(ChargebackSchema.parse({ id: "cb_x" })).toEqual({ id: "cb_x" });
    expect(ChargebackSchema.safeParse({ kind: "pix_med" }).success).toBe(false);
  });
});

describe("list shapes", () => {
  it("payment links: { links: [...] } per spec", () => {
    const list = paymentLinkListSchema.parse({ links: [paymentLink, { ...paymentLink, id: "pl_2" }] });
    expect(list.map((l) => l.id)).toEqual(["pl_1", "pl_2"]);
    expect(list[0]?.amount_centavos).toBe(5000);
  });

  it("payment links: a bare array is accepted too", () => {
    const list = paymentLinkListSchema.parse([paymentLink]);
    expect(list).toHaveLength(1);
    expect(list[0]?.revenue_centavos).toBe(10000);
  });

  it("payment links: an empty list and a bad item", () => {
    expect(paymentLinkListSchema.parse({ links: [] })).toEqual([]);
    expect(paymentLinkListSchema.safeParse({ links: [{ ...paymentLink, amount_centavos: "1.5" }] }).success).toBe(
      false,
    );
    expect(paymentLinkListSchema.safeParse({ items: [] }).success).toBe(false);
    expect(paymentLinkListSchema.safeParse(null).success).toBe(false);
  });

  it("chargebacks: bare array per spec, and a wrapped object", () => {
    expect(chargebackListSchema.parse([chargeback]).map((c) => c.id)).toEqual(["cb_1"]);
    expect(chargebackListSchema.parse({ chargebacks: [chargeback] }).map((c) => c.id)).toEqual(["cb_1"]);
    expect(chargebackListSchema.safeParse([{ ...chargeback, amount_centavos: "abc" }]).success).toBe(false);
  });
});

describe("envelope and error body", () => {
  it("parses success and error envelopes", () => {
    expect(envelopeSchema.parse({ data: { id: "x" }, error: null, request_id: "req_1" })).toEqual({
      data: { id: "x" },
      error: null,
      request_id: "req_1",
    });
    const failed = envelopeSchema.parse({
      data: null,
      error: { code: "validation_error", message: "bad", details: { fields: { amount_centavos: "required" } } },
      request_id: "req_2",
    });
    expect(failed.error?.code).toBe("validation_error");
    expect(failed.error?.details).toEqual({ fields: { amount_centavos: "required" } });
  });

  it("an odd error object degrades instead of failing", () => {
    expect(upstreamErrorSchema.parse({ code: 42, message: null, details: "nope" })).toEqual({
      code: "unknown_error",
      message: "",
      details: null,
    });
  });

  it("rejects a non-object body", () => {
    expect(envelopeSchema.safeParse("<html>").success).toBe(false);
    expect(envelopeSchema.safeParse({ data: {}, request_id: 5 }).success).toBe(false);
  });
});

describe("ids and idempotency keys", () => {
  it.each(["po_demo_paid", "sa_demo_1", "7f1c2b9e-4d2a-4c5e-9b1a-0a1b2c3d4e5f", "A"])("accepts id %s", (id) => {
    expect(resourceIdSchema.safeParse(id).success).toBe(true);
  });

  it.each(["", "../admin", "a/b", "..", "https://evil.example/x", "a b", "a%2Fb", "a?x=1", "a#b", "x".repeat(129)])(
    "rejects id %j",
    (id) => {
      expect(resourceIdSchema.safeParse(id).success).toBe(false);
    },
  );

  it("idempotency keys: UUIDs yes, short or odd ones no", () => {
    expect(idempotencyKeySchema.safeParse("5b0f7a3c-1d2e-4f5a-8b9c-0d1e2f3a4b5c").success).toBe(true);
    expect(idempotencyKeySchema.safeParse("short").success).toBe(false);
    expect(idempotencyKeySchema.safeParse("has spaces in it").success).toBe(false);
    expect(idempotencyKeySchema.safeParse("k".repeat(129)).success).toBe(false);
  });
});

describe("createPayoutBodySchema", () => {
  const body = {
    amount_centavos: 15000,
    pix_key: "ana@example.com",
    pix_key_type: "email",
    idempotency_key: "op-12345678",
  };

  it("accepts a complete body", () => {
    expect(createPayoutBodySchema.parse(body)).toEqual(body);
  });

  it.each([...BAD_AMOUNTS, 0, -5, "15000"])("amount %j is rejected (requests carry integers)", (bad) => {
    expect(createPayoutBodySchema.safeParse({ ...body, amount_centavos: bad }).success).toBe(false);
  });

  it("requires every field", () => {
    for (const key of Object.keys(body)) {
      const rest: Record<string, unknown> = { ...body };
      delete rest[key];
      expect(createPayoutBodySchema.safeParse(rest).success, key).toBe(false);
    }
  });
});

describe("payoutInputSchema (operator input)", () => {
  it("masked CPF becomes digits", () => {
    expect(
      payoutInputSchema.parse({ amount_centavos: 100, pix_key_type: "cpf", pix_key: " 529.982.247-25 " }).pix_key,
    ).toBe("52998224725");
  });

  it("masked CNPJ becomes digits", () => {
    expect(
      payoutInputSchema.parse({ amount_centavos: 100, pix_key_type: "cnpj", pix_key: "11.222.333/0001-81" }).pix_key,
    ).toBe("11222333000181");
  });

  it("e-mail is lower-cased and trimmed", () => {
    expect(
      payoutInputSchema.parse({ amount_centavos: 100, pix_key_type: "email", pix_key: "  Ana.Silva@Example.COM " })
        .pix_key,
    ).toBe("ana.silva@example.com");
  });

  it("phone becomes +55DDDNUMBER", () => {
    expect(
      payoutInputSchema.parse({ amount_centavos: 100, pix_key_type: "phone", pix_key: "+55 (11) 98765-4321" }).pix_key,
    ).toBe("+5511987654321");
    expect(
      payoutInputSchema.parse({ amount_centavos: 100, pix_key_type: "phone", pix_key: "(11) 98765-4321" }).pix_key,
    ).toBe("+5511987654321");
  });

  it("EVP is lower-cased", () => {
    expect(
      payoutInputSchema.parse({
        amount_centavos: 100,
        pix_key_type: "evp",
        pix_key: "5B0F7A3C-1D2E-4F5A-8B9C-0D1E2F3A4B5C",
      }).pix_key,
    ).toBe("5b0f7a3c-1d2e-4f5a-8b9c-0d1e2f3a4b5c");
  });

  it.each([
    ["cpf", "529.982.247-26", "validation.pixKey.cpf"],
    ["cpf", "111.111.111-11", "validation.pixKey.cpf"],
    ["cnpj", "11.222.333/0001-82", "validation.pixKey.cnpj"],
    // Too short or too long says how long it must be, not that the check digits are wrong; a stray letter is a wrong key.
    ["cpf", "1234", "validation.pixKey.cpfLength"],
    ["cpf", "529.982.247-255", "validation.pixKey.cpfLength"],
    ["cnpj", "11.222.333/0001", "validation.pixKey.cnpjLength"],
    ["cpf", "529.982.247-2a", "validation.pixKey.cpf"],
    ["email", "ana@", "validation.pixKey.email"],
    ["email", "not an email", "validation.pixKey.email"],
    ["phone", "+55 (11) 8765-432", "validation.pixKey.phone"],
    ["phone", "+1 212 555 0100", "validation.pixKey.phone"],
    ["evp", "5b0f7a3c-1d2e-4f5a-8b9c", "validation.pixKey.evp"],
  ])("%s key %j is rejected with %s", (type, key, message) => {
    const result = payoutInputSchema.safeParse({ amount_centavos: 100, pix_key_type: type, pix_key: key });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error.issues).toContainEqual(expect.objectContaining({ path: ["pix_key"], message }));
    }
  });

  it("rejects an unknown key type, an empty key and a bad amount", () => {
    expect(payoutInputSchema.safeParse({ amount_centavos: 100, pix_key_type: "iban", pix_key: "x" }).success).toBe(
      false,
    );
    expect(payoutInputSchema.safeParse({ amount_centavos: 100, pix_key_type: "email", pix_key: "   " }).success).toBe(
      false,
    );
    expect(
      payoutInputSchema.safeParse({ amount_centavos: 1.5, pix_key_type: "email", pix_key: "a@b.co" }).success,
    ).toBe(false);
    expect(payoutInputSchema.safeParse({ amount_centavos: 0, pix_key_type: "email", pix_key: "a@b.co" }).success).toBe(
      false,
    );
  });
});

describe("createPaymentLinkBodySchema", () => {
  const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const base = { name: "Camiseta", slug: "camiseta-azul", amount_centavos: 5000 };

  const issuesOf = (input: unknown) => {
    const result = createPaymentLinkBodySchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  };

  it("accepts a fixed-amount link and defaults collect_customer_data", () => {
    expect(createPaymentLinkBodySchema.parse({ ...base, expires_at: future, max_sales: 10 })).toEqual({
      ...base,
      expires_at: future,
      max_sales: 10,
      collect_customer_data: false,
    });
  });

  it("accepts a minimum-only link", () => {
    expect(
      createPaymentLinkBodySchema.safeParse({ name: "Doação", slug: "doacao", min_amount_centavos: 500 }).success,
    ).toBe(true);
  });

  it("rejects min above amount", () => {
    expect(issuesOf({ ...base, min_amount_centavos: 6000 })).toContainEqual({
      path: "min_amount_centavos",
      message: "validation.minAboveAmount",
    });
    expect(issuesOf({ ...base, min_amount_centavos: 5000 })).toEqual([]);
  });

  it("rejects a link with no amount at all", () => {
    expect(issuesOf({ name: "x", slug: "abc" })).toContainEqual({
      path: "amount_centavos",
      message: "validation.linkAmountRequired",
    });
  });

  it("rejects an expiry in the past and a non-ISO expiry", () => {
    expect(issuesOf({ ...base, expires_at: "2020-01-01T00:00:00Z" })).toContainEqual({
      path: "expires_at",
      message: "validation.expiresInPast",
    });
    expect(issuesOf({ ...base, expires_at: "amanhã" })).toContainEqual({
      path: "expires_at",
      message: "validation.isoDate",
    });
  });

  it.each(["Camiseta", "ca", "camiseta azul", "-camiseta", "camiseta-", "cami--seta", "camiseta/1", "ção"])(
    "rejects slug %j",
    (slug) => {
      expect(issuesOf({ ...base, slug })).toContainEqual({ path: "slug", message: "validation.slug" });
    },
  );

  it.each(["", "   "])("says an empty slug (%j) is required, and only that", (slug) => {
    expect(issuesOf({ ...base, slug }).filter((issue) => issue.path === "slug")).toEqual([
      { path: "slug", message: "validation.required" },
    ]);
  });

  it("gives a typed wrong slug one length-and-characters message, not the required one", () => {
    for (const slug of ["ca", "x".repeat(65), "Com Espaço"]) {
      expect(issuesOf({ ...base, slug }).filter((issue) => issue.path === "slug")).toEqual([
        { path: "slug", message: "validation.slug" },
      ]);
    }
    expect(issuesOf({ ...base, slug: "abc" })).toEqual([]);
    expect(issuesOf({ ...base, slug: "a".repeat(64) })).toEqual([]);
  });

  it("rejects bad amounts and counts", () => {
    for (const bad of [...BAD_AMOUNTS, 0, -1, "5000"]) {
      expect(createPaymentLinkBodySchema.safeParse({ ...base, amount_centavos: bad }).success, String(bad)).toBe(false);
    }
    expect(createPaymentLinkBodySchema.safeParse({ ...base, max_sales: 1.5 }).success).toBe(false);
    expect(createPaymentLinkBodySchema.safeParse({ ...base, max_sales: 0 }).success).toBe(false);
  });

  it("rejects a blank name", () => {
    expect(issuesOf({ ...base, name: "   " })).toContainEqual({ path: "name", message: "validation.required" });
  });
});

describe("updateSubaccountBodySchema", () => {
  it("rejects an empty body", () => {
    const result = updateSubaccountBodySchema.safeParse({});
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues[0]?.message).toBe("validation.nothingToUpdate");
  });

  it("rejects a monthly limit below the daily limit", () => {
    const result = updateSubaccountBodySchema.safeParse({
      daily_limit_centavos: 10_000,
      monthly_limit_centavos: 9_999,
    });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues[0]?.path).toEqual(["monthly_limit_centavos"]);
    expect(
      updateSubaccountBodySchema.safeParse({ daily_limit_centavos: 10_000, monthly_limit_centavos: 10_000 }).success,
    ).toBe(true);
  });

  it("masked documents become digits; CPF and CNPJ both accepted", () => {
    expect(updateSubaccountBodySchema.parse({ document: "529.982.247-25" }).document).toBe("52998224725");
    expect(updateSubaccountBodySchema.parse({ document: "11.222.333/0001-81" }).document).toBe("11222333000181");
    expect(updateSubaccountBodySchema.parse({ document: "12.ABC.345/01DE-35" }).document).toBe("12ABC34501DE35");
  });

  it.each(["529.982.247-26", "123", "000.000.000-00", "11.222.333/0001-82", ""])("rejects document %j", (document) => {
    expect(updateSubaccountBodySchema.safeParse({ document }).success).toBe(false);
  });

  it("normalises and checks the e-mail", () => {
    expect(updateSubaccountBodySchema.parse({ email: " Loja@Example.COM " }).email).toBe("loja@example.com");
    expect(updateSubaccountBodySchema.safeParse({ email: "loja@" }).success).toBe(false);
  });

  it("rejects bad limits", () => {
    for (const bad of [...BAD_AMOUNTS, 0, "100"]) {
      expect(updateSubaccountBodySchema.safeParse({ daily_limit_centavos: bad }).success, String(bad)).toBe(false);
    }
  });
});

describe("setBlockedBodySchema", () => {
  it("requires a boolean", () => {
    expect(setBlockedBodySchema.parse({ is_blocked: true })).toEqual({ is_blocked: true });
    expect(setBlockedBodySchema.safeParse({ is_blocked: "true" }).success).toBe(false);
    expect(setBlockedBodySchema.safeParse({}).success).toBe(false);
  });
});

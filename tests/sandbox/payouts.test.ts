import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PayoutCreatedSchema, PayoutSchema } from "@/lib/shared/schemas";
import { ManualClock } from "../helpers/clock";
import { ACME, startTestSandbox, type TestSandbox } from "../helpers/sandbox";
import { call, idemKey, validPayout } from "./client";

const SETTLE_MS = 300;
let sb: TestSandbox;
const clock = new ManualClock();
beforeAll(async () => {
  sb = await startTestSandbox({ settleMs: SETTLE_MS, clock });
});
afterAll(() => sb.close());

const E2E_RE = /^E\d{8}\d{12}[A-Za-z0-9]{11}$/;

async function createPayout(body: Record<string, unknown>) {
  return call<Record<string, unknown>>(sb.url, "POST", "/v1/payouts", { key: ACME.apiKey, body });
}

async function getPayout(id: string) {
  return call<Record<string, unknown>>(sb.url, "GET", `/v1/payouts/${id}`, { key: ACME.apiKey });
}

/** Just before the settle time the payout is still pending; at it, it has its outcome. */
async function afterSettlement(id: string) {
  await clock.advance(SETTLE_MS - 1);
  expect((await getPayout(id)).body.data.status).toBe("pending");
  await clock.advance(1);
  return getPayout(id);
}

describe("POST /v1/payouts", () => {
  it("returns the create shape: numeric strings, id == public_id, pending, E2E id", async () => {
    const before = clock.now();
    const res = await createPayout(validPayout({ amount_centavos: 123_456 }));
    expect(res.status).toBe(200);
    const p = PayoutCreatedSchema.parse(res.body.data);
    const raw = res.body.data;
    expect(raw.amount_centavos).toBe("123456");
    expect(raw.fee_centavos).toBe("1234");
    expect(raw.net_centavos).toBe("122222");
    expect(p.id).toBe(p.public_id);
    expect(p.status).toBe("pending");
    expect(p.failure_reason).toBeNull();
    expect(p.pix_key).toBe("maria@example.com");
    expect(p.pix_key_type).toBe("email");
    expect(p.end_to_end_id).toMatch(E2E_RE);
    expect(p.end_to_end_id).toHaveLength(32);
    // yyyyMMddHHmm of creation, UTC.
    const stamp = p.end_to_end_id?.slice(9, 21) ?? "";
    const iso = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(8, 10)}:${stamp.slice(10, 12)}:00Z`;
    expect(Math.abs(Date.parse(iso) - before)).toBeLessThan(2 * 60_000);
  });

  it.each([
    [100_000_000, 1_000_000],
    [10_000, 100],
    [9_999, 99],
    [5_000, 50],
    [4_999, 50],
    [1_000, 50],
    [51, 50],
  ])("fee of %i centavos is %i (1%%, min 50) and net = amount − fee", async (amount, fee) => {
    const res = await createPayout(validPayout({ amount_centavos: amount }));
    expect(res.status).toBe(200);
    expect(res.body.data.fee_centavos).toBe(String(fee));
    expect(res.body.data.net_centavos).toBe(String(amount - fee));
  });

  it("normalises the key it stores (masks removed, e-mail lower-cased)", async () => {
    const res = await createPayout(validPayout({ pix_key: "+55 (11) 98765-4321", pix_key_type: "phone" }));
    expect(res.status).toBe(200);
    expect(res.body.data.pix_key).toBe("+5511987654321");
    const cpf = await createPayout(validPayout({ pix_key: "529.982.247-25", pix_key_type: "cpf" }));
    expect(cpf.body.data.pix_key).toBe("52998224725");
  });

  it("settles to paid after settleMs, with paid_at", async () => {
    const res = await createPayout(validPayout());
    const id = String(res.body.data.id);
    const early = await getPayout(id);
    expect(early.body.data.status).toBe("pending");
    expect(early.body.data.paid_at).toBeNull();
    const paid = await afterSettlement(id);
    expect(paid.body.data.status).toBe("paid");
    const p = PayoutSchema.parse(paid.body.data);
    expect(p.paid_at).toBeTruthy();
    expect(Date.parse(p.paid_at ?? "") - Date.parse(p.created_at ?? "")).toBe(SETTLE_MS);
    expect(p.failure_reason).toBeNull();
  });

  it.each([
    ["email", "naoexiste@example.com"],
    ["evp", "00000000-0000-4000-8000-000000000000"],
  ])("a %s key not found in DICT ends failed with a failure_reason", async (type, key) => {
    const res = await createPayout(validPayout({ pix_key_type: type, pix_key: key }));
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe("pending");
    const failed = await afterSettlement(String(res.body.data.id));
    expect(failed.body.data.status).toBe("failed");
    expect(failed.body.data.failure_reason).toMatch(/DICT/);
    expect(failed.body.data.paid_at).toBeNull();
    // No account behind the key: no holder to name.
    expect((failed.body.data.bank_account as { holder_name: unknown }).holder_name).toBeNull();
  });

  it("accepts the Idempotency-Key header instead of the body field, and the body wins over the header", async () => {
    const headerKey = idemKey();
    const { idempotency_key: _unused, ...body } = validPayout();
    const res = await call<{ id: string }>(sb.url, "POST", "/v1/payouts", {
      key: ACME.apiKey,
      body,
      headers: { "idempotency-key": headerKey },
    });
    expect(res.status).toBe(200);
    const bodyKey = idemKey();
    const both = await call<{ id: string }>(sb.url, "POST", "/v1/payouts", {
      key: ACME.apiKey,
      body: { ...body, idempotency_key: bodyKey },
      headers: { "idempotency-key": headerKey },
    });
    expect(both.status).toBe(200);
    expect(both.body.data.id).not.toBe(res.body.data.id);
    const stored = await sb.payouts();
    expect(stored.find((p) => p.id === res.body.data.id)?.idempotency_key).toBe(headerKey);
    expect(stored.find((p) => p.id === both.body.data.id)?.idempotency_key).toBe(bodyKey);
  });
});

describe("POST /v1/payouts validation", () => {
  const { amount_centavos: _a, ...noAmount } = validPayout();
  const { pix_key: _k, ...noKey } = validPayout();
  const { pix_key_type: _t, ...noType } = validPayout();
  const { idempotency_key: _i, ...noIdem } = validPayout();

  const cases: Array<[string, Record<string, unknown>, string[]]> = [
    ["missing amount", noAmount, ["amount_centavos"]],
    ["missing pix_key", noKey, ["pix_key"]],
    ["missing pix_key_type", noType, ["pix_key_type"]],
    ["missing idempotency_key", noIdem, ["idempotency_key"]],
    ["everything missing", {}, ["amount_centavos", "idempotency_key", "pix_key", "pix_key_type"]],
    ["amount as a string", validPayout({ amount_centavos: "1000" }), ["amount_centavos"]],
    ["non-integer amount", validPayout({ amount_centavos: 100.5 }), ["amount_centavos"]],
    ["zero amount", validPayout({ amount_centavos: 0 }), ["amount_centavos"]],
    ["negative amount", validPayout({ amount_centavos: -100 }), ["amount_centavos"]],
    ["amount above 100_000_000", validPayout({ amount_centavos: 100_000_001 }), ["amount_centavos"]],
    ["amount equal to the minimum fee", validPayout({ amount_centavos: 50 }), ["amount_centavos"]],
    ["amount below the minimum fee", validPayout({ amount_centavos: 10 }), ["amount_centavos"]],
    ["unknown pix_key_type", validPayout({ pix_key_type: "iban" }), ["pix_key_type"]],
    ["pix_key_type not a string", validPayout({ pix_key_type: 3 }), ["pix_key_type"]],
    ["pix_key not a string", validPayout({ pix_key: 12345 }), ["pix_key"]],
    ["empty pix_key", validPayout({ pix_key: "  " }), ["pix_key"]],
    ["malformed e-mail", validPayout({ pix_key: "not-an-email" }), ["pix_key"]],
    ["CPF with bad check digits", validPayout({ pix_key_type: "cpf", pix_key: "52998224726" }), ["pix_key"]],
    ["CPF with repeated digits", validPayout({ pix_key_type: "cpf", pix_key: "11111111111" }), ["pix_key"]],
    ["CNPJ with bad check digits", validPayout({ pix_key_type: "cnpj", pix_key: "11222333000180" }), ["pix_key"]],
    ["phone without +55 country code", validPayout({ pix_key_type: "phone", pix_key: "+1 415 555 0100" }), ["pix_key"]],
    ["EVP that is not a UUID", validPayout({ pix_key_type: "evp", pix_key: "1234-5678" }), ["pix_key"]],
    ["a key of another type", validPayout({ pix_key_type: "cpf", pix_key: "maria@example.com" }), ["pix_key"]],
    ["short idempotency key", validPayout({ idempotency_key: "short" }), ["idempotency_key"]],
    ["long idempotency key", validPayout({ idempotency_key: "k".repeat(129) }), ["idempotency_key"]],
    ["idempotency key not a string", validPayout({ idempotency_key: 12345678 }), ["idempotency_key"]],
  ];

  it.each(cases)("%s → 422 validation_error on %j and nothing is created", async (_name, body, fields) => {
    const before = (await sb.payouts()).length;
    const res = await createPayout(body);
    expect(res.status).toBe(422);
    expect(res.body.error?.code).toBe("validation_error");
    const details = res.body.error?.details as { fields: Record<string, string> };
    expect(Object.keys(details.fields).sort()).toEqual([...fields].sort());
    for (const message of Object.values(details.fields)) expect(typeof message).toBe("string");
    expect((await sb.payouts()).length).toBe(before);
  });

  it("accepts valid keys of every type", async () => {
    const keys: Array<[string, string]> = [
      ["email", "joao.silva@example.com"],
      ["cpf", "52998224725"],
      ["cnpj", "11.222.333/0001-81"],
      ["phone", "+5521987654321"],
      ["evp", "123e4567-e89b-42d3-a456-426614174000"],
    ];
    for (const [type, key] of keys) {
      const res = await createPayout(validPayout({ pix_key_type: type, pix_key: key }));
      expect(res.status, `${type} ${key}`).toBe(200);
    }
  });
});

describe("GET /v1/payouts/:id", () => {
  it("returns the seeded paid payout in the retrieve shape (integers, masked key)", async () => {
    const res = await getPayout("po_demo_paid");
    expect(res.status).toBe(200);
    const p = PayoutSchema.parse(res.body.data);
    expect(p.status).toBe("paid");
    expect(res.body.data.amount_centavos).toBe(150_000);
    expect(res.body.data.fee_centavos).toBe(1_500);
    expect(res.body.data.net_centavos).toBe(148_500);
    expect(p.bank_account?.pix_key_masked).toBe("f***@example.com");
    expect(p.bank_account?.pix_key_type).toBe("email");
    expect(p.bank_account?.holder_name).toBeTruthy();
    expect(p.end_to_end_id).toMatch(E2E_RE);
    expect(res.body.data).not.toHaveProperty("pix_key");
  });

  it("returns the seeded failed payout with its failure_reason", async () => {
    const res = await getPayout("po_demo_failed");
    expect(res.body.data.status).toBe("failed");
    expect(res.body.data.failure_reason).toMatch(/DICT/);
    expect((res.body.data.bank_account as { holder_name: unknown }).holder_name).toBeNull();
  });

  it.each([
    ["email", "joana@example.com", "j***@example.com"],
    ["cpf", "12345678909", "***.456.789-**"],
    ["cnpj", "11222333000181", "**.222.333/0001-**"],
    ["phone", "+5511987654321", "+55 11 *****-4321"],
    ["evp", "123e4567-e89b-42d3-a456-426614174000", "123e4567-****-****-****-********4000"],
  ])("masks a %s key (%s → %s)", async (type, key, masked) => {
    const created = await createPayout(validPayout({ pix_key_type: type, pix_key: key }));
    expect(created.status).toBe(200);
    const res = await getPayout(String(created.body.data.id));
    const bank = res.body.data.bank_account as { pix_key_masked: string; pix_key_type: string; holder_name: string };
    expect(bank.pix_key_masked).toBe(masked);
    expect(bank.pix_key_type).toBe(type);
    expect(bank.holder_name.length).toBeGreaterThan(3);
  });

  it("derives the holder name deterministically from the key", async () => {
    const a = await createPayout(validPayout({ pix_key: "same.person@example.com" }));
    const b = await createPayout(validPayout({ pix_key: "same.person@example.com", amount_centavos: 777 }));
    const ra = await getPayout(String(a.body.data.id));
    const rb = await getPayout(String(b.body.data.id));
    expect((ra.body.data.bank_account as { holder_name: string }).holder_name).toBe(
      (rb.body.data.bank_account as { holder_name: string }).holder_name,
    );
  });

  it("404s an unknown id", async () => {
    const res = await getPayout("po_unknown");
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe("not_found");
  });
});

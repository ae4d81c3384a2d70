import { describe, expect, it } from "vitest";
import { createTranslator } from "@/lib/shared/i18n/translate";
import type { Locale } from "@/lib/shared/i18n/config";
import {
  payoutReceipt,
  receiptFileName,
  type PayoutReceipt,
  type ReceiptInput,
  type ReceiptPayout,
} from "@/lib/shared/payouts/receipt";

const ISSUED_AT = Date.parse("2026-11-27T12:00:00Z");
const PAYER = { id: "biz_acme", name: "Padaria Conceição" };

function payout(overrides: Partial<ReceiptPayout> = {}): ReceiptPayout {
  return {
    id: "po_receipt_1",
    status: "paid",
    amount_centavos: 123_456,
    fee_centavos: 99,
    net_centavos: 123_357,
    end_to_end_id: "E12345678202611221205ABCDEFGHIJK",
    failure_reason: null,
    created_at: "2026-11-22T12:05:00Z",
    paid_at: "2026-11-22T12:05:04Z",
    bank_account: { holder_name: "João Conceição", pix_key_masked: "***.456.789-**", pix_key_type: "cpf" },
    register: null,
    ...overrides,
  };
}

function receipt(
  p: ReceiptPayout,
  locale: Locale = "pt-BR",
  payer: ReceiptInput["payer"] = PAYER,
  sandbox = false,
): PayoutReceipt {
  return payoutReceipt({ payout: p, payer, issuedAt: ISSUED_AT, sandbox }, locale, createTranslator(locale));
}

/** Every field as "section.key" → value, spaces normalised (Intl puts a no-break space after "R$"). */
function fields(r: PayoutReceipt): Record<string, string> {
  const out: Record<string, string> = {};
  for (const section of r.sections)
    for (const field of section.fields) out[`${section.key}.${field.key}`] = field.value.replace(/\u00a0/g, " ");
  return out;
}

function labels(r: PayoutReceipt): string[] {
  return r.sections.flatMap((s) => [s.title, ...s.fields.map((f) => f.label)]);
}

describe("payout receipt model", () => {
  it("a paid payout in pt-BR: every field, times in São Paulo with the zone named, proof of payment", () => {
    const r = receipt(payout());
    expect(r.title).toBe("Comprovante de Pix enviado");
    expect(r.status).toBe("paid");
    expect(r.isProofOfPayment).toBe(true);
    expect(r.notice).toBeNull();
    expect(r.amount.replace(/\u00a0/g, " ")).toBe("R$ 1.234,56");
    expect(fields(r)).toEqual({
      "transfer.status": "Pago",
      "transfer.amount": "R$ 1.234,56",
      "transfer.fee": "R$ 0,99",
      "transfer.net": "R$ 1.233,57",
      // 12:05 UTC is 09:05 in São Paulo (UTC−3, no daylight saving).
      "transfer.paidAt": "22/11/2026, 09:05:04 BRT",
      "transfer.createdAt": "22/11/2026, 09:05:00 BRT",
      "payer.payerName": "Padaria Conceição",
      "payer.payerInstitution": "12345678",
      "payee.payeeName": "João Conceição",
      "payee.payeeDocument": "***.456.789-**",
      "payee.payeeKey": "***.456.789-**",
      "payee.payeeKeyType": "CPF",
      "ids.endToEndId": "E12345678202611221205ABCDEFGHIJK",
      "ids.payoutId": "po_receipt_1",
    });
    expect(r.issued).toBe("Emitido em 27/11/2026, 09:00:00 BRT");
    expect(r.zoneNote).toBe("Horários em Brasília / São Paulo (BRT).");
    expect(r.fileName).toBe("comprovante-po_receipt_1.pdf");
  });

  it("the same payout in English: English labels, the same values in en-US form, still São Paulo time", () => {
    const r = receipt(payout(), "en");
    expect(r.title).toBe("Pix transfer receipt");
    expect(labels(r)).toContain("End-to-end id (E2E)");
    expect(labels(r)).toContain("Payee");
    const f = fields(r);
    expect(f["transfer.amount"]).toBe("R$1,234.56");
    expect(f["transfer.status"]).toBe("Paid");
    expect(f["transfer.paidAt"]).toBe("11/22/2026, 09:05:04 AM GMT-3");
    expect(r.zoneNote).toBe("Times in Brasília / São Paulo (GMT-3).");
  });

  it.each(["pt-BR", "en"] as const)(
    "%s: a failed payout shows no fee and no net, its reason, and is not proof",
    (locale) => {
      const r = receipt(
        payout({ status: "failed", paid_at: null, failure_reason: "Chave Pix não encontrada (DICT)" }),
        locale,
      );
      expect(r.status).toBe("failed");
      expect(r.isProofOfPayment).toBe(false);
      expect(r.notice).toBe(
        locale === "en"
          ? "This document is not proof of payment: the payout failed and no money was transferred."
          : "Este documento não é um comprovante de pagamento: o repasse falhou e nenhum valor foi transferido.",
      );
      const f = fields(r);
      expect(f).not.toHaveProperty("transfer.fee");
      expect(f).not.toHaveProperty("transfer.net");
      expect(f).not.toHaveProperty("transfer.paidAt");
      expect(f["transfer.failureReason"]).toBe("Chave Pix não encontrada (DICT)");
      expect(r.title).toBe(locale === "en" ? "Pix payout status" : "Situação de repasse Pix");
    },
  );

  it("a pending payout keeps its fee and net but says it is not proof of payment yet", () => {
    const r = receipt(payout({ status: "pending", paid_at: null }));
    expect(r.status).toBe("pending");
    expect(r.isProofOfPayment).toBe(false);
    expect(r.notice).toMatch(/^Este documento não é um comprovante de pagamento: o repasse ainda não foi liquidado/);
    const f = fields(r);
    expect(f["transfer.status"]).toBe("Pendente");
    expect(f["transfer.fee"]).toBe("R$ 0,99");
    expect(f).not.toHaveProperty("transfer.paidAt");
  });

  it("a status the dashboard does not know is shown as the API's word and is not proof", () => {
    const r = receipt(payout({ status: "reversed_by_psp" }), "en");
    expect(r.status).toBe("unknown");
    expect(r.statusLabel).toBe("reversed_by_psp");
    expect(r.isProofOfPayment).toBe(false);
    expect(r.notice).toMatch(/not proof of payment/);
  });

  it("a key that is not a document has no document field; what the API did not report says so", () => {
    const r = receipt(
      payout({
        end_to_end_id: null,
        bank_account: { holder_name: null, pix_key_masked: "f***@example.com", pix_key_type: "email" },
      }),
      "en",
    );
    const f = fields(r);
    expect(f).not.toHaveProperty("payee.payeeDocument");
    expect(f).not.toHaveProperty("payer.payerInstitution");
    expect(f["payee.payeeName"]).toBe("Not reported");
    expect(f["payee.payeeKey"]).toBe("f***@example.com");
    expect(f["payee.payeeKeyType"]).toBe("E-mail");
    expect(f["ids.endToEndId"]).toBe("Not reported");
  });

  it("an unmasked key from the API is masked as the rest of the app masks keys; the register's mask fills a gap", () => {
    const unmasked = receipt(
      payout({ bank_account: { holder_name: "Ana", pix_key_masked: "123.456.789-09", pix_key_type: "cpf" } }),
    );
    expect(fields(unmasked)["payee.payeeDocument"]).toBe("***.456.789-**");
    const fromRegister = receipt(
      payout({
        bank_account: null,
        end_to_end_id: null,
        register: {
          pix_key_masked: "12.345.***/****-95",
          pix_key_type: "cnpj",
          end_to_end_id: "E12345678202611221205ZZZZZZZZZZZ",
          created_at: "2026-11-22T12:05:00Z",
        },
      }),
    );
    const f = fields(fromRegister);
    expect(f["payee.payeeDocument"]).toBe("12.345.***/****-95");
    expect(f["ids.endToEndId"]).toBe("E12345678202611221205ZZZZZZZZZZZ");
  });

  it("a workspace without a name is the payer by its id", () => {
    expect(fields(receipt(payout(), "pt-BR", { id: "biz_acme", name: null }))["payer.payerName"]).toBe("biz_acme");
  });

  it("the file name keeps only safe characters of the id, and calls only a paid payout's file a receipt", () => {
    expect(receiptFileName('po_1/../"x"', true, "pt-BR", false)).toBe("comprovante-po_1_____x_.pdf");
    expect(receiptFileName("po_1", false, "pt-BR", false)).toBe("situacao-repasse-po_1.pdf");
  });

  it("the file name is in the receipt's language", () => {
    expect(receipt(payout(), "en").fileName).toBe("receipt-po_receipt_1.pdf");
    expect(receipt(payout({ status: "failed", paid_at: null }), "en").fileName).toBe("payout-status-po_receipt_1.pdf");
  });

  it.each(["pt-BR", "en"] as const)(
    "%s: a sandbox payout's document says it is a test and not proof, also when paid, and its file says sandbox",
    (locale) => {
      const r = receipt(payout(), locale, PAYER, true);
      expect(r.isProofOfPayment).toBe(false);
      expect(r.testMark).toBe(
        locale === "en"
          ? "TEST ENVIRONMENT (sandbox): no money was moved. This document is not proof of payment."
          : "AMBIENTE DE TESTES (sandbox): nenhum dinheiro foi movimentado. Este documento não é um comprovante de pagamento.",
      );
      expect(r.fileName).toBe(
        locale === "en" ? "sandbox-receipt-po_receipt_1.pdf" : "sandbox-comprovante-po_receipt_1.pdf",
      );
      // Never called a receipt outright: the title says it is a test one.
      expect(r.title).toBe(locale === "en" ? "Test receipt (sandbox)" : "Comprovante de teste (sandbox)");
      // Outside the sandbox there is no mark.
      expect(receipt(payout(), locale).testMark).toBeNull();
    },
  );
});

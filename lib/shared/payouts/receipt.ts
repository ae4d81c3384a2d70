import { z } from "zod/mini";
import { DEFAULT_TIME_ZONE } from "@/lib/shared/format/date";
import { LOCALES, type Locale } from "@/lib/shared/i18n/config";
import { createFormatters } from "@/lib/shared/i18n/formatters";
import type { Translate } from "@/lib/shared/i18n/translator";
import { zoneLabelWithShortName } from "@/lib/shared/i18n/zone-label";
import { shownFeeAndNet } from "@/lib/shared/payouts/fee-and-net";
import { normalizePixKey } from "@/lib/shared/validation/pix";
import { maskPixKey } from "@/lib/shared/validation/pix-mask";

/**
 * The payout receipt (comprovante) as a list of labelled fields in one language: the printable page and the PDF
 * both draw this, so they cannot disagree. Pure: no React, no server code.
 */

/** The business's zone: the dashboard's Brazilian default, named on the receipt (as the invitation e-mail's is). */
export const RECEIPT_TIME_ZONE = DEFAULT_TIME_ZONE;

/** The query of the receipt's page and PDF: the language (else the person's `locale` cookie). */
export const receiptQuerySchema = z.object({ lang: z.optional(z.enum(LOCALES)) });

/**
 * What the receipt is drawn from: a retrieved payout (GET /v1/payouts/{id}) and, when the dashboard sent it, its
 * register row.
 */
export interface ReceiptPayout {
  id: string;
  status: string;
  amount_centavos: number;
  fee_centavos?: number | null;
  net_centavos?: number | null;
  end_to_end_id?: string | null;
  failure_reason?: string | null;
  created_at?: string | null;
  paid_at?: string | null;
  bank_account?: {
    holder_name?: string | null;
    pix_key_masked?: string | null;
    pix_key_type?: string | null;
  } | null;
  register?: {
    pix_key_masked: string;
    pix_key_type: string;
    end_to_end_id: string | null;
    created_at: string;
  } | null;
}

export interface ReceiptInput {
  payout: ReceiptPayout;
  /** The business the session acts for: the payer. The workspace's name is its only name the dashboard knows. */
  payer: { id: string; name: string | null };
  /** When the receipt is issued (epoch ms, from the injected clock). */
  issuedAt: number;
  /**
   * The dashboard runs against its embedded sandbox (no `PAYMENTS_API_URL`): no money moved, and the document must
   * say so on screen and on paper.
   */
  sandbox: boolean;
}

/** paid is the only settled status; pending and any status the dashboard does not know are not proof of payment. */
export type ReceiptStatus = "paid" | "pending" | "failed" | "unknown";

export interface ReceiptField {
  /** Stable name of the field (tests, data-testid). */
  key: string;
  label: string;
  value: string;
  /** An identifier, shown in a fixed-width font. */
  mono?: boolean;
}

export interface ReceiptSection {
  key: "transfer" | "payer" | "payee" | "ids";
  title: string;
  fields: ReceiptField[];
}

export interface PayoutReceipt {
  locale: Locale;
  title: string;
  status: ReceiptStatus;
  /** The status in words ("Pago", "Falhou", or the API's own word when unknown). */
  statusLabel: string;
  /** Only a paid payout's receipt, outside the sandbox, is proof of payment. */
  isProofOfPayment: boolean;
  /** In the sandbox: that this is a test document and no money moved (above everything, printed too); else null. */
  testMark: string | null;
  /** Why this is not proof of payment (null when paid). */
  notice: string | null;
  /** The amount, formatted ("R$ 1.234,56"), and its label, shown large above the sections. */
  amount: string;
  amountLabel: string;
  sections: ReceiptSection[];
  /** "Emitido em 27/11/2026 09:08:10 BRT". */
  issued: string;
  /** "Horários em Brasília / São Paulo (BRT)." */
  zoneNote: string;
  /**
   * File name of the PDF in its language: comprovante-/receipt-<payout id>.pdf when paid, else the payout's status;
   * "sandbox-" first in the sandbox.
   */
  fileName: string;
}

const MASK_CHARACTER = /[*•●∗＊…]/;

function receiptStatus(status: string): ReceiptStatus {
  return status === "paid" || status === "pending" || status === "failed" ? status : "unknown";
}

/** The key as the API masked it (the register's mask when the API gave none), masked here if it came unmasked. */
function maskedKey(payout: ReceiptPayout): { masked: string | null; type: string | null } {
  const type = payout.bank_account?.pix_key_type || payout.register?.pix_key_type || null;
  const shown = payout.bank_account?.pix_key_masked || payout.register?.pix_key_masked || null;
  if (!shown) return { masked: null, type };
  if (MASK_CHARACTER.test(shown) || !type) return { masked: shown, type };
  return { masked: maskPixKey(type, normalizePixKey(type, shown)), type };
}

/** The institution of the payer, from the end-to-end id ("E" + the initiating participant's 8-digit ISPB + …). */
function payerIspb(endToEndId: string | null): string | null {
  const match = endToEndId ? /^E(\d{8})\d{12}[A-Za-z0-9]{11}$/.exec(endToEndId) : null;
  return match?.[1] ?? null;
}

function translatedOr(t: Translate, key: string, fallback: string): string {
  const text = t(key);
  return text === key ? fallback : text;
}

const FILE_STEMS: Readonly<Record<Locale, { paid: string; other: string }>> = {
  "pt-BR": { paid: "comprovante", other: "situacao-repasse" },
  en: { paid: "receipt", other: "payout-status" },
};

/**
 * A safe file name for the PDF, in the receipt's language: the payout id with anything but letters, digits, "_" and
 * "-" replaced. Only a paid payout's file is named a receipt (comprovante); any other is the payout's status, as its
 * first line says. A sandbox document's name starts with "sandbox-", so a saved file says what it is.
 */
export function receiptFileName(payoutId: string, paid: boolean, locale: Locale, sandbox: boolean): string {
  const stem = FILE_STEMS[locale][paid ? "paid" : "other"];
  return `${sandbox ? "sandbox-" : ""}${stem}-${payoutId.replace(/[^A-Za-z0-9_-]/g, "_")}.pdf`;
}

/** The receipt of a payout in `locale`, its times in the business's zone (São Paulo), named. */
export function payoutReceipt(input: ReceiptInput, locale: Locale, t: Translate): PayoutReceipt {
  const { payout, payer, issuedAt, sandbox } = input;
  const format = createFormatters(locale, RECEIPT_TIME_ZONE);
  const status = receiptStatus(payout.status);
  const statusLabel = translatedOr(t, `status.${payout.status}`, payout.status);
  const { fee, net } = shownFeeAndNet(payout);
  const notReported = t("receipt.notReported");
  const at = (value: string | number) =>
    format.formatDateTime(value, { dateStyle: "short", timeStyle: "medium", withZone: true });
  const endToEnd = payout.end_to_end_id || payout.register?.end_to_end_id || null;
  const createdAt = payout.created_at || payout.register?.created_at || null;
  const key = maskedKey(payout);
  const ispb = payerIspb(endToEnd);

  const transfer: ReceiptField[] = [
    { key: "status", label: t("receipt.field.status"), value: statusLabel },
    { key: "amount", label: t("receipt.field.amount"), value: format.formatMoney(payout.amount_centavos) },
  ];
  // A failed payout moved no money: no fee, no net (shownFeeAndNet); a fee the API did not report is left out too.
  if (fee !== null) transfer.push({ key: "fee", label: t("receipt.field.fee"), value: format.formatMoney(fee) });
  if (net !== null) transfer.push({ key: "net", label: t("receipt.field.net"), value: format.formatMoney(net) });
  if (status === "paid" && payout.paid_at)
    transfer.push({ key: "paidAt", label: t("receipt.field.paidAt"), value: at(payout.paid_at) });
  if (createdAt) transfer.push({ key: "createdAt", label: t("receipt.field.createdAt"), value: at(createdAt) });
  if (status === "failed" && payout.failure_reason)
    transfer.push({ key: "failureReason", label: t("receipt.field.failureReason"), value: payout.failure_reason });

  const payerFields: ReceiptField[] = [
    {
      key: "payerName",
      label: t("receipt.field.name"),
      value: payer.name || payer.id || t("shell.keyScopedBusiness"),
    },
  ];
  if (ispb) payerFields.push({ key: "payerInstitution", label: t("receipt.field.institution"), value: ispb });

  const payeeFields: ReceiptField[] = [
    { key: "payeeName", label: t("receipt.field.name"), value: payout.bank_account?.holder_name || notReported },
  ];
  // A CPF or CNPJ key is the payee's document: its mask is the masked document. Other keys say nothing of it.
  if (key.masked && (key.type === "cpf" || key.type === "cnpj"))
    payeeFields.push({ key: "payeeDocument", label: t("receipt.field.document"), value: key.masked, mono: true });
  payeeFields.push(
    { key: "payeeKey", label: t("receipt.field.key"), value: key.masked ?? notReported, mono: true },
    {
      key: "payeeKeyType",
      label: t("receipt.field.keyType"),
      value: key.type ? translatedOr(t, `pixKey.type.${key.type}`, key.type) : notReported,
    },
  );

  const ids: ReceiptField[] = [
    { key: "endToEndId", label: t("receipt.field.endToEndId"), value: endToEnd ?? notReported, mono: true },
    { key: "payoutId", label: t("receipt.field.payoutId"), value: payout.id, mono: true },
  ];

  const issuedAtText = at(issuedAt);
  return {
    locale,
    // A sandbox payout is never called a receipt: its title says it is a test one.
    title: status !== "paid" ? t("receipt.title.other") : sandbox ? t("receipt.title.test") : t("receipt.title.paid"),
    status,
    statusLabel,
    isProofOfPayment: status === "paid" && !sandbox,
    testMark: sandbox ? t("receipt.testMark") : null,
    notice: status === "paid" ? null : t(`receipt.notProof.${status}`),
    amount: format.formatMoney(payout.amount_centavos),
    amountLabel: t("receipt.field.amount"),
    sections: [
      { key: "transfer", title: t("receipt.section.transfer"), fields: transfer },
      { key: "payer", title: t("receipt.section.payer"), fields: payerFields },
      { key: "payee", title: t("receipt.section.payee"), fields: payeeFields },
      { key: "ids", title: t("receipt.section.ids"), fields: ids },
    ],
    issued: t("receipt.issuedAt", { at: issuedAtText }),
    zoneNote: t("receipt.zoneNote", {
      zone: zoneLabelWithShortName(RECEIPT_TIME_ZONE, t, format.timeZoneName(createdAt ?? issuedAt)),
    }),
    fileName: receiptFileName(payout.id, status === "paid", locale, sandbox),
  };
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, ChevronRight, History, Info, Send } from "lucide-react";
import type { CSSProperties, ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { formatDocument, formatPhone } from "@/lib/shared/format/text";
import { useI18n } from "@/lib/browser/i18n";
import { payoutPreviewQuery } from "@/lib/browser/query/payouts";
import type { PayoutInput } from "@/lib/shared/schemas/payout";
import { amountInWords } from "./amount-in-words";
import { usePixKeyTypeLabel } from "./payout-status";

/** How a person reads a key (masks for documents and phones); null when that is the key itself. */
export function readableKey(type: string, key: string): string | null {
  const readable = type === "cpf" || type === "cnpj" ? formatDocument(key) : type === "phone" ? formatPhone(key) : key;
  return readable && readable !== key ? readable : null;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The review's summary: amount in big digits and in words, the key exactly as sent and its type. */
export function PayoutSummary({ input, sent = false }: { input: PayoutInput; sent?: boolean }) {
  const { t, formatMoney, locale } = useI18n();
  const keyTypeLabel = usePixKeyTypeLabel();
  const readable = readableKey(input.pix_key_type, input.pix_key);
  const amount = formatMoney(input.amount_centavos);
  return (
    <dl className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto]">
      <div className="grid gap-1 sm:col-span-2">
        <dt className="text-xs font-medium text-muted-foreground">{t("payouts.review.amount")}</dt>
        <dd className="@container grid gap-1">
          {/* Large, but never wider than the card (`100cqi`): 0.7em per character fits a wide bold digit. */}
          <span
            className="text-[length:min(2.25rem,100cqi/(var(--amount-chars)*0.7))] leading-none font-semibold tracking-tight tabular-nums sm:text-[length:min(3rem,100cqi/(var(--amount-chars)*0.7))]"
            style={{ "--amount-chars": amount.length } as CSSProperties}
            data-testid="review-amount"
          >
            {amount}
          </span>
          <span className="text-sm text-foreground/90" data-testid="review-amount-words">
            {capitalize(amountInWords(input.amount_centavos, locale))}
          </span>
        </dd>
      </div>
      <div className="grid min-w-0 content-start gap-1">
        <dt className="text-xs font-medium text-muted-foreground">
          {sent ? t("payouts.review.keySent") : t("payouts.review.key")}
        </dt>
        <dd className="grid gap-0.5">
          <span className="font-mono text-lg wrap-anywhere" data-testid="review-key">
            {input.pix_key}
          </span>
          {readable ? (
            <span className="text-xs text-muted-foreground">{t("payouts.review.keyReadable", { key: readable })}</span>
          ) : null}
        </dd>
      </div>
      <div className="grid content-start gap-1">
        <dt className="text-xs font-medium text-muted-foreground">{t("payouts.review.keyType")}</dt>
        <dd className="text-sm font-medium" data-testid="review-key-type">
          {keyTypeLabel(input.pix_key_type)}
        </dd>
      </div>
    </dl>
  );
}

/** The summary boxed under a heading, beside a problem with it ("Your payout", "What was sent"). */
export function PayoutSummaryCard({ title, input, sent }: { title: string; input: PayoutInput; sent?: boolean }) {
  return (
    <div className="rounded-lg border p-4">
      <h3 className="mb-3 text-sm font-semibold">{title}</h3>
      <PayoutSummary input={input} sent={sent} />
    </div>
  );
}

/**
 * The fee and net estimated from the register (the batch review's rule) and the last payout paid to this key, from
 * POST /api/payouts/preview. Never in the way: while it loads, or when it fails, a quiet line says so and the
 * payout can be sent as always.
 */
export function PayoutEstimate({ input }: { input: PayoutInput }) {
  const { t, formatMoney, formatDate } = useI18n();
  const preview = useQuery(payoutPreviewQuery(input));
  const data = preview.data;
  const fee = data?.fee_estimate ?? null;
  const lastPaid = data?.last_paid_to ?? null;
  const quiet = "flex gap-2 text-xs text-muted-foreground";
  // A paid time the API did not state is said to be unknown: no other date (such as the creation) stands in for it.
  const lastPaidText = ({
    holder_name: name,
    paid_at: paidAt,
  }: {
    holder_name: string | null;
    paid_at: string | null;
  }) => {
    const date = paidAt ? formatDate(paidAt, { withZone: true }) : null;
    if (name && date) return t("payouts.review.lastPaidTo", { name, date });
    if (name) return t("payouts.review.lastPaidToNoDate", { name });
    if (date) return t("payouts.review.lastPaidToNoName", { date });
    return t("payouts.review.lastPaidToNoNameNoDate");
  };

  return (
    <div className="grid gap-3" data-testid="review-estimate">
      {data && fee ? (
        <div className="grid gap-1 rounded-md border px-3 py-2.5 text-sm">
          <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1">
            <dt className="text-muted-foreground">{t("payouts.review.estimatedFee")}</dt>
            <dd className="text-right tabular-nums" data-testid="review-fee">
              {formatMoney(fee.total_centavos)}
            </dd>
            <dt className="text-muted-foreground">{t("payouts.review.estimatedNet")}</dt>
            <dd className="text-right font-medium tabular-nums" data-testid="review-net">
              {data.estimated_net_centavos === null ? t("common.none") : formatMoney(data.estimated_net_centavos)}
            </dd>
          </dl>
          <p className="pt-1 text-xs text-muted-foreground" data-testid="review-estimate-basis">
            {t("payouts.review.estimateBasis", { count: fee.sample_size })}
          </p>
        </div>
      ) : null}
      <p className="flex gap-2 rounded-md border bg-muted/50 px-3 py-2.5 text-sm text-foreground/90">
        <Info className="mt-0.5 size-4 shrink-0 text-info-soft-foreground" aria-hidden="true" />
        <span>
          {data && !fee ? `${t("payouts.review.estimateNone")} ` : null}
          {t("payouts.review.feeNote")}
        </span>
      </p>
      {preview.isPending ? (
        <p className={quiet} role="status">
          {t("payouts.review.estimateLoading")}
        </p>
      ) : null}
      {preview.isError ? (
        <p className={quiet} data-testid="review-preview-failed">
          {t("payouts.review.previewFailed")}
        </p>
      ) : null}
      {lastPaid ? (
        <div className="grid gap-1 text-sm" data-testid="review-last-paid">
          <p className="flex gap-2">
            <History className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span>{lastPaidText(lastPaid)}</span>
          </p>
          <p className="pl-6 text-xs text-muted-foreground">{t("payouts.review.lastPaidNote")}</p>
        </div>
      ) : null}
    </div>
  );
}

/** The idempotency key, for support, folded away under "Technical details". */
export function TechnicalDetails({ idempotencyKey }: { idempotencyKey: string }) {
  const { t } = useI18n();
  return (
    <details className="group text-xs text-muted-foreground" data-testid="review-technical-details">
      <summary className="flex w-fit cursor-pointer items-center gap-1 font-medium select-none focus-visible:outline-2 focus-visible:outline-ring">
        <ChevronRight className="size-3.5 transition-transform group-open:rotate-90" aria-hidden="true" />
        {t("payouts.review.technicalDetails")}
      </summary>
      <p className="mt-2 wrap-anywhere">
        {t("payouts.field.idempotencyKey")}: <span className="font-mono">{idempotencyKey}</span>
      </p>
    </details>
  );
}

export interface PayoutReviewProps {
  input: PayoutInput;
  /** The flow's idempotency key (shown so support can trace the attempt). */
  idempotencyKey: string;
  pending: boolean;
  onBack: () => void;
  onConfirm: () => void;
  /** A definite failure of the last attempt (nothing was paid). */
  error?: ReactNode;
}

/**
 * Step 2: what will be sent, impossible to misread (amount in digits and in
 * words, the key exactly as sent), the estimated fee and net and the last
 * payout paid to the key (PayoutEstimate), "Back to edit" and "Confirm and
 * send", and the idempotency key under "Technical details". The confirm
 * button is disabled (and busy) while sending; it never waits for the estimate.
 */
export function PayoutReview({ input, idempotencyKey, pending, onBack, onConfirm, error }: PayoutReviewProps) {
  const { t } = useI18n();
  return (
    <div className="grid gap-5">
      <PayoutSummary input={input} />
      <PayoutEstimate input={input} />
      {error}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button type="button" variant="outline" onClick={onBack} disabled={pending}>
          <ArrowLeft aria-hidden="true" />
          {t("payouts.review.back")}
        </Button>
        <Button type="button" size="lg" onClick={onConfirm} loading={pending} aria-describedby="payout-review-warning">
          {pending ? null : <Send aria-hidden="true" />}
          {pending ? t("payouts.review.sending") : t("payouts.review.confirm")}
        </Button>
      </div>
      <p id="payout-review-warning" className="text-xs text-muted-foreground sm:text-right">
        {t("payouts.review.warning")}
      </p>
      <TechnicalDetails idempotencyKey={idempotencyKey} />
    </div>
  );
}

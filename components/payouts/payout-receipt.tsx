"use client";

import { useQuery } from "@tanstack/react-query";
import { CircleCheck, CircleX, Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { DetailList, type DetailItem } from "@/components/ui/detail-list";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Money } from "@/components/ui/money";
import { StatusBadge } from "@/components/ui/status-badge";
import { useI18n } from "@/lib/browser/i18n";
import { isPayoutSettling, payoutQuery } from "@/lib/browser/query/payouts";
import type { RegisterPayout } from "@/lib/shared/schemas/register";
import { shownFeeAndNet } from "@/lib/shared/payouts/fee-and-net";
import { LiveIndicator } from "./live-indicator";
import { OpenPayoutDetail } from "./open-payout-detail";
import { usePixKeyTypeLabel } from "./payout-status";
import { ReceiptLinks } from "./receipt-links";

export interface PayoutReceiptProps {
  /** What POST /api/payouts answered. */
  payout: RegisterPayout;
  idempotencyKey: string;
  onNewPayout: () => void;
}

/**
 * Step 3: the receipt. Payout id and idempotency key (both copyable), amount,
 * fee and net, the masked key, and the status, kept live until the payout is
 * paid or failed (GET /api/payouts/{id}).
 */
export function PayoutReceipt({ payout, idempotencyKey, onNewPayout }: PayoutReceiptProps) {
  const { has, t } = useI18n();
  const keyTypeLabel = usePixKeyTypeLabel();
  const id = payout.id;
  const live = useQuery({ ...payoutQuery(id ?? ""), enabled: id !== null });
  const current = live.data;
  const status = current?.status ?? payout.status ?? "pending";
  const settling = isPayoutSettling(status);
  const statusKey = `status.${status}`;
  const statusText = has(statusKey) ? t(statusKey) : status;
  const failureReason = current?.failure_reason ?? payout.failure_reason;
  const { fee, net } = shownFeeAndNet({
    status,
    fee_centavos: current?.fee_centavos ?? payout.fee_centavos,
    net_centavos: current?.net_centavos ?? payout.net_centavos,
  });
  const endToEnd = current?.end_to_end_id ?? payout.end_to_end_id;
  const maskedKey = current?.bank_account?.pix_key_masked ?? payout.pix_key_masked;
  const holder = current?.bank_account?.holder_name ?? null;

  const headline =
    status === "paid"
      ? t("payouts.receipt.paidTitle")
      : status === "failed"
        ? t("payouts.receipt.failedTitle")
        : t("payouts.receipt.sentTitle");
  const Icon = status === "failed" ? CircleX : CircleCheck;

  const items: DetailItem[] = [
    ...(id
      ? [{ label: t("payouts.field.id"), value: id, mono: true, copyValue: id, copyLabel: t("payouts.field.id") }]
      : []),
    {
      label: t("payouts.field.idempotencyKey"),
      value: idempotencyKey,
      mono: true,
      copyValue: idempotencyKey,
      copyLabel: t("payouts.field.idempotencyKey"),
    },
    {
      label: t("payouts.field.amount"),
      value: <Money centavos={current?.amount_centavos ?? payout.amount_centavos} className="font-medium" />,
    },
    { label: t("payouts.field.fee"), value: <Money centavos={fee} /> },
    { label: t("payouts.field.net"), value: <Money centavos={net} className="font-medium" /> },
    { label: t("payouts.field.key"), value: <span className="font-mono">{maskedKey}</span> },
    {
      label: t("payouts.field.keyType"),
      value: keyTypeLabel(current?.bank_account?.pix_key_type ?? payout.pix_key_type),
    },
    ...(holder ? [{ label: t("payouts.field.holder"), value: holder }] : []),
    ...(endToEnd
      ? [
          {
            label: t("payouts.field.endToEndId"),
            value: endToEnd,
            mono: true,
            copyValue: endToEnd,
            copyLabel: t("payouts.field.endToEndId"),
          },
        ]
      : []),
    ...(failureReason ? [{ label: t("payouts.field.failureReason"), value: failureReason }] : []),
  ];

  return (
    <div className="grid gap-5" data-testid="payout-receipt">
      <div
        className={cn(
          "flex flex-wrap items-center gap-3 rounded-lg border px-4 py-3",
          status === "failed"
            ? "border-destructive/30 bg-destructive-soft/60"
            : status === "paid"
              ? "border-success-soft-foreground/25 bg-success-soft/60"
              : "bg-muted/50",
        )}
      >
        <Icon
          className={cn(
            "size-6 shrink-0",
            status === "failed" ? "text-destructive-soft-foreground" : "text-success-soft-foreground",
          )}
          aria-hidden="true"
        />
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{headline}</p>
          <p className="text-sm text-muted-foreground">
            {settling ? t("payouts.receipt.pendingNote") : status === "paid" ? t("payouts.receipt.paidNote") : null}
          </p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <span data-testid="receipt-status">
            <StatusBadge status={status} className="px-2.5 py-1 text-sm" />
          </span>
          {settling ? <LiveIndicator /> : null}
        </div>
        <p className="sr-only" role="status" aria-live="polite">
          {t("payouts.detail.statusNow", { status: statusText })}
        </p>
      </div>

      <DetailList items={items} />

      {live.error && !current ? (
        <ErrorPanel
          error={live.error}
          live="none"
          title={t("payouts.receipt.statusUnavailable")}
          onRetry={() => live.refetch()}
        />
      ) : null}

      {id ? <ReceiptLinks id={id} /> : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {id ? <OpenPayoutDetail id={id} /> : null}
        <Button onClick={onNewPayout}>
          <Plus aria-hidden="true" />
          {t("payouts.new.button")}
        </Button>
      </div>
    </div>
  );
}

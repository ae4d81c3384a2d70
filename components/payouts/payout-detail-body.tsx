"use client";

import { TriangleAlert } from "lucide-react";
import { BatchLink } from "@/components/payout-batches/batch-link";
import { useCan } from "@/components/providers/session-provider";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { DetailList, type DetailItem } from "@/components/ui/detail-list";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Money } from "@/components/ui/money";
import { StatusBadge } from "@/components/ui/status-badge";
import { useI18n } from "@/lib/browser/i18n";
import { isPayoutSettling, type PayoutDetail as PayoutDetailData } from "@/lib/browser/query/payouts";
import { shownFeeAndNet } from "@/lib/shared/payouts/fee-and-net";
import { LiveIndicator } from "./live-indicator";
import { PayoutIssuedCard } from "./payout-issued-card";
import { usePixKeyTypeLabel } from "./payout-status";
import { PayoutTimeline } from "./payout-timeline";
import { ReceiptLinks } from "./receipt-links";

/** A loaded payout: amount and live status, its details, its timeline and (operators) who issued it. */
export function PayoutBody({ payout, refreshError }: { payout: PayoutDetailData; refreshError: unknown }) {
  const { has, t } = useI18n();
  const keyTypeLabel = usePixKeyTypeLabel();
  const canSeeRegister = useCan("payouts.register");
  const settling = isPayoutSettling(payout.status);
  const account = payout.bank_account ?? null;
  const statusKey = `status.${payout.status}`;
  const statusText = has(statusKey) ? t(statusKey) : payout.status;
  const shown = shownFeeAndNet(payout);
  const register = payout.register;

  const items: DetailItem[] = [
    {
      label: t("payouts.field.id"),
      value: payout.id,
      mono: true,
      copyValue: payout.id,
      copyLabel: t("payouts.field.id"),
    },
    ...(payout.public_id && payout.public_id !== payout.id
      ? [
          {
            label: t("payouts.field.publicId"),
            value: payout.public_id,
            mono: true,
            copyValue: payout.public_id,
            copyLabel: t("payouts.field.publicId"),
          },
        ]
      : []),
    payout.end_to_end_id
      ? {
          label: t("payouts.field.endToEndId"),
          value: payout.end_to_end_id,
          mono: true,
          copyValue: payout.end_to_end_id,
          copyLabel: t("payouts.field.endToEndId"),
        }
      : {
          label: t("payouts.field.endToEndId"),
          value: <span className="text-muted-foreground">{t("payouts.detail.noEndToEnd")}</span>,
        },
    { label: t("payouts.field.amount"), value: <Money centavos={payout.amount_centavos} /> },
    { label: t("payouts.field.fee"), value: <Money centavos={shown.fee} /> },
    { label: t("payouts.field.net"), value: <Money centavos={shown.net} /> },
    {
      label: t("payouts.field.holder"),
      value: account?.holder_name || <span className="text-muted-foreground">{t("common.none")}</span>,
    },
    {
      label: t("payouts.field.key"),
      value: account?.pix_key_masked ? <span className="font-mono">{account.pix_key_masked}</span> : t("common.none"),
    },
    { label: t("payouts.field.keyType"), value: keyTypeLabel(account?.pix_key_type) },
    { label: t("payouts.field.createdAt"), value: <DateTime value={payout.created_at} withZone /> },
    ...(payout.status === "failed"
      ? []
      : [{ label: t("payouts.field.paidAt"), value: <DateTime value={payout.paid_at} withZone /> }]),
    ...(register?.batch ? [{ label: t("payouts.field.batch"), value: <BatchLink batch={register.batch} /> }] : []),
  ];

  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <div className="grid content-start gap-4 lg:col-span-2">
        <Card>
          <CardContent className="grid gap-4 pt-5">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0 space-y-1">
                <p className="text-xs font-medium text-muted-foreground">{t("payouts.field.amount")}</p>
                <p className="text-3xl leading-none font-semibold tracking-tight" data-testid="payout-amount">
                  <Money centavos={payout.amount_centavos} />
                </p>
                {shown.net !== null ? (
                  <p className="text-xs text-muted-foreground">
                    {t("payouts.detail.netLabel")}{" "}
                    <Money centavos={shown.net} className="font-medium text-foreground" />
                    {shown.fee !== null ? (
                      <>
                        {" · "}
                        {t("payouts.field.fee")} <Money centavos={shown.fee} />
                      </>
                    ) : null}
                  </p>
                ) : null}
              </div>
              <div className="flex flex-col items-end gap-1.5">
                <StatusBadge status={payout.status} className="px-2.5 py-1 text-sm" />
                {settling ? <LiveIndicator /> : null}
              </div>
            </div>
            <p className="sr-only" role="status" aria-live="polite">
              {t("payouts.detail.statusNow", { status: statusText })}
            </p>
            {payout.failure_reason ? (
              <div
                role="note"
                className="flex gap-2 rounded-md border border-destructive/30 bg-destructive-soft/60 px-3 py-2 text-sm"
              >
                <TriangleAlert className="mt-0.5 size-4 shrink-0 text-destructive-soft-foreground" aria-hidden="true" />
                <p>
                  <span className="font-medium">{t("payouts.field.failureReason")}:</span> {payout.failure_reason}
                </p>
              </div>
            ) : null}
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="min-w-0">
                <p className="text-xs font-medium text-muted-foreground">{t("payouts.field.holder")}</p>
                <p className="truncate text-sm font-medium" data-testid="payout-holder">
                  {account?.holder_name || t("common.none")}
                </p>
              </div>
              <div className="min-w-0">
                <p className="text-xs font-medium text-muted-foreground">{t("payouts.detail.destination")}</p>
                <p className="text-sm break-all">
                  <span className="font-mono" data-testid="payout-key">
                    {account?.pix_key_masked ?? t("common.none")}
                  </span>{" "}
                  <span className="text-muted-foreground">· {keyTypeLabel(account?.pix_key_type)}</span>
                </p>
              </div>
            </div>
            {refreshError ? (
              <ErrorPanel error={refreshError} live="none" title={t("payouts.detail.refreshFailed")} />
            ) : null}
            <ReceiptLinks id={payout.id} />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("common.details")}</CardTitle>
          </CardHeader>
          <CardContent>
            <DetailList items={items} />
          </CardContent>
        </Card>
      </div>

      <div className="grid content-start gap-4">
        <Card>
          <CardHeader>
            <CardTitle>{t("payouts.timeline.title")}</CardTitle>
            <CardDescription>{t("payouts.timeline.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            <PayoutTimeline
              status={payout.status}
              createdAt={payout.created_at}
              paidAt={payout.paid_at}
              failureReason={payout.failure_reason}
            />
          </CardContent>
        </Card>

        {canSeeRegister ? <PayoutIssuedCard register={register} /> : null}
      </div>
    </div>
  );
}

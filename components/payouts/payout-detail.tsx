"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { ArrowLeft, SearchX, TriangleAlert } from "lucide-react";
import Link from "next/link";
import { useCan } from "@/components/providers/session-provider";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import { DetailList, type DetailItem } from "@/components/ui/detail-list";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Money } from "@/components/ui/money";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { StatusBadge } from "@/components/ui/status-badge";
import { isBffRequestError } from "@/lib/browser/bff-client/errors";
import { useI18n } from "@/lib/browser/i18n";
import { hasMessage } from "@/lib/shared/i18n/translate";
import { isPayoutSettling, payoutQuery, type PayoutDetail as PayoutDetailData } from "@/lib/browser/query/payouts";
import { LiveIndicator } from "./live-indicator";
import { PayoutLookup } from "./payout-lookup";
import { RegisterStatusBadge, usePixKeyTypeLabel } from "./payout-status";
import { PayoutTimeline } from "./payout-timeline";
import { rememberPayoutLookup } from "./recent-lookups";

function BackLink() {
  const { t } = useI18n();
  return (
    <Link href="/payouts" className="inline-flex items-center gap-1 rounded font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
      <ArrowLeft className="size-3.5" aria-hidden="true" />
      {t("nav.payouts")}
    </Link>
  );
}

/** /payouts/{id}: one payout, deep-linkable, for operators and viewers. Refreshes itself while pending. */
export function PayoutDetail({ id }: { id: string }) {
  const { t } = useI18n();
  const query = useQuery(payoutQuery(id));
  const found = query.data?.id ?? null;
  useEffect(() => {
    if (found) rememberPayoutLookup(found);
  }, [found]);
  const notFound = isBffRequestError(query.error) && (query.error.status === 404 || query.error.code === "validation_error");

  const header = (
    <PageHeader
      eyebrow={<BackLink />}
      title={t("payouts.detail.title")}
      description={
        <span className="inline-flex max-w-full items-center gap-0.5">
          <span className="truncate font-mono text-foreground/90" data-testid="payout-id">
            {id}
          </span>
          <CopyButton value={id} label={t("payouts.field.id")} className="-my-1 shrink-0" />
        </span>
      }
    />
  );

  if (query.isPending) {
    return (
      <>
        {header}
        <DetailSkeleton />
      </>
    );
  }

  if (notFound) {
    const invalid = isBffRequestError(query.error) && query.error.code === "validation_error";
    return (
      <>
        {header}
        <Card>
          <CardContent className="flex flex-col items-center gap-3 px-6 py-10 text-center">
            <div className="flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <SearchX className="size-5" aria-hidden="true" />
            </div>
            <div role="status">
              <h2 className="text-base font-semibold">{invalid ? t("payouts.detail.invalidTitle", { id }) : t("payouts.detail.notFoundTitle", { id })}</h2>
            </div>
            <p className="max-w-md text-sm text-muted-foreground">{t("payouts.detail.notFoundDescription")}</p>
            <PayoutLookup defaultId={id} size="default" autoFocus className="mt-2 w-full max-w-lg text-left" />
          </CardContent>
        </Card>
      </>
    );
  }

  if (query.error || !query.data) {
    return (
      <>
        {header}
        <ErrorPanel error={query.error} onRetry={() => query.refetch()} retrying={query.isRefetching} live="none" />
      </>
    );
  }

  return (
    <>
      {header}
      <PayoutBody payout={query.data} refreshError={query.error} />
    </>
  );
}

function DetailSkeleton() {
  const { t } = useI18n();
  return (
    <div className="grid gap-4 lg:grid-cols-3" aria-busy="true">
      <span className="sr-only" role="status">
        {t("common.loading")}
      </span>
      <Card className="lg:col-span-2">
        <CardContent className="grid gap-3 pt-5">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-10 w-56" />
          <Skeleton className="h-4 w-72" />
          <Skeleton className="h-40 w-full" />
        </CardContent>
      </Card>
      <Card>
        <CardContent className="grid gap-3 pt-5">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-24 w-full" />
        </CardContent>
      </Card>
    </div>
  );
}

function PayoutBody({ payout, refreshError }: { payout: PayoutDetailData; refreshError: unknown }) {
  const { t, locale } = useI18n();
  const keyTypeLabel = usePixKeyTypeLabel();
  const canSeeRegister = useCan("payouts.register");
  const settling = isPayoutSettling(payout.status);
  const account = payout.bank_account ?? null;
  const statusKey = `status.${payout.status}`;
  const statusText = hasMessage(statusKey, locale) ? t(statusKey) : payout.status;
  const register = payout.register;

  const items: DetailItem[] = [
    { label: t("payouts.field.id"), value: payout.id, mono: true, copyValue: payout.id, copyLabel: t("payouts.field.id") },
    ...(payout.public_id && payout.public_id !== payout.id
      ? [{ label: t("payouts.field.publicId"), value: payout.public_id, mono: true, copyValue: payout.public_id, copyLabel: t("payouts.field.publicId") }]
      : []),
    payout.end_to_end_id
      ? { label: t("payouts.field.endToEndId"), value: payout.end_to_end_id, mono: true, copyValue: payout.end_to_end_id, copyLabel: t("payouts.field.endToEndId") }
      : { label: t("payouts.field.endToEndId"), value: <span className="text-muted-foreground">{t("payouts.detail.noEndToEnd")}</span> },
    { label: t("payouts.field.amount"), value: <Money centavos={payout.amount_centavos} /> },
    { label: t("payouts.field.fee"), value: <Money centavos={payout.fee_centavos ?? null} /> },
    { label: t("payouts.field.net"), value: <Money centavos={payout.net_centavos ?? null} /> },
    { label: t("payouts.field.holder"), value: account?.holder_name || <span className="text-muted-foreground">{t("common.none")}</span> },
    { label: t("payouts.field.key"), value: account?.pix_key_masked ? <span className="font-mono">{account.pix_key_masked}</span> : t("common.none") },
    { label: t("payouts.field.keyType"), value: keyTypeLabel(account?.pix_key_type) },
    { label: t("payouts.field.createdAt"), value: <DateTime value={payout.created_at} withZone /> },
    ...(payout.status === "failed" ? [] : [{ label: t("payouts.field.paidAt"), value: <DateTime value={payout.paid_at} withZone /> }]),
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
                {payout.net_centavos !== undefined ? (
                  <p className="text-xs text-muted-foreground">
                    {t("payouts.detail.netLabel")} <Money centavos={payout.net_centavos} className="font-medium text-foreground" />
                    {payout.fee_centavos !== undefined ? (
                      <>
                        {" · "}
                        {t("payouts.field.fee")} <Money centavos={payout.fee_centavos} />
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
              <div role="note" className="flex gap-2 rounded-md border border-destructive/30 bg-destructive-soft/60 px-3 py-2 text-sm">
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
            {refreshError ? <ErrorPanel error={refreshError} live="none" title={t("payouts.detail.refreshFailed")} /> : null}
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
            <PayoutTimeline status={payout.status} createdAt={payout.created_at} paidAt={payout.paid_at} failureReason={payout.failure_reason} />
          </CardContent>
        </Card>

        {canSeeRegister ? (
          <Card>
            <CardHeader>
              <CardTitle>{t("payouts.detail.issuedTitle")}</CardTitle>
              {register ? null : <CardDescription>{t("payouts.detail.notInRegister")}</CardDescription>}
            </CardHeader>
            {register ? (
              <CardContent>
                <DetailList
                  className="text-sm"
                  items={[
                    {
                      label: t("payouts.field.createdBy"),
                      value: (
                        <span data-testid="payout-issued-by">
                          {register.created_by.name} <span className="text-muted-foreground">({t(`role.${register.created_by.role}`)})</span>
                        </span>
                      ),
                    },
                    { label: t("payouts.field.issuedAt"), value: <DateTime value={register.created_at} withZone /> },
                    { label: t("payouts.field.registerState"), value: <RegisterStatusBadge row={register} /> },
                    {
                      label: t("payouts.field.idempotencyKey"),
                      value: register.idempotency_key,
                      mono: true,
                      copyValue: register.idempotency_key,
                      copyLabel: t("payouts.field.idempotencyKey"),
                    },
                    ...(register.last_request_id
                      ? [{ label: t("errors.requestId"), value: register.last_request_id, mono: true, copyValue: register.last_request_id, copyLabel: t("errors.requestId") }]
                      : []),
                  ]}
                />
              </CardContent>
            ) : null}
          </Card>
        ) : null}
      </div>
    </div>
  );
}

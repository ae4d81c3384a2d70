"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { SearchX } from "lucide-react";
import { BackLink } from "@/components/ui/back-link";
import { Card, CardContent } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { isBffRequestError } from "@/lib/browser/bff-client/errors";
import { useI18n } from "@/lib/browser/i18n";
import { payoutQuery } from "@/lib/browser/query/payouts";
import { PayoutBody } from "./payout-detail-body";
import { PayoutLookup } from "./payout-lookup";
import { rememberPayoutLookup } from "./recent-lookups";
import { SlowUpstreamNotice } from "@/components/ui/slow-notice";

function PayoutsBackLink() {
  const { t } = useI18n();
  return <BackLink href="/payouts">{t("nav.payouts")}</BackLink>;
}

/** /payouts/{id}: one payout, deep-linkable, for operators and viewers. Refreshes itself while pending. */
export function PayoutDetail({ id }: { id: string }) {
  const { t } = useI18n();
  const query = useQuery(payoutQuery(id));
  const found = query.data?.id ?? null;
  useEffect(() => {
    if (found) rememberPayoutLookup(found);
  }, [found]);
  const notFound =
    isBffRequestError(query.error) && (query.error.status === 404 || query.error.knownCode === "validation_error");

  const header = (
    <PageHeader
      eyebrow={<PayoutsBackLink />}
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
        <SlowUpstreamNotice className="mb-3" />
        <DetailSkeleton />
      </>
    );
  }

  if (notFound) {
    const invalid = isBffRequestError(query.error) && query.error.knownCode === "validation_error";
    return (
      <>
        {header}
        <Card>
          <CardContent className="flex flex-col items-center gap-3 px-6 py-10 text-center">
            <div className="flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <SearchX className="size-5" aria-hidden="true" />
            </div>
            <div role="status">
              <h2 className="text-base font-semibold">
                {invalid ? t("payouts.detail.invalidTitle", { id }) : t("payouts.detail.notFoundTitle", { id })}
              </h2>
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

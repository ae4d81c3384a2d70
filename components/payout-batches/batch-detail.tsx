"use client";

import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useState } from "react";
import { BackLink } from "@/components/ui/back-link";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { DateTime } from "@/components/ui/date-time";
import { DetailList } from "@/components/ui/detail-list";
import { ErrorPanel } from "@/components/ui/error-panel";
import { QueryErrorPanel } from "@/components/ui/query-error-panel";
import { Money } from "@/components/ui/money";
import { NativeSelect } from "@/components/ui/native-select";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { StatusBadge } from "@/components/ui/status-badge";
import { useI18n } from "@/lib/browser/i18n";
import {
  batchResultsUrl,
  isBatchLive,
  payoutBatchQuery,
  payoutBatchRowsQuery,
  useBatchRowsFollow,
} from "@/lib/browser/query/payout-batches";
import { BATCH_ROW_STATUSES, type Batch } from "@/lib/shared/schemas/payout-batches";
import { BatchControls } from "./batch-actions";
import { BatchProgress } from "./batch-progress";
import { useBatchRowColumns } from "./batch-row-columns";
import { ConfirmPanel } from "./confirm-panel";

function BatchesBackLink() {
  const { t } = useI18n();
  return <BackLink href="/payouts/batch">{t("nav.batchPayouts")}</BackLink>;
}

/** Every row's outcome, refreshed with the batch while it sends; filter by outcome. */
function BatchRowsTable({ batch }: { batch: Batch }) {
  const { t } = useI18n();
  const rows = useQuery(payoutBatchRowsQuery(batch.id));
  useBatchRowsFollow(batch);
  const columns = useBatchRowColumns();
  const [status, setStatus] = useState("");
  const data = status ? rows.data?.rows.filter((row) => row.status === status) : rows.data?.rows;
  return (
    <DataTable
      label={t("batches.rows.title")}
      data={data}
      columns={columns}
      columnsKey="batch-rows"
      getRowId={(row) => String(row.row_number)}
      isLoading={rows.isPending}
      error={rows.error}
      onRetry={() => void rows.refetch()}
      searchPlaceholder={t("batches.rows.search")}
      filters={
        <NativeSelect
          size="sm"
          aria-label={t("batches.rows.status")}
          value={status}
          onChange={(event) => setStatus(event.target.value)}
        >
          <option value="">{t("batches.rows.allStatuses")}</option>
          {BATCH_ROW_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`batches.count.${value}`)}
            </option>
          ))}
        </NativeSelect>
      }
    />
  );
}

/**
 * /payouts/batch/{id}: the batch's live progress (refreshed while it sends or
 * is paused; the page can be closed and reopened by any operator), its
 * controls, the confirmation while it awaits one, every row's outcome with a
 * link to its payout, and the results file.
 */
export function BatchDetail({ id }: { id: string }) {
  const { t } = useI18n();
  const query = useQuery(payoutBatchQuery(id));
  const batch = query.data;

  if (!batch) {
    return (
      <>
        <PageHeader eyebrow={<BatchesBackLink />} title={t("batches.detail.title")} />
        {query.error ? <QueryErrorPanel query={query} /> : <Skeleton className="h-40 w-full" />}
      </>
    );
  }

  return (
    <>
      <PageHeader
        eyebrow={<BatchesBackLink />}
        title={t("batches.detail.titleFile", { file: batch.file_name })}
        description={<StatusBadge status={batch.status} />}
        actions={
          <>
            <BatchControls batch={batch} />
            {batch.status !== "awaiting_confirmation" ? (
              <>
                {(["csv", "xlsx"] as const).map((format) => (
                  <Button key={format} asChild variant="outline" size="sm">
                    <a href={batchResultsUrl(batch.id, format)} download>
                      <Download aria-hidden="true" />
                      {t(format === "csv" ? "batches.detail.download" : "batches.detail.downloadXlsx")}
                    </a>
                  </Button>
                ))}
              </>
            ) : null}
          </>
        }
      />
      <div className="grid gap-6">
        {query.error ? (
          <ErrorPanel
            error={query.error}
            onRetry={() => void query.refetch()}
            title={t("batches.detail.refreshFailed")}
          />
        ) : null}
        {batch.status === "awaiting_confirmation" ? (
          <Card>
            <CardHeader>
              <CardTitle>{t("batches.step.confirm.title")}</CardTitle>
              <CardDescription>{t("batches.detail.awaiting")}</CardDescription>
            </CardHeader>
            <CardContent>
              <ConfirmPanel batch={batch} />
            </CardContent>
          </Card>
        ) : (
          <Card>
            <CardHeader>
              <CardTitle>{t("batches.progress.title")}</CardTitle>
              <CardDescription>
                {isBatchLive(batch.status) ? t("batches.progress.live") : t("batches.progress.ended")}
              </CardDescription>
              {batch.status === "paused" && batch.paused_reason ? (
                <p role="status" className="text-sm font-medium" data-testid="batch-paused-reason">
                  {t(`batches.paused.${batch.paused_reason}`)}
                </p>
              ) : null}
            </CardHeader>
            <CardContent>
              <BatchProgress batch={batch} />
            </CardContent>
          </Card>
        )}
        <Card>
          <CardHeader>
            <CardTitle>{t("batches.detail.about")}</CardTitle>
          </CardHeader>
          <CardContent>
            <DetailList
              items={[
                {
                  label: t("batches.detail.id"),
                  value: batch.id,
                  mono: true,
                  copyValue: batch.id,
                  copyLabel: t("batches.detail.id"),
                },
                { label: t("batches.detail.total"), value: <Money centavos={batch.total_centavos} /> },
                { label: t("batches.detail.rows"), value: batch.row_count },
                { label: t("batches.detail.createdBy"), value: batch.created_by },
                { label: t("batches.detail.createdAt"), value: <DateTime value={batch.created_at} withZone /> },
                {
                  label: t("batches.detail.confirmedAt"),
                  value: batch.confirmed_at ? <DateTime value={batch.confirmed_at} withZone /> : t("common.none"),
                },
              ]}
            />
          </CardContent>
        </Card>
        <section aria-labelledby="batch-rows-title" className="grid gap-3">
          <h2 id="batch-rows-title" className="text-base font-semibold">
            {t("batches.rows.title")}
          </h2>
          <BatchRowsTable batch={batch} />
        </section>
      </div>
    </>
  );
}

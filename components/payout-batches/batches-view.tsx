"use client";

import { useQuery } from "@tanstack/react-query";
import { Layers } from "lucide-react";
import { useRouter } from "next/navigation";
import { CreateLink } from "@/components/ui/create-link";
import { DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { useI18n } from "@/lib/browser/i18n";
import { payoutBatchesQuery } from "@/lib/browser/query/payout-batches";
import { useBatchColumns } from "./batch-columns";

function NewBatchButton() {
  const { t } = useI18n();
  return <CreateLink href="/payouts/batch/new">{t("batches.new.button")}</CreateLink>;
}

/** /payouts/batch: this business's batches, newest first, with their status and progress (refreshed while any is sending). */
export function BatchesView() {
  const { t } = useI18n();
  const router = useRouter();
  const query = useQuery(payoutBatchesQuery());
  const columns = useBatchColumns();
  return (
    <>
      <PageHeader
        title={t("nav.batchPayouts")}
        description={t("batches.list.description")}
        actions={<NewBatchButton />}
      />
      <DataTable
        label={t("nav.batchPayouts")}
        data={query.data?.batches}
        columns={columns}
        columnsKey="batches"
        getRowId={(batch) => batch.id}
        isLoading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        searchPlaceholder={t("batches.list.search")}
        onRowClick={(batch) => router.push(`/payouts/batch/${encodeURIComponent(batch.id)}`)}
        rowLabel={(batch) => t("batches.list.rowLabel", { file: batch.file_name })}
        emptyState={
          <EmptyState
            icon={Layers}
            title={t("batches.list.empty")}
            description={t("batches.list.emptyHint")}
            action={<NewBatchButton />}
          />
        }
      />
    </>
  );
}

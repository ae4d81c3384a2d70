"use client";

import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { ArrowLeftRight, Plus } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useMemo } from "react";
import { useCan } from "@/components/providers/session-provider";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { columnMeta, DataTable, type DataTableColumn } from "@/components/ui/data-table";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { Money } from "@/components/ui/money";
import { NativeSelect } from "@/components/ui/native-select";
import { truncateMiddle } from "@/lib/shared/format/text";
import { formatSort, parseSort, useUrlState } from "@/lib/browser/hooks/use-url-state";
import { useI18n } from "@/lib/browser/i18n";
import { KNOWN_PAYOUT_STATUSES } from "@/lib/shared/schemas/payout";
import { isBeingResolved, isOutcomeUnknown, payoutKeys, payoutRegisterQuery, registerRefreshInterval, type PayoutRegisterFilters } from "@/lib/browser/query/payouts";
import type { RegisterPayout } from "@/lib/shared/schemas/register";
import { LiveIndicator } from "./live-indicator";
import { RegisterEntrySheet } from "./register-entry-sheet";
import { RegisterBanners } from "./register-banners";
import { REGISTER_STATE_OPTIONS, registerUrlSchema } from "./register-filters";
import { RegisterStatusBadge, useErrorText, usePixKeyTypeLabel } from "./payout-status";

const column = createColumnHelper<RegisterPayout>();

const SHORT_DATE_TIME: Intl.DateTimeFormatOptions = { day: "2-digit", month: "2-digit", year: "2-digit", hour: "2-digit", minute: "2-digit" };

/** Sort rank so "status" sorts by how final a row is, unknown outcomes first. */
function statusRank(row: RegisterPayout): string {
  if (isOutcomeUnknown(row)) return `0-${row.state}`;
  if (row.state === "rejected") return "3-rejected";
  return `${row.status === "pending" ? 1 : 2}-${row.status ?? ""}`;
}

/**
 * The register of payouts issued from this dashboard (operators): amount, fee,
 * net, masked key, live status, who and when, payout id. Search and the status
 * filter run on the server; sorting on the loaded rows; everything is in the URL.
 */
export function PayoutRegister() {
  const { t, formatMoney } = useI18n();
  const errorText = useErrorText();
  const router = useRouter();
  const canCreate = useCan("payouts.create");
  const keyTypeLabel = usePixKeyTypeLabel();
  const [filters, setFilters] = useUrlState(registerUrlSchema);
  const serverFilters = useMemo<PayoutRegisterFilters>(
    () => ({ search: filters.search.trim(), status: filters.status ?? "", state: filters.state ?? "" }),
    [filters.search, filters.status, filters.state],
  );
  const query = useInfiniteQuery(payoutRegisterQuery(serverFilters));

  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.items), [query.data]);
  const live = rows ? registerRefreshInterval(rows) !== false : false;
  const filtered = serverFilters.search !== "" || serverFilters.status !== "" || serverFilters.state !== "";
  const queryClient = useQueryClient();
  const clearFilters = () => setFilters({ search: null, status: null, state: null });

  const columns = useMemo<DataTableColumn<RegisterPayout>[]>(
    () => [
      column.accessor("amount_centavos", {
        header: () => t("payouts.col.amount"),
        cell: (info) => <Money centavos={info.getValue()} className="font-medium" />,
        meta: columnMeta({ align: "right" }),
        size: 115,
      }),
      column.accessor(statusRank, {
        id: "status",
        header: () => t("payouts.col.status"),
        cell: (info) => {
          const row = info.row.original;
          return (
            <span className="flex min-w-0 flex-col items-start gap-0.5">
              <RegisterStatusBadge row={row} />
              {row.state === "needs_review" ? <span className="truncate text-xs text-muted-foreground">{t("payouts.state.reviewHint")}</span> : null}
              {isBeingResolved(row) ? <span className="truncate text-xs text-muted-foreground">{t("payouts.state.checkAgainHint")}</span> : null}
              {row.state === "rejected" && row.last_error ? (
                <span className="max-w-full truncate text-xs text-muted-foreground" title={row.last_error.message}>
                  {errorText(row.last_error)}
                </span>
              ) : null}
              {row.status === "failed" && row.failure_reason ? (
                <span className="max-w-full truncate text-xs text-muted-foreground" title={row.failure_reason}>
                  {row.failure_reason}
                </span>
              ) : null}
            </span>
          );
        },
        size: 160,
      }),
      column.accessor("fee_centavos", {
        header: () => t("payouts.col.fee"),
        cell: (info) => <Money centavos={info.getValue()} className="text-muted-foreground" />,
        meta: columnMeta({ align: "right" }),
        size: 90,
      }),
      column.accessor("net_centavos", {
        header: () => t("payouts.col.net"),
        cell: (info) => <Money centavos={info.getValue()} />,
        meta: columnMeta({ align: "right" }),
        size: 115,
      }),
      column.accessor("pix_key_masked", {
        header: () => t("payouts.col.key"),
        cell: (info) => (
          <span className="flex min-w-0 flex-col">
            <span className="truncate font-mono text-[0.8125rem]">{info.getValue()}</span>
            <span className="truncate text-xs text-muted-foreground">{keyTypeLabel(info.row.original.pix_key_type)}</span>
          </span>
        ),
        size: 165,
      }),
      column.accessor("created_at", {
        header: () => t("payouts.col.createdAt"),
        cell: (info) => (
          <span className="flex min-w-0 flex-col">
            <DateTime value={info.getValue()} options={SHORT_DATE_TIME} />
            <span className="truncate text-xs text-muted-foreground" title={info.row.original.created_by.name}>
              {info.row.original.created_by.name}
            </span>
          </span>
        ),
        size: 150,
      }),
      column.accessor((row) => row.id ?? "", {
        id: "id",
        header: () => t("payouts.col.id"),
        cell: (info) => {
          const id = info.row.original.id;
          if (!id) return <span className="text-muted-foreground">{t("common.none")}</span>;
          return (
            <span className="flex min-w-0 items-center gap-0.5">
              <span className="truncate font-mono text-[0.8125rem]" title={id}>
                {truncateMiddle(id, 9, 4)}
              </span>
              <CopyButton value={id} label={t("payouts.field.id")} className="-my-1 shrink-0" />
            </span>
          );
        },
        size: 180,
      }),
    ],
    [errorText, keyTypeLabel, t],
  );

  const openRow = useCallback(
    (row: RegisterPayout) => {
      if (row.id) router.push(`/payouts/${encodeURIComponent(row.id)}`);
      else setFilters({ entry: row.idempotency_key });
    },
    [router, setFilters],
  );

  const rowLabel = useCallback(
    (row: RegisterPayout) =>
      t("payouts.register.rowLabel", {
        amount: formatMoney(row.amount_centavos),
        key: row.pix_key_masked,
        id: row.id ?? row.idempotency_key,
      }),
    [formatMoney, t],
  );

  const emptyState = filtered ? (
    <EmptyState
      title={t("payouts.register.noMatchTitle")}
      description={t("payouts.register.noMatchDescription")}
      action={
        <Button variant="outline" size="sm" onClick={clearFilters}>
          {t("common.clearFilters")}
        </Button>
      }
    />
  ) : (
    <EmptyState
      icon={ArrowLeftRight}
      title={t("payouts.register.emptyTitle")}
      description={canCreate ? t("payouts.register.emptyDescription") : t("payouts.register.emptyDescriptionViewer")}
      action={
        canCreate ? (
          <Button asChild size="sm">
            <Link href="/payouts/new">
              <Plus aria-hidden="true" />
              {t("payouts.new.button")}
            </Link>
          </Button>
        ) : undefined
      }
    />
  );

  return (
    <section aria-labelledby="payout-register-title" className="grid gap-3">
      <div className="space-y-1">
        <h2 id="payout-register-title" className="text-base leading-tight font-semibold">
          {t("payouts.register.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("payouts.register.description")}</p>
      </div>

      <RegisterBanners
        showingReview={filters.state === "needs_review"}
        onShowReview={() => setFilters({ state: "needs_review", entry: null })}
        onRefresh={() => void Promise.all([query.refetch(), queryClient.invalidateQueries({ queryKey: payoutKeys.attention() })])}
        refreshing={query.isRefetching}
      />

      <DataTable
        label={t("payouts.register.title")}
        data={rows}
        columns={columns}
        getRowId={(row) => row.idempotency_key}
        isLoading={query.isPending}
        error={query.error}
        onRetry={() => query.refetch()}
        search={filters.search}
        onSearchChange={(search) => setFilters({ search })}
        searchPlaceholder={t("payouts.register.searchPlaceholder")}
        manualFiltering
        sorting={parseSort(filters.sort)}
        onSortingChange={(sorting) => setFilters({ sort: formatSort(sorting) })}
        filters={
          <>
            <NativeSelect
              size="sm"
              aria-label={t("payouts.register.statusFilter")}
              value={filters.status ?? ""}
              onChange={(event) => {
                const value = KNOWN_PAYOUT_STATUSES.find((s) => s === event.target.value);
                setFilters({ status: value ?? null });
              }}
              className="w-44"
            >
              <option value="">{t("payouts.register.allStatuses")}</option>
              {KNOWN_PAYOUT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect
              size="sm"
              aria-label={t("payouts.register.stateFilter")}
              value={filters.state ?? ""}
              onChange={(event) => setFilters({ state: REGISTER_STATE_OPTIONS.find((s) => s === event.target.value) ?? null })}
              className="w-56"
            >
              <option value="">{t("payouts.register.allStates")}</option>
              {REGISTER_STATE_OPTIONS.map((state) => (
                <option key={state} value={state}>
                  {t(`payouts.stateFilter.${state}`)}
                </option>
              ))}
            </NativeSelect>
            {filtered ? (
              <Button variant="ghost" size="sm" onClick={clearFilters}>
                {t("common.clearFilters")}
              </Button>
            ) : null}
          </>
        }
        toolbarActions={live ? <LiveIndicator /> : null}
        onRowClick={openRow}
        rowLabel={rowLabel}
        emptyState={emptyState}
        hasMore={query.hasNextPage}
        onLoadMore={() => query.fetchNextPage()}
        isLoadingMore={query.isFetchingNextPage}
        estimateRowHeight={56}
      />

      <RegisterEntrySheet
        idempotencyKey={filters.entry ?? null}
        initial={filters.entry ? (rows?.find((row) => row.idempotency_key === filters.entry) ?? null) : null}
        onClose={() => setFilters({ entry: null })}
      />
    </section>
  );
}

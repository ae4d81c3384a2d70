"use client";

import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeftRight } from "lucide-react";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useCallback, useMemo } from "react";
import { lazyOnDemand, useOpenedOnce } from "@/components/ui/lazy-on-demand";
import { useCan } from "@/components/providers/session-provider";
import { Button } from "@/components/ui/button";
import { CreateLink } from "@/components/ui/create-link";
import { DataTable } from "@/components/ui/data-table";
import { DateRangeFilter } from "@/components/ui/date-range-filter";
import { FilterChip } from "@/components/ui/filter-chip";
import { ListEmptyState } from "@/components/ui/list-empty-state";
import { NativeSelect } from "@/components/ui/native-select";
import { formatSort, parseSort, useUrlState } from "@/lib/browser/hooks/use-url-state";
import { useI18n } from "@/lib/browser/i18n";
import { KNOWN_PAYOUT_STATUSES } from "@/lib/shared/schemas/payout";
import {
  payoutKeys,
  payoutRegisterQuery,
  registerRefreshInterval,
  registerTotalsQuery,
} from "@/lib/browser/query/payouts";
import { FILTER_DAY_MAX, FILTER_DAY_MIN } from "@/lib/shared/schemas/dates";
import type { RegisterPayout } from "@/lib/shared/schemas/register";
import { LiveIndicator } from "./live-indicator";
import { usePayoutColumns } from "./payout-columns";
import { RegisterBanners } from "./register-banners";
import {
  REGISTER_STATE_OPTIONS,
  registerSelectionSchema,
  registerServerFilters,
  registerUrlSchema,
  urlPeriod,
} from "./register-filters";
import { RegisterPeriodChip } from "./register-period-chip";
import { RegisterTotals } from "./register-totals";

/** Server-rendered like the rest; its code (the download, its messages) arrives right after the page's first load. */
const RegisterExport = dynamic(() => import("./register-export").then((m) => m.RegisterExport), {
  loading: () => <div className="h-8 w-40" aria-hidden="true" />,
});

/** Loads with its first open, not with the page. */
const registerEntrySheet = lazyOnDemand(() => import("./register-entry-sheet").then((m) => m.RegisterEntrySheet), {
  controls: ({ idempotencyKey, onClose }) => ({ open: idempotencyKey !== null, close: onClose }),
});

/**
 * The register of payouts issued from this dashboard (operators): amount, fee,
 * net, holder, masked key, live status, who and when, payout id. Search, the
 * status, state and date filters run on the server, with the totals of every
 * filtered row above the table; sorting on the loaded rows; everything is in the URL.
 */
export function PayoutRegister() {
  const { t, formatMoney, timeZone, timeZoneName } = useI18n();
  const router = useRouter();
  const canCreate = useCan("payouts.create");
  const [filters, setFilters] = useUrlState(registerUrlSchema);
  const [selection, setSelection] = useUrlState(registerSelectionSchema, { history: "push" });
  const registerEntrySheetMounted = useOpenedOnce(Boolean(selection.entry));
  // Only the filters the server reads: a new sort or an opened entry asks nothing again.
  const { search, status, state, outcome, from, to } = filters;
  const { since, until } = urlPeriod(filters);
  const serverFilters = useMemo(
    () => registerServerFilters({ search, status, state, outcome, from, to, since, until }, timeZone),
    [search, status, state, outcome, from, to, since, until, timeZone],
  );
  const query = useInfiniteQuery(payoutRegisterQuery(serverFilters));

  // Memoised: a new array each render would make the table re-sort its rows on every render.
  const sorting = useMemo(() => parseSort(filters.sort), [filters.sort]);
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.items), [query.data]);
  const live = rows ? registerRefreshInterval(rows) !== false : false;
  // The totals follow the rows: asked again after each answer of the list (registerTotalsQuery).
  const totals = useQuery(registerTotalsQuery(serverFilters, query.dataUpdatedAt));
  const filtered =
    serverFilters.search !== "" ||
    serverFilters.status !== "" ||
    serverFilters.state !== "" ||
    Boolean(filters.outcome) ||
    Boolean(filters.from || filters.to || since || until);
  const queryClient = useQueryClient();
  const clearFilters = () =>
    setFilters({
      search: null,
      status: null,
      state: null,
      outcome: null,
      from: null,
      to: null,
      since: null,
      until: null,
    });
  const zone = timeZoneName();

  const columns = usePayoutColumns();

  const openRow = useCallback(
    (row: RegisterPayout) => {
      if (row.id) router.push(`/payouts/${encodeURIComponent(row.id)}`);
      else setSelection({ entry: row.idempotency_key });
    },
    [router, setSelection],
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

  const emptyState = (
    <ListEmptyState
      filtered={filtered}
      onClearFilters={clearFilters}
      noMatch={{ title: t("payouts.register.noMatchTitle"), description: t("payouts.register.noMatchDescription") }}
      empty={{
        icon: ArrowLeftRight,
        title: t("payouts.register.emptyTitle"),
        description: canCreate ? t("payouts.register.emptyDescription") : t("payouts.register.emptyDescriptionViewer"),
        action: canCreate ? (
          <CreateLink href="/payouts/new" size="sm">
            {t("payouts.new.button")}
          </CreateLink>
        ) : undefined,
      }}
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
        onShowReview={() => {
          // The filter first, then the panel closes on that address (a close going back would undo the filter).
          setFilters({ state: "needs_review" });
          if (selection.entry) setSelection({ entry: null });
        }}
        onRefresh={() =>
          void Promise.all([query.refetch(), queryClient.invalidateQueries({ queryKey: payoutKeys.attention() })])
        }
        refreshing={query.isRefetching}
      />

      <RegisterTotals
        totals={totals.data}
        failed={totals.isError}
        from={serverFilters.from}
        to={serverFilters.to}
        timed={Boolean(since || until)}
      />

      <DataTable
        label={t("payouts.register.title")}
        data={rows}
        columns={columns}
        columnsKey="payouts"
        getRowId={(row) => row.idempotency_key}
        isLoading={query.isPending}
        error={query.error}
        onRetry={() => query.refetch()}
        search={filters.search}
        onSearchChange={(search) => setFilters({ search })}
        searchPlaceholder={t("payouts.register.searchPlaceholder")}
        manualFiltering
        sorting={sorting}
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
              onChange={(event) =>
                setFilters({ state: REGISTER_STATE_OPTIONS.find((s) => s === event.target.value) ?? null })
              }
              className="w-56"
            >
              <option value="">{t("payouts.register.allStates")}</option>
              {REGISTER_STATE_OPTIONS.map((state) => (
                <option key={state} value={state}>
                  {t(`payouts.stateFilter.${state}`)}
                </option>
              ))}
            </NativeSelect>
            <DateRangeFilter
              from={filters.from}
              to={filters.to}
              onChange={setFilters}
              zone={zone}
              caption={t("payouts.register.datesCaption")}
              labels={{
                group: t("payouts.register.dates", { zone }),
                from: t("payouts.register.from", { zone }),
                to: t("payouts.register.to", { zone }),
                zoneHint: t("payouts.register.zoneHint"),
              }}
              bounds={{ min: FILTER_DAY_MIN, max: FILTER_DAY_MAX, message: t("validation.dateOutOfRange") }}
            />
            {outcome ? (
              // Set by a link from the insights (no control of its own): shown so the filter is never invisible.
              <FilterChip
                label={t("payouts.register.outcomeFilter", { outcome: t(`insights.outcome.${outcome}`) })}
                onRemove={() => setFilters({ outcome: null })}
              />
            ) : null}
            {since || until ? (
              // Set by a link from the insights (a period shorter than a day): shown with its times, removable.
              <RegisterPeriodChip
                since={since}
                until={until}
                onRemove={() => setFilters({ since: null, until: null })}
              />
            ) : null}
            {filtered ? (
              <Button variant="ghost" size="sm" onClick={clearFilters}>
                {t("common.clearFilters")}
              </Button>
            ) : null}
          </>
        }
        toolbarActions={
          <>
            {live ? <LiveIndicator /> : null}
            <RegisterExport filters={serverFilters} count={totals.data?.count} />
          </>
        }
        onRowClick={openRow}
        rowLabel={rowLabel}
        emptyState={emptyState}
        hasMore={query.hasNextPage}
        onLoadMore={() => query.fetchNextPage()}
        isLoadingMore={query.isFetchingNextPage}
        estimateRowHeight={56}
      />

      {registerEntrySheetMounted ? (
        <registerEntrySheet.Component
          idempotencyKey={selection.entry ?? null}
          initial={selection.entry ? (rows?.find((row) => row.idempotency_key === selection.entry) ?? null) : null}
          onClose={() => setSelection({ entry: null })}
        />
      ) : null}
    </section>
  );
}

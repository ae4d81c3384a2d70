"use client";

import { useQuery } from "@tanstack/react-query";
import { Gavel, Info, RefreshCw } from "lucide-react";
import { useCallback, useMemo } from "react";
import { lazyOnDemand, useOpenedOnce } from "@/components/ui/lazy-on-demand";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { ExportButtons, useSheetExport } from "@/components/ui/export-buttons";
import { DataTable, useSearchBox } from "@/components/ui/data-table";
import { ListEmptyState } from "@/components/ui/list-empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { formatSort, parseSort, useUrlState } from "@/lib/browser/hooks/use-url-state";
import { useMediaQuery } from "@/lib/browser/hooks/use-media-query";
import { useI18n } from "@/lib/browser/i18n";
import { zoneLabelWithShortName } from "@/lib/shared/i18n/zone-label";
import type { Chargeback } from "@/lib/shared/schemas/chargeback";
import type { ExportFormat } from "@/lib/shared/export";
import { chargebacksQuery } from "@/lib/browser/query/chargebacks";
import { isPartialList } from "@/lib/browser/query/paged-list";
import { useChargebackColumns } from "./chargeback-columns";
import { ChargebackFilters } from "./chargeback-filters";
import {
  chargebackSelectionSchema,
  chargebacksSheet,
  chargebackUrlSchema,
  filterChargebacks,
  searchText,
  sortChargebacks,
  summarize,
  unknownFields,
} from "./chargeback-model";
import { countdownText } from "./deadline";
import { useKindLabel } from "./kind-badge";
import { SummaryTiles, type SummaryTilesProps } from "./summary-tiles";
import { useNow } from "@/lib/browser/hooks/use-now";

/** Loads with its first open, not with the page. */
const chargebackSheet = lazyOnDemand(() => import("./chargeback-sheet").then((m) => m.ChargebackSheet), {
  controls: ({ id, onClose }) => ({ open: Boolean(id), close: onClose }),
});

type TileId = NonNullable<SummaryTilesProps["active"]>;

/**
 * Finance's page: every chargeback and Pix MED dispute, the ones that need an
 * answer first, with countdowns to each response deadline, filters kept in the
 * URL, a drawer with every field and a CSV of exactly the filtered, sorted view.
 */
export function ChargebacksView() {
  const { has, t, timeZone, timeZoneName, formatMoney } = useI18n();
  const statusLabel = (value: string) => (has(`status.${value}`) ? t(`status.${value}`) : value);
  const kindLabel = useKindLabel();
  const [state, setState, resetFilters] = useUrlState(chargebackUrlSchema);
  const [selection, setSelection] = useUrlState(chargebackSelectionSchema, { history: "push" });
  const chargebackSheetMounted = useOpenedOnce(Boolean(selection.id));
  const query = useQuery(chargebacksQuery());
  const now = useNow();
  const wide = useMediaQuery("(min-width: 640px)");

  const data = query.data;
  // While the first load is still arriving, rows show but the tiles and the CSV wait for the whole list.
  const partial = isPartialList(data);
  const haystacks = useMemo(() => data?.map(searchText), [data]);
  const onSearchChange = useCallback((value: string) => setState({ q: value }), [setState]);
  const searchBox = useSearchBox({ search: state.q, onSearchChange });
  // The table filters by what is typed (deferred), not by the debounced URL value.
  const q = searchBox.query;
  const { kind, status, deadline, from, to, sort } = state;
  // Only the deadline filter depends on the clock: without it the list is not recomputed every tick.
  const filterNow = deadline ? now : 0;
  const filtered = useMemo(
    () =>
      data
        ? filterChargebacks(data, { q, kind, status, deadline, from, to }, { timeZone, now: filterNow, haystacks })
        : undefined,
    [data, q, kind, status, deadline, from, to, timeZone, filterNow, haystacks],
  );
  const sorting = useMemo(() => {
    const parsed = parseSort(sort);
    return parsed.length > 0 ? parsed : [{ id: "respond_by", desc: false }];
  }, [sort]);
  // Sorted once per list and order; a keystroke only decides which sorted rows show, so the table keeps its rows.
  const sorted = useMemo(() => (data ? sortChargebacks(data, sorting) : undefined), [data, sorting]);
  const rowFilter = useMemo(() => {
    if (!filtered) return undefined;
    const shown = new Set(filtered);
    return (cb: Chargeback) => shown.has(cb);
  }, [filtered]);
  /** The filtered rows in the table's order: what the CSV holds. */
  const view = useMemo(() => (sorted && rowFilter ? sorted.filter(rowFilter) : undefined), [sorted, rowFilter]);
  const summary = useMemo(() => (data && !partial ? summarize(data, now) : null), [data, partial, now]);
  const extraFields = useMemo(() => (data ? unknownFields(data) : []), [data]);
  const columns = useChargebackColumns({ now, extraFields });

  const filtersActive = Boolean(q || kind || status || deadline || from || to);
  const selected = selection.id && data ? data.find((cb) => cb.id === selection.id) : undefined;

  const activeTile: TileId | null =
    status === "needs_response" && !deadline
      ? "action"
      : status === "needs_response" && deadline === "24h"
        ? "due24h"
        : status === "under_review" && !deadline
          ? "review"
          : status === "open" && !deadline
            ? "open"
            : null;

  const selectTile = (tile: TileId) => {
    if (tile === activeTile) {
      setState({ status: null, deadline: null });
      return;
    }
    const next = {
      action: { status: "needs_response", deadline: null },
      due24h: { status: "needs_response", deadline: "24h" as const },
      review: { status: "under_review", deadline: null },
      open: { status: "open", deadline: null },
    }[tile];
    setState(next);
  };

  const exporter = useSheetExport();
  const exportView = async (format: ExportFormat) => {
    if (!view || view.length === 0 || partial) return;
    if (await exporter.run(format, chargebacksSheet(view), view))
      toast.success(t("chargebacks.exported", { count: view.length }));
  };

  const rowLabel = (cb: Chargeback) =>
    [
      t("chargebacks.rowLabel", { id: cb.id }),
      kindLabel(cb.kind),
      cb.amount_centavos == null ? null : formatMoney(cb.amount_centavos),
      cb.status ? statusLabel(cb.status) : null,
      countdownText(cb, now, t),
    ]
      .filter(Boolean)
      .join(", ");

  const emptyState = (
    <ListEmptyState
      filtered={data !== undefined && data.length > 0}
      onClearFilters={resetFilters}
      noMatch={{ title: t("chargebacks.empty.filteredTitle"), description: t("chargebacks.empty.filteredDescription") }}
      empty={{ icon: Gavel, title: t("chargebacks.empty.title"), description: t("chargebacks.empty.description") }}
    />
  );

  return (
    <>
      <PageHeader
        title={t("nav.chargebacks")}
        description={t("chargebacks.description", { zone: zoneLabelWithShortName(timeZone, t, timeZoneName()) })}
        actions={
          <Button
            variant="outline"
            size="sm"
            onClick={() => query.refetch()}
            loading={query.isFetching && !query.isPending}
            disabled={query.isPending}
          >
            {query.isFetching && !query.isPending ? null : <RefreshCw aria-hidden="true" />}
            {t("chargebacks.refresh")}
          </Button>
        }
      />

      <SummaryTiles summary={summary} active={activeTile} onSelect={selectTile} />

      <details className="group mb-4 rounded-lg border bg-card px-4 py-3 text-sm shadow-xs">
        <summary className="flex cursor-pointer items-center gap-2 font-medium select-none focus-visible:outline-2 focus-visible:outline-ring">
          <Info className="size-4 text-muted-foreground" aria-hidden="true" />
          {t("chargebacks.help.title")}
        </summary>
        <div className="mt-3 space-y-2 text-muted-foreground">
          <p>{t("chargebacks.help.needsAction")}</p>
          <p>{t("chargebacks.help.underReview")}</p>
          <p>{t("chargebacks.help.closed")}</p>
          <p>{t("chargebacks.help.urgency")}</p>
          <p>{t("chargebacks.help.sort")}</p>
          <p>{t("chargebacks.help.kinds")}</p>
          <p>{t("chargebacks.help.export")}</p>
        </div>
      </details>

      <DataTable
        label={t("nav.chargebacks")}
        data={sorted}
        rowFilter={rowFilter}
        columnsKey="chargebacks"
        columns={columns}
        getRowId={(row, index) => row.id || `row-${index}`}
        isLoading={query.isPending}
        error={query.error}
        onRetry={() => query.refetch()}
        searchBox={searchBox}
        searchPlaceholder={t("chargebacks.searchPlaceholder")}
        manualFiltering
        manualSorting
        sorting={sorting}
        onSortingChange={(next) => setState({ sort: formatSort(next) })}
        filters={
          <ChargebackFilters
            data={data}
            state={state}
            setState={setState}
            onClear={filtersActive ? resetFilters : undefined}
            compact={!wide}
          />
        }
        toolbarActions={
          <ExportButtons
            onExport={(format) => void exportView(format)}
            busy={exporter.busy}
            disabled={!view || view.length === 0 || partial}
          />
        }
        onRowClick={(row) => setSelection({ id: row.id })}
        rowLabel={rowLabel}
        emptyState={emptyState}
        estimateRowHeight={wide ? 45 : 120}
      />

      {chargebackSheetMounted ? (
        <chargebackSheet.Component
          id={selection.id}
          chargeback={selected}
          isLoading={query.isPending}
          error={query.error}
          onRetry={() => query.refetch()}
          onClose={() => setSelection({ id: null })}
          now={now}
        />
      ) : null}
    </>
  );
}

"use client";

import { useMemo } from "react";
import { useI18n } from "@/lib/browser/i18n";
import { Button } from "../button";
import { cn } from "../cn";
import { ErrorPanel } from "../error-panel";
import { EmptyRow, NoResultsRow, SkeletonRows } from "./status-rows";
import { DataTableHead } from "./table-head";
import { DataTableToolbar } from "./toolbar";
import type { DataTableProps } from "./types";
import { useRowKeyboard } from "./use-row-keyboard";
import { useTableState } from "./use-table-state";
import { useVirtualRows } from "./use-virtual-rows";
import { VirtualRows } from "./virtual-rows";

export { columnMeta, type DataTableColumn, type DataTableColumnMeta, type DataTableProps } from "./types";
export { useSearchBox, type SearchBox } from "./use-search-box";

/**
 * The list view for every resource: sticky header, sortable columns
 * (aria-sort), search, filter slots, skeleton rows while loading, empty and
 * error states, row open on click/Enter, and row virtualisation (smooth with
 * 10,000 rows). On phones the table scrolls horizontally inside its card.
 *
 * State lives in hooks beside this file: `useTableState` (search, filtering,
 * sorting), `useVirtualRows` (virtualisation), `useRowKeyboard` (roving focus).
 */
export function DataTable<TData>(props: DataTableProps<TData>) {
  const {
    data,
    label,
    isLoading = false,
    error,
    onRetry,
    onRowClick,
    rowLabel,
    rowClassName,
    searchable = true,
    searchPlaceholder,
    manualFiltering = false,
    manualSorting = false,
    rowFilter,
    filters,
    toolbarActions,
    emptyState,
    showCount = true,
    hasMore = false,
    onLoadMore,
    isLoadingMore = false,
    estimateRowHeight = 44,
    maxHeight = "max(24rem, calc(100dvh - 16rem))",
    className,
  } = props;
  const { t } = useI18n();

  const { table, searchInput, setSearchInput, deferredQuery } = useTableState({
    ...props,
    manualFiltering,
    manualSorting,
  });
  const modelRows = table.getRowModel().rows;
  const tableRows = useMemo(
    () => (rowFilter ? modelRows.filter((row) => rowFilter(row.original)) : modelRows),
    [modelRows, rowFilter],
  );
  const { scrollRef, ...virtual } = useVirtualRows(tableRows.length, estimateRowHeight);
  const keyboard = useRowKeyboard(tableRows.length, scrollRef, virtual.virtualizer, onRowClick);

  const leafColumns = table.getVisibleLeafColumns();
  const minWidth = leafColumns.reduce((sum, column) => sum + column.getSize(), 0);
  const colCount = leafColumns.length;
  // With a rowFilter the shown rows are what `data` was before: the parent's empty state speaks for them.
  const hasData = rowFilter ? tableRows.length > 0 : (data?.length ?? 0) > 0;
  const showSkeleton = isLoading && !hasData;
  const showError = Boolean(error) && !isLoading;
  const filteredOut = !isLoading && hasData && tableRows.length === 0;
  const empty = !isLoading && !error && !hasData;
  const count = manualFiltering && !rowFilter ? (data?.length ?? 0) : tableRows.length;

  return (
    <div data-slot="data-table" className={cn("overflow-hidden rounded-lg border bg-card shadow-xs", className)}>
      {searchable || filters || toolbarActions ? (
        <DataTableToolbar
          searchable={searchable}
          searchInput={searchInput}
          onSearchInput={setSearchInput}
          searchPlaceholder={searchPlaceholder}
          filters={filters}
          toolbarActions={toolbarActions}
          count={showCount && !showSkeleton ? count : null}
        />
      ) : null}

      {showError ? (
        <div className="border-b p-3">
          <ErrorPanel error={error} onRetry={onRetry} live="none" />
        </div>
      ) : null}

      <div
        ref={scrollRef}
        className="relative overflow-auto overscroll-contain"
        style={{ maxHeight }}
        data-slot="data-table-scroll"
      >
        <table
          className="w-full table-fixed border-separate border-spacing-0 text-sm"
          style={{ minWidth }}
          aria-label={label}
          aria-busy={isLoading || undefined}
          aria-rowcount={tableRows.length + 1}
        >
          <colgroup>
            {leafColumns.map((column) => (
              <col key={column.id} style={{ width: column.getSize() }} />
            ))}
          </colgroup>
          <DataTableHead headerGroups={table.getHeaderGroups()} />
          <tbody>
            {showSkeleton ? <SkeletonRows columns={leafColumns} /> : null}
            {empty ? <EmptyRow colCount={colCount} emptyState={emptyState} /> : null}
            {filteredOut ? (
              <NoResultsRow
                colCount={colCount}
                query={deferredQuery}
                onClear={searchInput ? () => setSearchInput("") : undefined}
              />
            ) : null}
            {!showSkeleton ? (
              <VirtualRows
                rows={tableRows}
                virtual={virtual}
                keyboard={keyboard}
                colCount={colCount}
                clickable={Boolean(onRowClick)}
                rowLabel={rowLabel}
                rowClassName={rowClassName}
              />
            ) : null}
          </tbody>
        </table>
      </div>

      {hasMore && onLoadMore ? (
        <div className="flex justify-center border-t p-2">
          <Button variant="ghost" size="sm" onClick={onLoadMore} loading={isLoadingMore}>
            {t("common.loadMore")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

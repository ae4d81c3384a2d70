"use client";

import { flexRender } from "@tanstack/react-table";
import { useMemo, useRef } from "react";
import { useI18n } from "@/lib/browser/i18n";
import { Button } from "../button";
import { cn } from "../cn";
import { ErrorPanel } from "../error-panel";
import { CardSort } from "./card-sort";
import { ColumnChooser } from "./column-chooser";
import { EmptyRow, NoResultsRow, SkeletonRows } from "./status-rows";
import { DataTableHead } from "./table-head";
import { DataTableToolbar } from "./toolbar";
import { readMeta, type DataTableProps } from "./types";
import { useColumnVisibility } from "./use-column-visibility";
import { useColumnWidths } from "./use-column-widths";
import { useRowKeyboard } from "./use-row-keyboard";
import { useTableState } from "./use-table-state";
import { useVirtualRows } from "./use-virtual-rows";
import { VirtualRows, type CardColumn } from "./virtual-rows";

export {
  columnMeta,
  type CardRole,
  type ColumnPriority,
  type DataTableColumn,
  type DataTableColumnMeta,
  type DataTableProps,
} from "./types";
export { useSearchBox, type SearchBox } from "./use-search-box";

/**
 * The list view for every resource: the page scrolls (no inner scroll box) and the
 * header sticks under the app's top bar; sortable columns (aria-sort), search, filter
 * slots, a column chooser (remembered per list), skeleton rows while loading, empty
 * and error states, row open on click/Enter, and row virtualisation against the page
 * scroll (smooth with 10,000 rows). Columns share the width with no header ever cut;
 * on phones every row is a card (see `card` in the column meta).
 *
 * State lives in hooks beside this file: `useTableState` (search, filtering, sorting),
 * `useColumnVisibility`, `useColumnWidths`, `useVirtualRows`, `useRowKeyboard`.
 */
export function DataTable<TData>(props: DataTableProps<TData>) {
  const {
    data,
    columns,
    label,
    isLoading = false,
    error,
    onRetry,
    onRowClick,
    rowLabel,
    rowClassName,
    rowData,
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
    columnsKey,
    estimateRowHeight = 44,
    className,
  } = props;
  const { t } = useI18n();

  const visibility = useColumnVisibility(columns, columnsKey);
  const { table, searchInput, setSearchInput, deferredQuery } = useTableState({
    ...props,
    manualFiltering,
    manualSorting,
    columnVisibility: visibility.visibility,
  });
  const modelRows = table.getRowModel().rows;
  const tableRows = useMemo(
    () => (rowFilter ? modelRows.filter((row) => rowFilter(row.original)) : modelRows),
    [modelRows, rowFilter],
  );
  const { listRef, ...virtual } = useVirtualRows(tableRows.length, estimateRowHeight);
  const keyboard = useRowKeyboard(tableRows.length, listRef, virtual.virtualizer, onRowClick);

  const headerGroups = table.getHeaderGroups();
  const leafHeaders = headerGroups.at(-1)?.headers ?? [];
  const leafColumns = table.getVisibleLeafColumns();
  const wrapRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLTableSectionElement>(null);
  const sizes = leafColumns.map((column) => ({
    id: column.id,
    size: column.getSize(),
    minSize: column.columnDef.minSize ?? 0,
    whole: readMeta(column.columnDef.meta).align === "right" || readMeta(column.columnDef.meta).whole === true,
  }));
  const layout = useColumnWidths(wrapRef, headRef, sizes, listRef, virtual.virtualItems.length);
  const sizeTotal = sizes.reduce((sum, column) => sum + column.size, 0) || 1;

  // Each shown column's place on the phone card; the first one is the title unless one says so.
  const card: Record<string, CardColumn> = {};
  const hasTitle = leafHeaders.some((header) => readMeta(header.column.columnDef.meta).card === "title");
  leafHeaders.forEach((header, i) => {
    const role = readMeta(header.column.columnDef.meta).card ?? (!hasTitle && i === 0 ? "title" : "field");
    card[header.column.id] = {
      role,
      label: role === "field" ? flexRender(header.column.columnDef.header, header.getContext()) : null,
    };
  });

  const colCount = leafColumns.length;
  // With a rowFilter the shown rows are what `data` was before: the parent's empty state speaks for them.
  const hasData = rowFilter ? tableRows.length > 0 : (data?.length ?? 0) > 0;
  const showSkeleton = isLoading && !hasData;
  const showError = Boolean(error) && !isLoading;
  const filteredOut = !isLoading && hasData && tableRows.length === 0;
  const empty = !isLoading && !error && !hasData;
  const count = manualFiltering && !rowFilter ? (data?.length ?? 0) : tableRows.length;
  // The cards have no header to click: a sortable list offers its sort in the toolbar below `sm`.
  const sortable = table.getAllLeafColumns().some((column) => column.getCanSort());
  // A list without a toolbar gets one on phones for that alone.
  const phoneOnly = !searchable && !filters && !toolbarActions;

  return (
    <div data-slot="data-table" className={cn("rounded-lg border bg-card shadow-xs", className)}>
      {searchable || filters || toolbarActions || sortable ? (
        <DataTableToolbar
          searchable={searchable}
          searchInput={searchInput}
          onSearchInput={setSearchInput}
          searchPlaceholder={searchPlaceholder}
          filters={filters}
          toolbarActions={toolbarActions}
          columnChooser={
            columnsKey && !phoneOnly ? (
              <ColumnChooser
                table={table}
                essential={visibility.essential}
                onToggle={visibility.setVisible}
                onReset={visibility.reset}
              />
            ) : null
          }
          cardSort={sortable ? <CardSort table={table} /> : null}
          phoneOnly={phoneOnly}
          count={showCount && !showSkeleton && !phoneOnly ? count : null}
        />
      ) : null}

      {showError ? (
        <div className="border-b p-3">
          <ErrorPanel error={error} onRetry={onRetry} live="none" />
        </div>
      ) : null}

      {/* No scroll box: the page scrolls, so the header can stick under the top bar. Only when the
          headers alone are wider than the page does this scroll sideways (the header then stays put). */}
      <div
        ref={wrapRef}
        className={cn("rounded-b-lg", layout?.overflow ? "sm:overflow-x-auto" : "overflow-x-clip")}
        data-slot="data-table-scroll"
      >
        <table
          className="w-full border-separate border-spacing-0 text-sm max-sm:block sm:table-fixed"
          style={layout?.overflow ? { width: layout.widths.reduce((a, b) => a + b, 0) } : undefined}
          aria-label={label}
          aria-busy={isLoading || undefined}
          aria-rowcount={tableRows.length + 1}
        >
          <colgroup className="max-sm:hidden">
            {leafColumns.map((column, i) => (
              <col
                key={column.id}
                style={{ width: layout?.widths[i] ?? `${((column.getSize() / sizeTotal) * 100).toFixed(2)}%` }}
              />
            ))}
          </colgroup>
          <DataTableHead headerGroups={headerGroups} headRef={headRef} />
          <tbody ref={listRef} className="max-sm:block">
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
                rowData={rowData}
                card={card}
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

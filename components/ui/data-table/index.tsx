"use client";

import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type Header,
  type OnChangeFn,
  type Row,
  type SortingState,
} from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { ArrowDown, ArrowUp, ChevronsUpDown, Search, X } from "lucide-react";
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { useI18n } from "@/lib/browser/i18n";
import { Button } from "../button";
import { cn } from "../cn";
import { EmptyState } from "../empty-state";
import { ErrorPanel } from "../error-panel";
import { Skeleton } from "../skeleton";

/** Presentation hints a column can carry in its `meta`. */
export interface DataTableColumnMeta {
  /** Right-align numbers and money (adds tabular digits). */
  align?: "left" | "right" | "center";
  /** Extra classes for this column's cells. */
  cellClassName?: string;
  /** Header text kept for screen readers only (e.g. an actions column). */
  srOnlyHeader?: boolean;
}

/** Typed builder for a column's `meta`: `meta: columnMeta({ align: "right" })`. */
export function columnMeta(meta: DataTableColumnMeta): DataTableColumnMeta {
  return meta;
}

function readMeta(meta: unknown): DataTableColumnMeta {
  if (!meta || typeof meta !== "object") return {};
  const m = meta as Record<string, unknown>;
  return {
    align: m.align === "right" || m.align === "center" || m.align === "left" ? m.align : undefined,
    cellClassName: typeof m.cellClassName === "string" ? m.cellClassName : undefined,
    srOnlyHeader: m.srOnlyHeader === true,
  };
}

/** Column definitions with mixed value types, as built by `createColumnHelper<T>()` or by hand. */
export type DataTableColumn<TData> = ColumnDef<TData, never>;

export interface DataTableProps<TData> {
  /** Rows; undefined while the first load is in flight. */
  data: readonly TData[] | undefined;
  columns: DataTableColumn<TData>[];
  /** Accessible name of the table ("Repasses"). */
  label: string;
  getRowId?: (row: TData, index: number) => string;

  isLoading?: boolean;
  /** A failed load: shown as an ErrorPanel (with request_id and retry) in place of the rows. */
  error?: unknown;
  onRetry?: () => void;

  /** Click / Enter / Space on a row. Rows become keyboard-focusable (arrow keys move between them). */
  onRowClick?: (row: TData) => void;
  /** Accessible name for a clickable row ("Repasse po_123, R$ 10,00"). */
  rowLabel?: (row: TData) => string;
  rowClassName?: (row: TData) => string | undefined;

  /** Show the search box (default true). */
  searchable?: boolean;
  /** Controlled search text (e.g. from useUrlState); pair with onSearchChange. */
  search?: string;
  /** Called (debounced 250 ms) with the search text. */
  onSearchChange?: (value: string) => void;
  searchPlaceholder?: string;
  /** Text a row is searched by (client-side filtering). Default: its primitive field values. */
  searchText?: (row: TData) => string;
  /** The server already filtered by `search`: do not filter again here. */
  manualFiltering?: boolean;

  /** Controlled sorting (e.g. parseSort(urlState.sort)); pair with onSortingChange. */
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  initialSorting?: SortingState;
  /** The server already sorted the rows. */
  manualSorting?: boolean;

  /** Filter controls, shown next to the search box. */
  filters?: ReactNode;
  /** Actions at the right end of the toolbar (export, create). */
  toolbarActions?: ReactNode;
  /** Shown when there are no rows at all (not when a search matched nothing). */
  emptyState?: ReactNode;
  /** Show "N resultados" in the toolbar (default true). */
  showCount?: boolean;

  /** Cursor pagination: a "Carregar mais" button under the table. */
  hasMore?: boolean;
  onLoadMore?: () => void;
  isLoadingMore?: boolean;

  /** Estimated row height in px (default 44). */
  estimateRowHeight?: number;
  /** Max height of the scroll area (CSS length). Default: most of the viewport. */
  maxHeight?: string;
  className?: string;
}

const INTERACTIVE = "a,button,input,select,textarea,label,[role=button],[role=menuitem],[role=checkbox],[data-row-ignore]";

function normalizeForSearch(value: string): string {
  return value.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}

function defaultSearchText(row: unknown): string {
  if (row === null || typeof row !== "object") return String(row ?? "");
  const parts: string[] = [];
  for (const value of Object.values(row as Record<string, unknown>)) {
    if (typeof value === "string" || typeof value === "number") parts.push(String(value));
    else if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const inner of Object.values(value as Record<string, unknown>)) {
        if (typeof inner === "string" || typeof inner === "number") parts.push(String(inner));
      }
    }
  }
  return parts.join(" ");
}

function ariaSort<TData>(header: Header<TData, unknown>): "ascending" | "descending" | "none" | undefined {
  if (!header.column.getCanSort()) return undefined;
  const dir = header.column.getIsSorted();
  return dir === "asc" ? "ascending" : dir === "desc" ? "descending" : "none";
}

function alignClass(align: "left" | "right" | "center" | undefined): string {
  return align === "right" ? "text-right" : align === "center" ? "text-center" : "text-left";
}

/**
 * The list view for every resource: sticky header, sortable columns
 * (aria-sort), search, filter slots, skeleton rows while loading, empty and
 * error states, row open on click/Enter, and row virtualisation (smooth with
 * 10,000 rows). On phones the table scrolls horizontally inside its card.
 */
export function DataTable<TData>(props: DataTableProps<TData>) {
  const {
    data,
    columns,
    label,
    getRowId,
    isLoading = false,
    error,
    onRetry,
    onRowClick,
    rowLabel,
    rowClassName,
    searchable = true,
    search,
    onSearchChange,
    searchPlaceholder,
    searchText,
    manualFiltering = false,
    sorting: controlledSorting,
    onSortingChange,
    initialSorting,
    manualSorting = false,
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

  // Search: local text for instant typing; the parent hears about it debounced.
  const [searchInput, setSearchInput] = useState(search ?? "");
  const lastEmitted = useRef(search ?? "");
  useEffect(() => {
    if (search !== undefined && search !== lastEmitted.current) {
      lastEmitted.current = search;
      setSearchInput(search);
    }
  }, [search]);
  useEffect(() => {
    if (!onSearchChange || searchInput === lastEmitted.current) return;
    const timer = setTimeout(() => {
      lastEmitted.current = searchInput;
      onSearchChange(searchInput);
    }, 250);
    return () => clearTimeout(timer);
  }, [searchInput, onSearchChange]);
  const deferredQuery = useDeferredValue(searchInput.trim());

  // Client-side filtering over a precomputed haystack (cheap at 10k rows).
  const haystacks = useMemo(() => {
    if (!data || manualFiltering) return null;
    return data.map((row) => normalizeForSearch(searchText ? searchText(row) : defaultSearchText(row)));
  }, [data, manualFiltering, searchText]);
  const rows = useMemo<TData[]>(() => {
    if (!data) return [];
    if (manualFiltering || !haystacks || deferredQuery === "") return data as TData[];
    const terms = normalizeForSearch(deferredQuery).split(/\s+/).filter(Boolean);
    return data.filter((_, i) => {
      const hay = haystacks[i] ?? "";
      return terms.every((term) => hay.includes(term));
    });
  }, [data, deferredQuery, haystacks, manualFiltering]);

  const [internalSorting, setInternalSorting] = useState<SortingState>(initialSorting ?? []);
  const sorting = controlledSorting ?? internalSorting;
  const handleSortingChange = useCallback<OnChangeFn<SortingState>>(
    (updater) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      if (onSortingChange) onSortingChange(next);
      if (controlledSorting === undefined) setInternalSorting(next);
    },
    [controlledSorting, onSortingChange, sorting],
  );

  const table = useReactTable<TData>({
    data: rows,
    // Columns of any value type are valid; TypeScript's variance check of ColumnDef's
    // value type is order-dependent across files, so widen it explicitly here.
    columns: columns as ColumnDef<TData, unknown>[],
    getRowId,
    state: { sorting },
    onSortingChange: handleSortingChange,
    manualSorting,
    enableSortingRemoval: true,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: manualSorting ? undefined : getSortedRowModel(),
  });

  const tableRows = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateRowHeight,
    overscan: 12,
    initialRect: { width: 1024, height: 720 },
  });
  const virtualItems = virtualizer.getVirtualItems();
  const totalSize = virtualizer.getTotalSize();
  const paddingTop = virtualItems.length > 0 ? (virtualItems[0]?.start ?? 0) : 0;
  const paddingBottom = virtualItems.length > 0 ? totalSize - (virtualItems[virtualItems.length - 1]?.end ?? 0) : 0;

  // Roving focus: one row is tabbable; arrows move between rows.
  const [activeIndex, setActiveIndex] = useState(0);
  const focusRow = useCallback(
    (index: number) => {
      const clamped = Math.max(0, Math.min(tableRows.length - 1, index));
      setActiveIndex(clamped);
      virtualizer.scrollToIndex(clamped, { align: "auto" });
      requestAnimationFrame(() => {
        scrollRef.current?.querySelector<HTMLTableRowElement>(`tr[data-index="${clamped}"]`)?.focus();
      });
    },
    [tableRows.length, virtualizer],
  );

  const handleRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: Row<TData>, index: number) => {
    if (event.target !== event.currentTarget) return;
    switch (event.key) {
      case "Enter":
      case " ":
        event.preventDefault();
        onRowClick?.(row.original);
        break;
      case "ArrowDown":
        event.preventDefault();
        focusRow(index + 1);
        break;
      case "ArrowUp":
        event.preventDefault();
        focusRow(index - 1);
        break;
      case "Home":
        event.preventDefault();
        focusRow(0);
        break;
      case "End":
        event.preventDefault();
        focusRow(tableRows.length - 1);
        break;
      case "PageDown":
        event.preventDefault();
        focusRow(index + 10);
        break;
      case "PageUp":
        event.preventDefault();
        focusRow(index - 10);
        break;
    }
  };

  const handleRowClick = (event: MouseEvent<HTMLTableRowElement>, row: Row<TData>, index: number) => {
    const target = event.target as HTMLElement;
    const interactive = target.closest(INTERACTIVE);
    if (interactive && interactive !== event.currentTarget && event.currentTarget.contains(interactive)) return;
    if (typeof window !== "undefined" && window.getSelection()?.toString()) return; // selecting text to copy
    setActiveIndex(index);
    onRowClick?.(row.original);
  };

  const headerGroups = table.getHeaderGroups();
  const leafColumns = table.getVisibleLeafColumns();
  const minWidth = leafColumns.reduce((sum, column) => sum + column.getSize(), 0);
  const colCount = leafColumns.length;
  const hasData = (data?.length ?? 0) > 0;
  const showSkeleton = isLoading && !hasData;
  const showError = Boolean(error) && !isLoading;
  const filteredOut = !isLoading && hasData && tableRows.length === 0;
  const empty = !isLoading && !error && !hasData;
  const count = manualFiltering ? (data?.length ?? 0) : tableRows.length;

  return (
    <div data-slot="data-table" className={cn("overflow-hidden rounded-lg border bg-card shadow-xs", className)}>
      {searchable || filters || toolbarActions ? (
        <div className="flex flex-col gap-2 border-b p-3 sm:flex-row sm:flex-wrap sm:items-center">
          {searchable ? (
            <div className="relative w-full sm:max-w-xs">
              <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
              <input
                type="search"
                value={searchInput}
                onChange={(e) => setSearchInput(e.target.value)}
                placeholder={searchPlaceholder ?? t("table.search")}
                aria-label={t("table.searchLabel")}
                className="h-8 w-full rounded-md border border-input bg-card pr-8 pl-8 text-sm shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 [&::-webkit-search-cancel-button]:hidden"
              />
              {searchInput ? (
                <button
                  type="button"
                  onClick={() => setSearchInput("")}
                  className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
                  aria-label={t("common.clear")}
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              ) : null}
            </div>
          ) : null}
          {filters ? <div className="flex flex-wrap items-center gap-2">{filters}</div> : null}
          <div className="flex items-center gap-2 sm:ml-auto">
            {showCount && !showSkeleton ? (
              <p className="text-xs text-muted-foreground tabular-nums" aria-live="polite">
                {t("table.rows", { count })}
              </p>
            ) : null}
            {toolbarActions}
          </div>
        </div>
      ) : null}

      {showError ? (
        <div className="border-b p-3">
          <ErrorPanel error={error} onRetry={onRetry} live="none" />
        </div>
      ) : null}

      <div ref={scrollRef} className="relative overflow-auto overscroll-contain" style={{ maxHeight }} data-slot="data-table-scroll">
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
          <thead>
            {headerGroups.map((headerGroup) => (
              <tr key={headerGroup.id} aria-rowindex={1}>
                {headerGroup.headers.map((header) => {
                  const meta = readMeta(header.column.columnDef.meta);
                  const canSort = header.column.getCanSort();
                  const sorted = header.column.getIsSorted();
                  const content = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={ariaSort(header)}
                      className={cn(
                        "sticky top-0 z-10 h-9 bg-muted px-3 text-xs font-medium whitespace-nowrap text-muted-foreground shadow-[inset_0_-1px_0_var(--color-border)]",
                        alignClass(meta.align),
                      )}
                    >
                      {canSort ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          className={cn(
                            "-mx-1 inline-flex max-w-full items-center gap-1 rounded px-1 py-0.5 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring",
                            meta.align === "right" && "flex-row-reverse",
                            sorted && "text-foreground",
                          )}
                        >
                          <span className={cn("truncate", meta.srOnlyHeader && "sr-only")}>{content}</span>
                          {sorted === "asc" ? (
                            <ArrowUp className="size-3.5 shrink-0" aria-hidden="true" />
                          ) : sorted === "desc" ? (
                            <ArrowDown className="size-3.5 shrink-0" aria-hidden="true" />
                          ) : (
                            <ChevronsUpDown className="size-3.5 shrink-0 opacity-50" aria-hidden="true" />
                          )}
                        </button>
                      ) : (
                        <span className={cn("block truncate", meta.srOnlyHeader && "sr-only")}>{content}</span>
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {showSkeleton
              ? Array.from({ length: 8 }, (_, i) => (
                  <tr key={`skeleton-${i}`} aria-hidden="true">
                    {leafColumns.map((column) => (
                      <td key={column.id} className="border-b px-3 py-3">
                        <Skeleton className="h-4 w-[70%]" />
                      </td>
                    ))}
                  </tr>
                ))
              : null}
            {showSkeleton ? (
              <tr className="sr-only">
                <td colSpan={colCount}>{t("table.loading")}</td>
              </tr>
            ) : null}

            {empty ? (
              <tr>
                <td colSpan={colCount}>
                  <StayInView>{emptyState ?? <EmptyState title={t("table.empty")} />}</StayInView>
                </td>
              </tr>
            ) : null}

            {filteredOut ? (
              <tr>
                <td colSpan={colCount}>
                  <StayInView>
                    <EmptyState
                      icon={Search}
                      title={t("table.noResults")}
                      description={deferredQuery ? t("table.noResultsFor", { query: deferredQuery }) : undefined}
                      action={
                        searchInput ? (
                          <Button variant="outline" size="sm" onClick={() => setSearchInput("")}>
                            {t("common.clear")}
                          </Button>
                        ) : undefined
                      }
                    />
                  </StayInView>
                </td>
              </tr>
            ) : null}

            {!showSkeleton && paddingTop > 0 ? (
              <tr aria-hidden="true">
                <td colSpan={colCount} style={{ height: paddingTop, padding: 0, border: 0 }} />
              </tr>
            ) : null}
            {!showSkeleton
              ? virtualItems.map((virtualRow) => {
                  const row = tableRows[virtualRow.index];
                  if (!row) return null;
                  const clickable = Boolean(onRowClick);
                  return (
                    <tr
                      key={row.id}
                      data-index={virtualRow.index}
                      ref={virtualizer.measureElement}
                      aria-rowindex={virtualRow.index + 2}
                      aria-label={clickable && rowLabel ? rowLabel(row.original) : undefined}
                      tabIndex={clickable ? (virtualRow.index === activeIndex ? 0 : -1) : undefined}
                      onClick={clickable ? (e) => handleRowClick(e, row, virtualRow.index) : undefined}
                      onKeyDown={clickable ? (e) => handleRowKeyDown(e, row, virtualRow.index) : undefined}
                      onFocus={clickable ? () => setActiveIndex(virtualRow.index) : undefined}
                      className={cn(
                        "group/row",
                        clickable && "cursor-pointer outline-none hover:bg-muted/60 focus-visible:bg-accent focus-visible:shadow-[inset_3px_0_0_var(--color-ring)]",
                        rowClassName?.(row.original),
                      )}
                    >
                      {row.getVisibleCells().map((cell) => {
                        const meta = readMeta(cell.column.columnDef.meta);
                        return (
                          <td
                            key={cell.id}
                            className={cn("truncate border-b px-3 py-2.5 align-middle", alignClass(meta.align), meta.align === "right" && "tabular-nums", meta.cellClassName)}
                          >
                            {flexRender(cell.column.columnDef.cell, cell.getContext())}
                          </td>
                        );
                      })}
                    </tr>
                  );
                })
              : null}
            {!showSkeleton && paddingBottom > 0 ? (
              <tr aria-hidden="true">
                <td colSpan={colCount} style={{ height: paddingBottom, padding: 0, border: 0 }} />
              </tr>
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

/** Keeps a full-width message in view when a wide table scrolls sideways on a phone. */
function StayInView({ children }: { children: ReactNode }) {
  return <div className="sticky left-0 w-full max-w-[calc(100vw-2rem)]">{children}</div>;
}

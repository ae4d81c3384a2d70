"use client";

import {
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type OnChangeFn,
  type SortingState,
  type VisibilityState,
} from "@tanstack/react-table";
import { useCallback, useState } from "react";
import type { DataTableProps } from "./types";
import { useTableSearch } from "./use-table-search";

type TableStateOptions<TData> = Pick<
  DataTableProps<TData>,
  | "data"
  | "columns"
  | "getRowId"
  | "search"
  | "onSearchChange"
  | "searchText"
  | "searchBox"
  | "sorting"
  | "onSortingChange"
  | "initialSorting"
> & { manualFiltering: boolean; manualSorting: boolean; columnVisibility: VisibilityState };

/**
 * The table's state: search (debounced, filtered), sorting (controlled or
 * internal) and the react-table instance over the filtered rows.
 */
export function useTableState<TData>(options: TableStateOptions<TData>) {
  const { data, columns, getRowId, search, onSearchChange, searchText, searchBox, manualFiltering, manualSorting } =
    options;
  const { sorting: controlledSorting, onSortingChange, initialSorting } = options;
  const { searchInput, setSearchInput, deferredQuery, rows } = useTableSearch({
    data,
    search,
    onSearchChange,
    searchText,
    manualFiltering,
    searchBox,
  });

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
    state: { sorting, columnVisibility: options.columnVisibility },
    onSortingChange: handleSortingChange,
    manualSorting,
    enableSortingRemoval: true,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: manualSorting ? undefined : getSortedRowModel(),
  });

  return { table, searchInput, setSearchInput, deferredQuery };
}

import type { ColumnDef, SortingState } from "@tanstack/react-table";
import type { ReactNode } from "react";
import type { SearchBox } from "./use-search-box";

/** Presentation hints a column can carry in its `meta`. */
export interface DataTableColumnMeta {
  /** Right-align numbers and money (adds tabular digits). */
  align?: "left" | "right" | "center";
  /** Extra classes for this column's cells. */
  cellClassName?: string;
  /** Header text kept for screen readers only (e.g. an actions column). */
  srOnlyHeader?: boolean;
  /**
   * How much the column matters: `essential` is always shown; by default a column is
   * shown and the column chooser can hide it; `low` is hidden until the person shows it.
   */
  priority?: ColumnPriority;
  /**
   * Its place in the phone card: `title` (top left), `amount` (top right), `subtitle`
   * (under the title), `status` (under the amount), `hidden` (not on the card). Any other
   * column is a labelled line. Without a title, the first column is the title.
   */
  card?: CardRole;
  /** The column's name in the phone cards' "Sort by" when its header is not plain text. */
  sortLabel?: string;
  /**
   * Never narrower than the widest value shown (as amounts are): for ids people read out, which are neither cut nor
   * wrapped. Right-aligned columns are whole already.
   */
  whole?: boolean;
}

export type ColumnPriority = "essential" | "default" | "low";
export type RowData = Readonly<Record<`data-${string}`, string>>;
export type CardRole = "title" | "subtitle" | "amount" | "status" | "field" | "hidden";

const PRIORITIES: readonly string[] = ["essential", "default", "low"];
const CARD_ROLES: readonly string[] = ["title", "subtitle", "amount", "status", "field", "hidden"];

/** Typed builder for a column's `meta`: `meta: columnMeta({ align: "right" })`. */
export function columnMeta(meta: DataTableColumnMeta): DataTableColumnMeta {
  return meta;
}

export function readMeta(meta: unknown): DataTableColumnMeta {
  if (!meta || typeof meta !== "object") return {};
  const m = meta as Record<string, unknown>;
  return {
    align: m.align === "right" || m.align === "center" || m.align === "left" ? m.align : undefined,
    cellClassName: typeof m.cellClassName === "string" ? m.cellClassName : undefined,
    srOnlyHeader: m.srOnlyHeader === true,
    priority:
      typeof m.priority === "string" && PRIORITIES.includes(m.priority) ? (m.priority as ColumnPriority) : undefined,
    card: typeof m.card === "string" && CARD_ROLES.includes(m.card) ? (m.card as CardRole) : undefined,
    sortLabel: typeof m.sortLabel === "string" ? m.sortLabel : undefined,
    whole: m.whole === true,
  };
}

export function alignClass(align: "left" | "right" | "center" | undefined): string {
  return align === "right" ? "text-right" : align === "center" ? "text-center" : "text-left";
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
  /** `data-*` attributes on a row's `<tr>` (e.g. `data-member` for tests and support tooling). */
  rowData?: (row: TData) => RowData;

  /** Show the search box (default true). */
  searchable?: boolean;
  /** Controlled search text (e.g. from useUrlState); pair with onSearchChange. */
  search?: string;
  /** Called (debounced 250 ms) with the search text. */
  onSearchChange?: (value: string) => void;
  searchPlaceholder?: string;
  /** Text a row is searched by (client-side filtering). Default: its primitive field values. */
  searchText?: (row: TData) => string;
  /**
   * The search box's state when the parent filters the rows itself (from
   * `useSearchBox`, given `search`/`onSearchChange` there instead): the parent
   * filters by its `query` as the user types. The table keeps its own otherwise.
   */
  searchBox?: SearchBox;
  /** The server already filtered by `search`: do not filter again here. */
  manualFiltering?: boolean;
  /**
   * The rows of `data` to show, when the parent filters (with `manualFiltering`): the table keeps its
   * row model (row objects, sort order) of all of `data` and only drops the rows this refuses, so a
   * keystroke in a 10,000-row list costs one pass over ready rows instead of a rebuilt, re-sorted model.
   */
  rowFilter?: (row: TData) => boolean;

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

  /**
   * Where the column chooser remembers which columns the person hid (localStorage,
   * per list, e.g. "payouts"). Without it the choice lasts until the page is left.
   */
  columnsKey?: string;

  /** Estimated row height in px (default 44). */
  estimateRowHeight?: number;
  className?: string;
}

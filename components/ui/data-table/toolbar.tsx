"use client";

import { Search, X } from "lucide-react";
import type { ReactNode } from "react";
import { useI18n } from "@/lib/browser/i18n";
import { cn } from "../cn";

interface ToolbarProps {
  searchable: boolean;
  searchInput: string;
  onSearchInput: (value: string) => void;
  searchPlaceholder: string | undefined;
  filters: ReactNode;
  toolbarActions: ReactNode;
  /** The column chooser, when the list has columns to hide. */
  columnChooser: ReactNode;
  /** The phone cards' sort control (shown below `sm` only). */
  cardSort: ReactNode;
  /** Only the phone cards' sort to show: no toolbar from `sm` up. */
  phoneOnly?: boolean;
  /** The "N resultados" count, or null to hide it. */
  count: number | null;
}

/** Search box, filter slot, the cards' sort (phones), result count and actions above the table. */
export function DataTableToolbar({
  searchable,
  searchInput,
  onSearchInput,
  searchPlaceholder,
  filters,
  toolbarActions,
  columnChooser,
  cardSort,
  phoneOnly = false,
  count,
}: ToolbarProps) {
  const { t } = useI18n();
  return (
    <div
      className={cn(
        "flex flex-col gap-2 border-b p-3 sm:flex-row sm:flex-wrap sm:items-center",
        phoneOnly && "sm:hidden",
      )}
    >
      {searchable ? (
        <div className="relative w-full sm:max-w-xs">
          <Search
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <input
            type="search"
            value={searchInput}
            onChange={(e) => onSearchInput(e.target.value)}
            placeholder={searchPlaceholder ?? t("table.search")}
            aria-label={t("table.searchLabel")}
            className="h-8 w-full rounded-md border border-input bg-card pr-8 pl-8 text-sm shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 [&::-webkit-search-cancel-button]:hidden"
          />
          {searchInput ? (
            <button
              type="button"
              onClick={() => onSearchInput("")}
              className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
              aria-label={t("common.clear")}
            >
              <X className="size-3.5" aria-hidden="true" />
            </button>
          ) : null}
        </div>
      ) : null}
      {filters ? <div className="flex flex-wrap items-center gap-2">{filters}</div> : null}
      {cardSort}
      <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
        {count !== null ? (
          <p className="text-xs text-muted-foreground tabular-nums" aria-live="polite">
            {t("table.rows", { count })}
          </p>
        ) : null}
        {toolbarActions}
        {columnChooser}
      </div>
    </div>
  );
}

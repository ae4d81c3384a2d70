"use client";

import { flexRender, type Header, type HeaderGroup } from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ChevronsUpDown } from "lucide-react";
import type { RefObject } from "react";
import { cn } from "../cn";
import { alignClass, readMeta } from "./types";

function ariaSort<TData>(header: Header<TData, unknown>): "ascending" | "descending" | "none" | undefined {
  if (!header.column.getCanSort()) return undefined;
  const dir = header.column.getIsSorted();
  return dir === "asc" ? "ascending" : dir === "desc" ? "descending" : "none";
}

/**
 * The header row. It sticks under the app's top bar while the page scrolls; on phones
 * (the card layout) it is hidden and each card labels its own lines. A header's text is
 * never cut: `[data-head]` is what the column widths measure.
 */
export function DataTableHead<TData>({
  headerGroups,
  headRef,
}: {
  headerGroups: HeaderGroup<TData>[];
  headRef?: RefObject<HTMLTableSectionElement | null>;
}) {
  return (
    <thead ref={headRef} className="max-sm:hidden">
      {headerGroups.map((headerGroup) => (
        <tr key={headerGroup.id} aria-rowindex={1}>
          {headerGroup.headers.map((header) => (
            <HeaderCell key={header.id} header={header} />
          ))}
        </tr>
      ))}
    </thead>
  );
}

function HeaderCell<TData>({ header }: { header: Header<TData, unknown> }) {
  const meta = readMeta(header.column.columnDef.meta);
  const canSort = header.column.getCanSort();
  const sorted = header.column.getIsSorted();
  const content = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
  return (
    <th
      scope="col"
      aria-sort={ariaSort(header)}
      data-slot="data-table-head"
      className={cn(
        "sticky top-14 z-10 h-9 overflow-hidden bg-muted px-3 text-xs font-medium whitespace-nowrap text-muted-foreground shadow-[inset_0_-1px_0_var(--color-border)]",
        alignClass(meta.align),
      )}
    >
      {canSort ? (
        <button
          type="button"
          data-head=""
          onClick={header.column.getToggleSortingHandler()}
          className={cn(
            "-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring",
            meta.align === "right" && "flex-row-reverse",
            sorted && "text-foreground",
          )}
        >
          <span className={cn(meta.srOnlyHeader && "sr-only")}>{content}</span>
          {sorted === "asc" ? (
            <ArrowUp className="size-3.5 shrink-0" aria-hidden="true" />
          ) : sorted === "desc" ? (
            <ArrowDown className="size-3.5 shrink-0" aria-hidden="true" />
          ) : (
            <ChevronsUpDown className="size-3.5 shrink-0 opacity-50" aria-hidden="true" />
          )}
        </button>
      ) : (
        <span data-head="" className={cn("inline-block", meta.srOnlyHeader && "sr-only")}>
          {content}
        </span>
      )}
    </th>
  );
}

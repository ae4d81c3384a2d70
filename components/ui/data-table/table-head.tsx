"use client";

import { flexRender, type Header, type HeaderGroup } from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ChevronsUpDown } from "lucide-react";
import { cn } from "../cn";
import { alignClass, readMeta } from "./types";

function ariaSort<TData>(header: Header<TData, unknown>): "ascending" | "descending" | "none" | undefined {
  if (!header.column.getCanSort()) return undefined;
  const dir = header.column.getIsSorted();
  return dir === "asc" ? "ascending" : dir === "desc" ? "descending" : "none";
}

/** The sticky header row; sortable columns get a button and `aria-sort`. */
export function DataTableHead<TData>({ headerGroups }: { headerGroups: HeaderGroup<TData>[] }) {
  return (
    <thead>
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
}

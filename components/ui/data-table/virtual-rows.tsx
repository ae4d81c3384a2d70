"use client";

import { flexRender, type Row } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { cn } from "../cn";
import { alignClass, readMeta, type CardRole } from "./types";
import type { RowKeyboard } from "./use-row-keyboard";
import type { VirtualRows as VirtualRowsState } from "./use-virtual-rows";

/** A column's place in the phone card, and the label of its line. */
export interface CardColumn {
  role: CardRole;
  label: ReactNode;
}

interface VirtualRowsProps<TData> {
  rows: Row<TData>[];
  virtual: VirtualRowsState;
  keyboard: RowKeyboard<TData>;
  colCount: number;
  clickable: boolean;
  rowLabel: ((row: TData) => string) | undefined;
  rowClassName: ((row: TData) => string | undefined) | undefined;
  /** By column id. */
  card: Record<string, CardColumn>;
}

/**
 * Below the `sm` breakpoint a row is a card: a grid with the title and amount on top,
 * subtitle and status under them, then one labelled line per other column. Same
 * elements (rows and cells) as the table, so names, keys and clicks do not change.
 */
const CARD_ROW =
  "max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_auto] max-sm:gap-x-3 max-sm:gap-y-1 max-sm:border-b max-sm:px-3 max-sm:py-3 max-sm:[grid-template-areas:'title_amount'_'subtitle_status']";

const CARD_CELL: Record<CardRole, string> = {
  title: "max-sm:[grid-area:title] max-sm:text-left max-sm:font-medium",
  amount: "max-sm:[grid-area:amount] max-sm:text-right max-sm:font-medium",
  subtitle: "max-sm:[grid-area:subtitle] max-sm:text-left max-sm:text-xs max-sm:text-muted-foreground",
  status: "max-sm:[grid-area:status] max-sm:justify-self-end max-sm:text-right",
  field: "max-sm:col-span-2 max-sm:flex max-sm:items-baseline max-sm:gap-3",
  hidden: "max-sm:hidden",
};

/** The rows in view, between spacer rows that stand in for the ones scrolled away. */
export function VirtualRows<TData>({
  rows,
  virtual,
  keyboard,
  colCount,
  clickable,
  rowLabel,
  rowClassName,
  card,
}: VirtualRowsProps<TData>) {
  const { virtualizer, virtualItems, paddingTop, paddingBottom } = virtual;
  const { activeIndex, setActiveIndex, onRowKeyDown, onRowMouseClick } = keyboard;
  return (
    <>
      {paddingTop > 0 ? <SpacerRow colCount={colCount} height={paddingTop} /> : null}
      {virtualItems.map((virtualRow) => {
        const row = rows[virtualRow.index];
        if (!row) return null;
        return (
          <tr
            key={row.id}
            data-index={virtualRow.index}
            data-slot="data-table-row"
            ref={virtualizer.measureElement}
            aria-rowindex={virtualRow.index + 2}
            aria-label={clickable && rowLabel ? rowLabel(row.original) : undefined}
            tabIndex={clickable ? (virtualRow.index === activeIndex ? 0 : -1) : undefined}
            onClick={clickable ? (e) => onRowMouseClick(e, row, virtualRow.index) : undefined}
            onKeyDown={clickable ? (e) => onRowKeyDown(e, row, virtualRow.index) : undefined}
            onFocus={clickable ? () => setActiveIndex(virtualRow.index) : undefined}
            className={cn(
              "group/row",
              CARD_ROW,
              clickable &&
                "cursor-pointer outline-none hover:bg-muted/60 focus-visible:bg-accent focus-visible:shadow-[inset_3px_0_0_var(--color-ring)]",
              rowClassName?.(row.original),
            )}
          >
            {row.getVisibleCells().map((cell) => {
              const meta = readMeta(cell.column.columnDef.meta);
              const place = card[cell.column.id] ?? { role: "field", label: null };
              const value = flexRender(cell.column.columnDef.cell, cell.getContext());
              return (
                <td
                  key={cell.id}
                  data-card={place.role}
                  className={cn(
                    "border-b px-3 py-2.5 align-middle break-words max-sm:min-w-0 max-sm:border-0 max-sm:p-0",
                    alignClass(meta.align),
                    meta.align === "right" && "tabular-nums",
                    meta.cellClassName,
                    CARD_CELL[place.role],
                  )}
                >
                  {place.role === "field" ? (
                    <>
                      {place.label && !meta.srOnlyHeader ? (
                        <span
                          aria-hidden="true"
                          className="hidden shrink-0 text-xs text-muted-foreground max-sm:block max-sm:max-w-[45%]"
                        >
                          {place.label}
                        </span>
                      ) : null}
                      <div className="max-sm:ml-auto max-sm:min-w-0 max-sm:text-right sm:contents">{value}</div>
                    </>
                  ) : (
                    value
                  )}
                </td>
              );
            })}
          </tr>
        );
      })}
      {paddingBottom > 0 ? <SpacerRow colCount={colCount} height={paddingBottom} /> : null}
    </>
  );
}

function SpacerRow({ colCount, height }: { colCount: number; height: number }) {
  return (
    <tr aria-hidden="true">
      <td colSpan={colCount} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

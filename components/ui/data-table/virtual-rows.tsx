"use client";

import { flexRender, type Row } from "@tanstack/react-table";
import { cn } from "../cn";
import { alignClass, readMeta } from "./types";
import type { RowKeyboard } from "./use-row-keyboard";
import type { VirtualRows as VirtualRowsState } from "./use-virtual-rows";

interface VirtualRowsProps<TData> {
  rows: Row<TData>[];
  virtual: VirtualRowsState;
  keyboard: RowKeyboard<TData>;
  colCount: number;
  clickable: boolean;
  rowLabel: ((row: TData) => string) | undefined;
  rowClassName: ((row: TData) => string | undefined) | undefined;
}

/** The rows in view, between spacer rows that stand in for the ones scrolled away. */
export function VirtualRows<TData>({
  rows,
  virtual,
  keyboard,
  colCount,
  clickable,
  rowLabel,
  rowClassName,
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
            ref={virtualizer.measureElement}
            aria-rowindex={virtualRow.index + 2}
            aria-label={clickable && rowLabel ? rowLabel(row.original) : undefined}
            tabIndex={clickable ? (virtualRow.index === activeIndex ? 0 : -1) : undefined}
            onClick={clickable ? (e) => onRowMouseClick(e, row, virtualRow.index) : undefined}
            onKeyDown={clickable ? (e) => onRowKeyDown(e, row, virtualRow.index) : undefined}
            onFocus={clickable ? () => setActiveIndex(virtualRow.index) : undefined}
            className={cn(
              "group/row",
              clickable &&
                "cursor-pointer outline-none hover:bg-muted/60 focus-visible:bg-accent focus-visible:shadow-[inset_3px_0_0_var(--color-ring)]",
              rowClassName?.(row.original),
            )}
          >
            {row.getVisibleCells().map((cell) => {
              const meta = readMeta(cell.column.columnDef.meta);
              return (
                <td
                  key={cell.id}
                  className={cn(
                    "truncate border-b px-3 py-2.5 align-middle",
                    alignClass(meta.align),
                    meta.align === "right" && "tabular-nums",
                    meta.cellClassName,
                  )}
                >
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
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

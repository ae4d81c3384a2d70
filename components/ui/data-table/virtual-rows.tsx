"use client";

import { flexRender, type Row } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { cn } from "../cn";
import { CARD_CELL, CARD_CELL_BASE, CARD_LABEL, CARD_ROW, CARD_VALUE } from "./card-layout";
import { alignClass, readMeta, type CardRole, type RowData } from "./types";
import type { RowKeyboard } from "./use-row-keyboard";
import type { VirtualRows as VirtualRowsState } from "./use-virtual-rows";

/** A column's place in the phone card (see card-layout.ts), and the label of its line. */
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
  rowData: ((row: TData) => RowData) | undefined;
  /** By column id. */
  card: Record<string, CardColumn>;
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
  rowData,
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
            {...rowData?.(row.original)}
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
                    // A cell never spills into its neighbour: its badges wrap inside the column, anything wider is clipped.
                    "border-b px-3 py-2.5 align-middle break-words sm:overflow-hidden [&_[data-slot=badge]]:whitespace-normal",
                    CARD_CELL_BASE,
                    alignClass(meta.align),
                    meta.align === "right" && "tabular-nums",
                    meta.cellClassName,
                    CARD_CELL[place.role],
                  )}
                >
                  {place.role === "field" ? (
                    <>
                      {place.label && !meta.srOnlyHeader ? (
                        <span aria-hidden="true" className={CARD_LABEL}>
                          {place.label}
                        </span>
                      ) : null}
                      <div className={CARD_VALUE}>{value}</div>
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

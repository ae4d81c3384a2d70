"use client";

import type { Row } from "@tanstack/react-table";
import { useCallback, useState, type KeyboardEvent, type MouseEvent, type RefObject } from "react";
import type { TableVirtualizer } from "./use-virtual-rows";

const INTERACTIVE =
  "a,button,input,select,textarea,label,[role=button],[role=menuitem],[role=checkbox],[data-row-ignore]";

/** How far PageUp / PageDown move the focus. */
const PAGE = 10;

/**
 * Roving focus over clickable rows: one row is tabbable; arrows, Home/End and
 * PageUp/PageDown move between rows (scrolling the virtual list); Enter, Space
 * or a click (not on a control inside the row, not while selecting text) opens one.
 */
export function useRowKeyboard<TData>(
  rowCount: number,
  scrollRef: RefObject<HTMLElement | null>,
  virtualizer: TableVirtualizer,
  onRowClick: ((row: TData) => void) | undefined,
) {
  const [activeIndex, setActiveIndex] = useState(0);
  const focusRow = useCallback(
    (index: number) => {
      const clamped = Math.max(0, Math.min(rowCount - 1, index));
      setActiveIndex(clamped);
      virtualizer.scrollToIndex(clamped, { align: "auto" });
      requestAnimationFrame(() => {
        scrollRef.current?.querySelector<HTMLTableRowElement>(`tr[data-index="${clamped}"]`)?.focus();
      });
    },
    [rowCount, virtualizer, scrollRef],
  );

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: Row<TData>, index: number) => {
    if (event.target !== event.currentTarget) return;
    const target = keyTarget(event.key, index, rowCount);
    if (target === "open") {
      event.preventDefault();
      onRowClick?.(row.original);
    } else if (target !== null) {
      event.preventDefault();
      focusRow(target);
    }
  };

  const onRowMouseClick = (event: MouseEvent<HTMLTableRowElement>, row: Row<TData>, index: number) => {
    const target = event.target as HTMLElement;
    const interactive = target.closest(INTERACTIVE);
    if (interactive && interactive !== event.currentTarget && event.currentTarget.contains(interactive)) return;
    if (typeof window !== "undefined" && window.getSelection()?.toString()) return; // selecting text to copy
    setActiveIndex(index);
    onRowClick?.(row.original);
  };

  return { activeIndex, setActiveIndex, onRowKeyDown, onRowMouseClick };
}

/** What a key does on row `index`: open it, move to another row, or nothing. */
function keyTarget(key: string, index: number, rowCount: number): "open" | number | null {
  switch (key) {
    case "Enter":
    case " ":
      return "open";
    case "ArrowDown":
      return index + 1;
    case "ArrowUp":
      return index - 1;
    case "Home":
      return 0;
    case "End":
      return rowCount - 1;
    case "PageDown":
      return index + PAGE;
    case "PageUp":
      return index - PAGE;
    default:
      return null;
  }
}

export type RowKeyboard<TData> = ReturnType<typeof useRowKeyboard<TData>>;

"use client";

import { useLayoutEffect, useState, type RefObject } from "react";

export interface ColumnSize {
  id: string;
  /** Preferred width in px (the column's `size`). */
  size: number;
  /** Never narrower than this (the column's `minSize`, if it set one). */
  minSize: number;
  /** Its cells are never cut either (amounts, numbers): at least as wide as the widest row shown. */
  whole?: boolean;
}

/** The width of a cell's content as laid out on one line, whatever the cell's own width (a Range over it). */
function contentWidth(cell: HTMLElement): number {
  const range = document.createRange();
  range.selectNodeContents(cell);
  // Not every DOM has layout for ranges (jsdom): then the cell's own content box is the best measure.
  return typeof range.getBoundingClientRect === "function" ? range.getBoundingClientRect().width : cell.scrollWidth;
}

/**
 * Widths that fill `available` px in proportion to the preferred sizes, with no column
 * under its minimum: columns that would fall below it are pinned there and the rest
 * shares what is left. When the minimums alone do not fit, they are the widths (the
 * table is then wider than its container).
 */
export function fitColumns(sizes: readonly number[], mins: readonly number[], available: number): number[] {
  const floor = sizes.map((_, i) => mins[i] ?? 0);
  const minTotal = floor.reduce((a, b) => a + b, 0);
  if (minTotal >= available) return floor;
  const pinned = new Set<number>();
  for (;;) {
    const free = available - [...pinned].reduce((sum, i) => sum + (floor[i] ?? 0), 0);
    const weight = sizes.reduce((sum, size, i) => (pinned.has(i) ? sum : sum + Math.max(size, 1)), 0);
    const widths = sizes.map((size, i) => (pinned.has(i) ? (floor[i] ?? 0) : (Math.max(size, 1) * free) / weight));
    const below = widths.findIndex((w, i) => !pinned.has(i) && w < (floor[i] ?? 0));
    if (below === -1) return widths.map((w) => Math.floor(w * 100) / 100);
    for (let i = 0; i < widths.length; i++) if (!pinned.has(i) && (widths[i] ?? 0) < (floor[i] ?? 0)) pinned.add(i);
  }
}

export interface ColumnLayout {
  widths: number[];
  /** The headers alone do not fit: the table is wider than its container and scrolls sideways. */
  overflow: boolean;
}

function horizontalPadding(el: HTMLElement): number {
  const style = getComputedStyle(el);
  return (parseFloat(style.paddingLeft) || 0) + (parseFloat(style.paddingRight) || 0);
}

/**
 * Column widths in px from the container's width, the preferred sizes, and each header's
 * own width (its `[data-head]` content plus the cell's padding), so no header is ever cut; a `whole`
 * column (amounts) is also as wide as the widest of the rows shown, measured again when they change.
 * Until measured (server render, first paint) the table uses the preferred sizes as
 * percentages. Measured again when the container or a header changes size.
 */
export function useColumnWidths(
  wrapRef: RefObject<HTMLElement | null>,
  headRef: RefObject<HTMLTableSectionElement | null>,
  columns: readonly ColumnSize[],
  bodyRef?: RefObject<HTMLTableSectionElement | null>,
  rowsShown = 0,
): ColumnLayout | null {
  const [layout, setLayout] = useState<ColumnLayout | null>(null);
  const key = columns.map((c) => `${c.id}:${c.size}:${c.minSize}`).join("|");
  useLayoutEffect(() => {
    const wrap = wrapRef.current;
    const head = headRef.current;
    if (!wrap || !head) return;
    const measure = () => {
      const cells = [...(head.rows[0]?.cells ?? [])];
      // A hidden header (the phone card layout) has nothing to measure: keep the last layout.
      if (cells.length !== columns.length || head.offsetParent === null) return;
      const mins = cells.map((th, i) => {
        const content = th.querySelector<HTMLElement>("[data-head]");
        const own = content ? Math.ceil(content.getBoundingClientRect().width + horizontalPadding(th)) + 1 : 0;
        let widest = own;
        if (columns[i]?.whole && bodyRef?.current) {
          for (const row of bodyRef.current.querySelectorAll<HTMLTableRowElement>("tr[data-index]")) {
            const cell = row.cells[i];
            if (cell) widest = Math.max(widest, Math.ceil(contentWidth(cell) + horizontalPadding(cell)) + 1);
          }
        }
        return Math.max(widest, columns[i]?.minSize ?? 0);
      });
      const available = wrap.clientWidth;
      const widths = fitColumns(
        columns.map((c) => c.size),
        mins,
        available,
      );
      const overflow = widths.reduce((a, b) => a + b, 0) > available + 0.5;
      setLayout((prev) =>
        prev && prev.overflow === overflow && prev.widths.join() === widths.join() ? prev : { widths, overflow },
      );
    };
    measure();
    if (typeof ResizeObserver === "undefined") {
      window.addEventListener("resize", measure);
      return () => window.removeEventListener("resize", measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(wrap);
    for (const content of head.querySelectorAll("[data-head]")) observer.observe(content);
    return () => observer.disconnect();
    // `key` stands for `columns`: a new array with the same columns needs no new observer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, wrapRef, headRef, bodyRef, rowsShown]);
  return layout;
}

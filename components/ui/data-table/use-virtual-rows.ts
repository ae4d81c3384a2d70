"use client";

import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;

/**
 * Row virtualisation against the page's own scroll (no inner scroll box): only the
 * rows in view (plus overscan) are rendered; spacer heights above and below keep the
 * page as tall as the whole list. `listRef` marks where the rows start on the page.
 */
export function useVirtualRows(count: number, estimateRowHeight: number) {
  // Which rows are in view depends on the page's scroll position, which the server cannot know
  // (a reload may restore it before hydration): the server and the hydrating render show no rows,
  // the next render (before the browser paints) the ones in view.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const listRef = useRef<HTMLTableSectionElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // The toolbar and anything above the table move the rows down; read it after every
  // render (a filter panel opening, a banner) and store it only when it changed.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- on purpose after every render; it settles at once
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const top = Math.round(el.getBoundingClientRect().top + window.scrollY);
    if (top !== scrollMargin) setScrollMargin(top);
  });
  const virtualizer = useWindowVirtualizer({
    count: hydrated ? count : 0,
    estimateSize: () => estimateRowHeight,
    overscan: 12,
    scrollMargin,
    initialRect: { width: 1024, height: 720 },
  });
  const virtualItems = virtualizer.getVirtualItems();
  const totalSize = virtualizer.getTotalSize();
  const first = virtualItems[0];
  const last = virtualItems[virtualItems.length - 1];
  const paddingTop = first ? Math.max(0, first.start - scrollMargin) : 0;
  const paddingBottom = last ? Math.max(0, totalSize - (last.end - scrollMargin)) : 0;
  return { listRef, virtualizer, virtualItems, paddingTop, paddingBottom };
}

export type VirtualRows = Omit<ReturnType<typeof useVirtualRows>, "listRef">;
export type TableVirtualizer = VirtualRows["virtualizer"];

"use client";

import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useLayoutEffect, useRef, useState } from "react";

/**
 * Row virtualisation against the page's own scroll (no inner scroll box): only the
 * rows in view (plus overscan) are rendered; spacer heights above and below keep the
 * page as tall as the whole list. `listRef` marks where the rows start on the page.
 */
export function useVirtualRows(count: number, estimateRowHeight: number) {
  // The server renders the first rows (a page's prefetched data is in its HTML), as if the page were at its top
  // in a 720 px window. The hydrating render must match it whatever the browser's scroll position (a reload may
  // restore it first), so it starts from the same offset and size; the virtualizer then reads the real ones on
  // mount and renders the rows in view before the browser paints.
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
    count,
    estimateSize: () => estimateRowHeight,
    overscan: 12,
    scrollMargin,
    initialRect: { width: 1024, height: 720 },
    initialOffset: 0,
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

"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { useRef } from "react";

/**
 * Row virtualisation: only the rows in view (plus overscan) are rendered;
 * spacer heights above and below keep the scrollbar honest.
 */
export function useVirtualRows(count: number, estimateRowHeight: number) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateRowHeight,
    overscan: 12,
    initialRect: { width: 1024, height: 720 },
  });
  const virtualItems = virtualizer.getVirtualItems();
  const totalSize = virtualizer.getTotalSize();
  const paddingTop = virtualItems.length > 0 ? (virtualItems[0]?.start ?? 0) : 0;
  const paddingBottom = virtualItems.length > 0 ? totalSize - (virtualItems[virtualItems.length - 1]?.end ?? 0) : 0;
  return { scrollRef, virtualizer, virtualItems, paddingTop, paddingBottom };
}

export type VirtualRows = Omit<ReturnType<typeof useVirtualRows>, "scrollRef">;
export type TableVirtualizer = VirtualRows["virtualizer"];

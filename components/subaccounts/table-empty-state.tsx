import type { ReactNode } from "react";

/**
 * Keeps an empty state inside a DataTable in view on phones: the table is wider
 * than the screen and scrolls sideways, so the message sticks to the left edge
 * at the width of the screen instead of being centred across the whole table.
 */
export function TableEmptyState({ children }: { children: ReactNode }) {
  return <div className="sticky left-0 max-w-[calc(100vw-3rem)]">{children}</div>;
}

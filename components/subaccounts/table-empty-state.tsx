import type { ReactNode } from "react";

/**
 * Keeps an empty state inside a DataTable in view if the table scrolls sideways
 * (only when its headers alone are wider than the page): the message sticks to
 * the left edge at the width of the screen instead of being centred across it.
 */
export function TableEmptyState({ children }: { children: ReactNode }) {
  return <div className="sticky left-0 max-w-[calc(100vw-3rem)]">{children}</div>;
}

import type { ReactNode } from "react";
import { cn } from "./cn";

/** The column's width on every "new …" page: one width, so the three forms read the same. */
export const FORM_PAGE_WIDTH = "max-w-2xl";

/**
 * The body of a page that creates something (new payment link, new payout, new batch), under its
 * PageHeader: one column, left-aligned with the header, one width. `wide` lets a step that shows a
 * table (the batch's check and review) use the page's full width; it still starts at the same edge.
 */
export function FormPage({
  wide = false,
  className,
  children,
}: {
  wide?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      data-slot="form-page"
      data-wide={wide || undefined}
      className={cn("grid w-full gap-4", !wide && FORM_PAGE_WIDTH, className)}
    >
      {children}
    </div>
  );
}

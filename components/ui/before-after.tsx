import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "./cn";

export interface BeforeAfterProps {
  before: ReactNode;
  after: ReactNode;
  /** What screen readers hear between the two values instead of the arrow ("to", "becomes"). */
  toLabel: string;
  /** The arrow's size and spacing where the default (size-4, in a flex row) does not fit. */
  arrowClassName?: string;
}

/**
 * A change shown as "before → after": the arrow is decoration, so screen readers hear the
 * words instead. Renders no box of its own: the caller's row or sentence lays it out.
 */
export function BeforeAfter({ before, after, toLabel, arrowClassName }: BeforeAfterProps) {
  return (
    <>
      {before}
      <ArrowRight className={cn("size-4 shrink-0 text-muted-foreground", arrowClassName)} aria-hidden="true" />
      <span className="sr-only"> {toLabel} </span>
      {after}
    </>
  );
}

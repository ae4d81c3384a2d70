import { LoaderCircle } from "lucide-react";
import { cn } from "./cn";

/** Inline busy indicator. Give it a `label` when nothing else says what is loading. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role={label ? "status" : undefined} className="inline-flex items-center">
      <LoaderCircle className={cn("size-4 animate-spin text-muted-foreground", className)} aria-hidden="true" />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}

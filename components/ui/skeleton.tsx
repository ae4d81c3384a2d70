import type { ComponentProps } from "react";
import { cn } from "./cn";

/** Placeholder block while content loads. Decorative: the loading state is announced elsewhere (aria-busy). */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn("animate-pulse rounded-md bg-muted", className)}
      {...props}
    />
  );
}

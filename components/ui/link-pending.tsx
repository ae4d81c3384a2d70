"use client";

import { LoaderCircle } from "lucide-react";
import { useLinkStatus } from "next/link";
import { cn } from "./cn";

/**
 * Inside a next/link: a small spinner while the navigation that link started waits for the server. A page without a
 * skeleton (the payouts insights put their figures in the first paint) shows nothing new until its data is read; this
 * says the click was taken. Invisible otherwise, and always to assistive technology (the new page's title says it).
 */
export function LinkPending({ className }: { className?: string }) {
  const { pending } = useLinkStatus();
  return (
    <LoaderCircle
      data-link-pending={pending ? "" : undefined}
      className={cn(
        "size-3.5 shrink-0 text-muted-foreground motion-safe:animate-spin",
        pending ? "visible" : "invisible",
        className,
      )}
      aria-hidden="true"
    />
  );
}

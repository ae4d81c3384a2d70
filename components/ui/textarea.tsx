"use client";

import type { ComponentProps } from "react";
import { cn } from "./cn";
import { useFormFieldControl } from "./form-field-context";

export function Textarea({ className, id, ...props }: ComponentProps<"textarea">) {
  const control = useFormFieldControl({
    id,
    "aria-describedby": props["aria-describedby"],
    "aria-invalid": props["aria-invalid"],
  });
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        "flex min-h-20 w-full rounded-md border border-input bg-card px-3 py-2 text-sm text-foreground shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-55 aria-invalid:border-destructive",
        className,
      )}
      {...props}
      {...control}
    />
  );
}

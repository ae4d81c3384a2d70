"use client";

import type { ComponentProps } from "react";
import { cn } from "./cn";
import { useFormFieldControl } from "./form-field-context";

export const inputClassName =
  "flex h-9 w-full min-w-0 rounded-md border border-input bg-card px-3 py-1 text-sm text-foreground shadow-xs transition-[color,box-shadow] outline-none placeholder:text-muted-foreground file:border-0 file:bg-transparent file:text-sm file:font-medium focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-55 aria-invalid:border-destructive aria-invalid:ring-destructive/20 read-only:bg-muted";

/**
 * Text input. Inside a <FormField> it picks up its id, aria-invalid and
 * aria-describedby automatically.
 */
export function Input({ className, type = "text", id, ...props }: ComponentProps<"input">) {
  const control = useFormFieldControl({
    id,
    "aria-describedby": props["aria-describedby"],
    "aria-invalid": props["aria-invalid"],
  });
  return <input data-slot="input" type={type} className={cn(inputClassName, className)} {...props} {...control} />;
}

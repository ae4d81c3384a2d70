"use client";

import type { ComponentProps } from "react";
import { cn } from "./cn";
import { fieldFrameClassName } from "./field-styles";
import { useFormFieldControl } from "./form-field-context";

export const inputClassName = `flex h-9 w-full min-w-0 ${fieldFrameClassName} px-3 py-1 text-foreground transition-[color,box-shadow] placeholder:text-muted-foreground file:border-0 file:bg-transparent file:text-sm file:font-medium focus-visible:outline-none aria-invalid:ring-destructive/20 read-only:bg-muted`;

/**
 * Text input. Inside a <FormField> it picks up its id, aria-invalid and
 * aria-describedby automatically.
 */
export function Input({ className, type = "text", id, ...props }: ComponentProps<"input">) {
  const control = useFormFieldControl({ ...props, id });
  return <input data-slot="input" type={type} className={cn(inputClassName, className)} {...props} {...control} />;
}

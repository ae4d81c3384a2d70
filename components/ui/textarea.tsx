"use client";

import type { ComponentProps } from "react";
import { cn } from "./cn";
import { fieldFrameClassName } from "./field-styles";
import { useFormFieldControl } from "./form-field-context";

export function Textarea({ className, id, ...props }: ComponentProps<"textarea">) {
  const control = useFormFieldControl({ ...props, id });
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        "flex min-h-20 w-full",
        fieldFrameClassName,
        "px-3 py-2 text-foreground placeholder:text-muted-foreground focus-visible:outline-none",
        className,
      )}
      {...props}
      {...control}
    />
  );
}

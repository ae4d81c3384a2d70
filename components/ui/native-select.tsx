"use client";

import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "./cn";
import { fieldFrameClassName } from "./field-styles";
import { useFormFieldControl } from "./form-field-context";

/** A styled native <select>: best on phones and for short lists (filters, Pix key type). */
export function NativeSelect({
  className,
  id,
  children,
  size = "default",
  ...props
}: Omit<ComponentProps<"select">, "size"> & { size?: "sm" | "default" }) {
  const control = useFormFieldControl({ ...props, id });
  return (
    <div className={cn("relative", className)}>
      <select
        data-slot="native-select"
        className={cn(
          "w-full appearance-none",
          fieldFrameClassName,
          "pr-8 pl-3 text-foreground",
          size === "sm" ? "h-8" : "h-9",
        )}
        {...props}
        {...control}
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
    </div>
  );
}

"use client";

import * as LabelPrimitive from "radix-ui/label";
import type { ComponentProps } from "react";
import { cn } from "./cn";

export function Label({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      data-slot="label"
      className={cn(
        "flex items-center gap-1.5 text-sm leading-none font-medium text-foreground select-none peer-disabled:opacity-55",
        className,
      )}
      {...props}
    />
  );
}

"use client";

import { X } from "lucide-react";
import * as DialogPrimitive from "radix-ui/dialog";
import { useI18n } from "@/lib/browser/i18n";
import { cn } from "./cn";

/** The × in a dialog's or sheet's corner; `className` places it ("top-3 right-3"). */
export function DialogCloseButton({ className }: { className: string }) {
  const { t } = useI18n();
  return (
    <DialogPrimitive.Close
      className={cn(
        "absolute",
        className,
        "rounded-md p-1.5 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring",
      )}
    >
      <X className="size-4" aria-hidden="true" />
      <span className="sr-only">{t("common.close")}</span>
    </DialogPrimitive.Close>
  );
}

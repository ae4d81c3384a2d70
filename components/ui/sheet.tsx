"use client";

import { cva, type VariantProps } from "class-variance-authority";
import * as DialogPrimitive from "radix-ui/dialog";
import type { ComponentProps } from "react";
import { cn } from "./cn";
import { DialogCloseButton } from "./dialog-close-button";
import { useFocusReturn } from "./focus-return";

/**
 * Side panel (drawer) built on Dialog: detail views (a payout, a chargeback),
 * edit forms, and the phone navigation menu. Focus is trapped, and given back on close to what had it before
 * (useFocusReturn), with or without a Trigger.
 */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

const sheetVariants = cva("fixed z-50 flex flex-col bg-popover text-popover-foreground shadow-xl outline-none", {
  variants: {
    side: {
      right: "inset-y-0 right-0 h-full w-full border-l sm:max-w-lg data-[state=open]:animate-slide-in-right",
      left: "inset-y-0 left-0 h-full w-[min(20rem,85vw)] border-r data-[state=open]:animate-slide-in-left",
    },
  },
  defaultVariants: { side: "right" },
});

export interface SheetContentProps
  extends ComponentProps<typeof DialogPrimitive.Content>, VariantProps<typeof sheetVariants> {
  hideClose?: boolean;
}

export function SheetContent({
  className,
  children,
  side,
  hideClose = false,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: SheetContentProps) {
  const focusReturn = useFocusReturn({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/45 data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        data-slot="sheet-content"
        className={cn(sheetVariants({ side }), className)}
        {...props}
        {...focusReturn}
      >
        {children}
        {hideClose ? null : <DialogCloseButton className="top-3.5 right-3.5" />}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function SheetHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1 border-b px-5 py-4 pr-12", className)} {...props} />;
}

export function SheetBody({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("min-h-0 flex-1 overflow-y-auto px-5 py-4", className)} {...props} />;
}

export function SheetFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn("flex flex-col-reverse gap-2 border-t px-5 py-3 sm:flex-row sm:justify-end", className)}
      {...props}
    />
  );
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("text-base font-semibold", className)} {...props} />;
}

export function SheetDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

"use client";

import { LoaderCircle } from "lucide-react";
import type { MouseEvent, ReactNode, RefObject } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "./alert-dialog";
import { ErrorPanel } from "./error-panel";
import { focusOnClose } from "./lazy-on-demand";

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** What confirming does, in plain words. */
  description: ReactNode;
  /** More to say between the description and the buttons. */
  children?: ReactNode;
  cancelLabel: ReactNode;
  confirmLabel: ReactNode;
  /** The confirm button's text while the action runs (default: `confirmLabel`). */
  pendingLabel?: ReactNode;
  destructive?: boolean;
  /** Starts the action; the dialog stays open until the caller closes it (on success). */
  onConfirm: () => void;
  /** The action is running: the dialog cannot be closed and its buttons are disabled. */
  pending: boolean;
  /** The last attempt's failure, shown in an `ErrorPanel` above the buttons. */
  error?: unknown;
  /** Field messages of that failure that have no field on screen. */
  errorFields?: Record<string, string>;
  /** Called when the dialog closes: forget the last attempt's error. */
  onReset?: () => void;
  /** The button that opened it, when it is not a Trigger (a dialog loaded on demand): focus goes back there on close. */
  opener?: RefObject<HTMLElement | null>;
  className?: string;
}

/**
 * The confirmation of a destructive or consequential action: it stays open while the action is
 * pending, shows why it failed (with the request id) and starts clean when it is opened again.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  cancelLabel,
  confirmLabel,
  pendingLabel,
  destructive = false,
  onConfirm,
  pending,
  error,
  errorFields,
  onReset,
  opener,
  className,
}: ConfirmDialogProps) {
  const confirm = (event: MouseEvent<HTMLButtonElement>) => {
    // The Action would close the dialog; it closes on success instead.
    event.preventDefault();
    onConfirm();
  };

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        if (!next) onReset?.();
        onOpenChange(next);
      }}
    >
      <AlertDialogContent className={className} onCloseAutoFocus={opener ? focusOnClose(opener) : undefined}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        {error ? <ErrorPanel error={error} unmatchedFields={errorFields} headingLevel="h3" /> : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction destructive={destructive} onClick={confirm} disabled={pending} aria-busy={pending || undefined}>
            {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            {pending ? (pendingLabel ?? confirmLabel) : confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

"use client";

import { LoaderCircle } from "lucide-react";
import type { FormEvent, MouseEvent, ReactNode, RefObject } from "react";
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
import { Button } from "./button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "./dialog";
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
  /** What Cancel does instead of asking to close (e.g. back to the previous step). */
  onCancel?: () => void;
  /** The action is running: the dialog cannot be closed and its buttons are disabled. */
  pending: boolean;
  /** The confirm button is off until the person has made a choice the dialog asks for. */
  confirmDisabled?: boolean;
  /** The last attempt's failure, shown in an `ErrorPanel` above the buttons. */
  error?: unknown;
  /** Field messages of that failure that have no field on screen. */
  errorFields?: Record<string, string>;
  /** Called when the dialog closes: forget the last attempt's error. */
  onReset?: () => void;
  /** The button that opened it, when it is not a Trigger (a dialog loaded on demand): focus goes back there on close. */
  opener?: RefObject<HTMLElement | null>;
  /**
   * Set for a dialog the person fills in, in steps (a form, then its confirmation): it names the current step.
   * The dialog is then a `dialog` rather than an `alertdialog` (clicking outside asks to close, like Escape; a ×
   * button while not pending), its body is a form (Enter in a field confirms), and a new step replaces the body,
   * so focus never stays on a button whose meaning just changed.
   */
  formStep?: string;
  className?: string;
}

/**
 * The confirmation of a destructive or consequential action: it stays open while the action is
 * pending, shows why it failed (with the request id) and starts clean when it is opened again.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, onOpenChange, pending, onReset, opener, formStep, className } = props;
  const changeOpen = (next: boolean) => {
    if (pending) return;
    if (!next) onReset?.();
    onOpenChange(next);
  };
  const onCloseAutoFocus = opener ? focusOnClose(opener) : undefined;

  if (formStep !== undefined) {
    return (
      <Dialog open={open} onOpenChange={changeOpen}>
        <DialogContent className={className} hideClose={pending} onCloseAutoFocus={onCloseAutoFocus}>
          <FormStep key={formStep} {...props} requestClose={() => changeOpen(false)} />
        </DialogContent>
      </Dialog>
    );
  }
  return (
    <AlertDialog open={open} onOpenChange={changeOpen}>
      <AlertDialogContent className={className} onCloseAutoFocus={onCloseAutoFocus}>
        <AlertBody {...props} />
      </AlertDialogContent>
    </AlertDialog>
  );
}

function AlertBody({
  title,
  description,
  children,
  cancelLabel,
  confirmLabel,
  pendingLabel,
  destructive = false,
  onConfirm,
  onCancel,
  pending,
  confirmDisabled = false,
  error,
  errorFields,
}: ConfirmDialogProps) {
  const confirm = (event: MouseEvent<HTMLButtonElement>) => {
    // The Action would close the dialog; it closes on success instead.
    event.preventDefault();
    onConfirm();
  };
  const cancel = (event: MouseEvent<HTMLButtonElement>) => {
    if (!onCancel) return;
    event.preventDefault();
    onCancel();
  };
  return (
    <>
      <AlertDialogHeader>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
      </AlertDialogHeader>
      {children}
      <LastError error={error} errorFields={errorFields} />
      <AlertDialogFooter>
        <AlertDialogCancel disabled={pending} onClick={cancel}>
          {cancelLabel}
        </AlertDialogCancel>
        <AlertDialogAction
          destructive={destructive}
          onClick={confirm}
          disabled={pending || confirmDisabled}
          aria-busy={pending || undefined}
        >
          <ConfirmLabel pending={pending} confirmLabel={confirmLabel} pendingLabel={pendingLabel} />
        </AlertDialogAction>
      </AlertDialogFooter>
    </>
  );
}

function FormStep({
  title,
  description,
  children,
  cancelLabel,
  confirmLabel,
  pendingLabel,
  destructive = false,
  onConfirm,
  onCancel,
  pending,
  error,
  errorFields,
  requestClose,
}: ConfirmDialogProps & { requestClose: () => void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) onConfirm();
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {children}
      <LastError error={error} errorFields={errorFields} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel ?? requestClose} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button
          type="submit"
          variant={destructive ? "destructive" : "default"}
          disabled={pending}
          aria-busy={pending || undefined}
        >
          <ConfirmLabel pending={pending} confirmLabel={confirmLabel} pendingLabel={pendingLabel} />
        </Button>
      </DialogFooter>
    </form>
  );
}

function LastError({ error, errorFields }: Pick<ConfirmDialogProps, "error" | "errorFields">) {
  return error ? <ErrorPanel error={error} unmatchedFields={errorFields} headingLevel="h3" /> : null;
}

function ConfirmLabel({
  pending,
  confirmLabel,
  pendingLabel,
}: Pick<ConfirmDialogProps, "pending" | "confirmLabel" | "pendingLabel">) {
  return (
    <>
      {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
      {pending ? (pendingLabel ?? confirmLabel) : confirmLabel}
    </>
  );
}

"use client";

import { LoaderCircle } from "lucide-react";
import type { MouseEvent, RefObject } from "react";
import { focusOnClose } from "@/components/ui/lazy-on-demand";
import { toast } from "@/components/ui/toast";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { ErrorPanel } from "@/components/ui/error-panel";
import { useI18n } from "@/lib/browser/i18n";
import { useBatchAction } from "@/lib/browser/query/payout-batches";
import type { Batch } from "@/lib/shared/schemas/payout-batches";

export type ControlAction = "pause" | "resume" | "cancel";

export interface BatchActionConfirmProps {
  batch: Batch;
  action: ControlAction;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it: focus goes back there when it closes. */
  opener: RefObject<HTMLButtonElement | null>;
}

/** The confirmation of pause, resume or cancel, saying what happens to the rows; it stays open (with the error and its request id) when the action fails. */
export function BatchActionConfirm({ batch, action, open, onOpenChange: setOpen, opener }: BatchActionConfirmProps) {
  const { t } = useI18n();
  // The last attempt's failure is the mutation's own error: reset whenever the dialog closes (success closes it with none).
  const mutation = useBatchAction(batch.id);
  const destructive = action === "cancel";

  const onOpenChange = (next: boolean) => {
    if (mutation.isPending) return;
    mutation.reset();
    setOpen(next);
  };

  const run = (event: MouseEvent<HTMLButtonElement>) => {
    // Keep the dialog open while the request runs; it closes on success.
    event.preventDefault();
    mutation.mutate(
      { action },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success(t(`batches.action.${action}.done`));
        },
        onError: () => toast.error(t(`batches.action.${action}.failed`)),
      },
    );
  };

  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent onCloseAutoFocus={focusOnClose(opener)}>
        <AlertDialogHeader>
          <AlertDialogTitle>{t(`batches.action.${action}.title`)}</AlertDialogTitle>
          <AlertDialogDescription>{t(`batches.action.${action}.consequence`, { pending: batch.counts.pending, file: batch.file_name })}</AlertDialogDescription>
        </AlertDialogHeader>
        {mutation.error ? <ErrorPanel error={mutation.error} headingLevel="h3" /> : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={mutation.isPending}>{t("batches.action.keep")}</AlertDialogCancel>
          <AlertDialogAction destructive={destructive} onClick={run} disabled={mutation.isPending} aria-busy={mutation.isPending || undefined}>
            {mutation.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            {t(`batches.action.${action}.confirm`)}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

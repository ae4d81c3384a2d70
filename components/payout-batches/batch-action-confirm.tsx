"use client";

import type { RefObject } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/toast";
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

  const run = () =>
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

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      opener={opener}
      title={t(`batches.action.${action}.title`)}
      description={t(`batches.action.${action}.consequence`, { pending: batch.counts.pending, file: batch.file_name })}
      cancelLabel={t("batches.action.keep")}
      confirmLabel={t(`batches.action.${action}.confirm`)}
      destructive={action === "cancel"}
      onConfirm={run}
      pending={mutation.isPending}
      error={mutation.error}
      onReset={mutation.reset}
    />
  );
}

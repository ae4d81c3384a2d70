"use client";

import { Ban, LoaderCircle, Pause, Play, type LucideIcon } from "lucide-react";
import { useState, type MouseEvent } from "react";
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
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { useI18n } from "@/lib/browser/i18n";
import { useBatchAction } from "@/lib/browser/query/payout-batches";
import type { Batch } from "@/lib/shared/schemas/payout-batches";

type ControlAction = "pause" | "resume" | "cancel";

const ICONS: Readonly<Record<ControlAction, LucideIcon>> = { pause: Pause, resume: Play, cancel: Ban };

/** Pause, resume or cancel behind a confirmation that says what happens to the rows; the dialog stays open (with the error and its request id) when it fails. */
function BatchActionDialog({ batch, action }: { batch: Batch; action: ControlAction }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  // The last attempt's failure is the mutation's own error: reset when the dialog opens or closes.
  const mutation = useBatchAction(batch.id);
  const Icon = ICONS[action];
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
      <AlertDialogTrigger asChild>
        <Button variant={destructive ? "destructive" : "outline"} size="sm">
          <Icon aria-hidden="true" />
          {t(`batches.action.${action}.button`)}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
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

/** Cancel: rows not yet sent are cancelled; rows already sent keep going. */
export function CancelBatchButton({ batch }: { batch: Batch }) {
  return <BatchActionDialog batch={batch} action="cancel" />;
}

/** The controls a batch's status allows: pause while sending, resume while paused, cancel until it ends. */
export function BatchControls({ batch }: { batch: Batch }) {
  if (batch.status !== "sending" && batch.status !== "paused") return null;
  return (
    <div className="flex flex-wrap gap-2">
      <BatchActionDialog batch={batch} action={batch.status === "sending" ? "pause" : "resume"} />
      <CancelBatchButton batch={batch} />
    </div>
  );
}

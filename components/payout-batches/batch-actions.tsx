"use client";

import { Ban, Pause, Play, type LucideIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { lazyOnDemand, useDialogOpener } from "@/components/ui/lazy-on-demand";
import { useI18n } from "@/lib/browser/i18n";
import type { Batch } from "@/lib/shared/schemas/payout-batches";
import type { ControlAction } from "./batch-action-confirm";

const ICONS: Readonly<Record<ControlAction, LucideIcon>> = { pause: Pause, resume: Play, cancel: Ban };

/** The confirmation (and the dialog code under it) loads on first use, not with the batch page. */
const actionConfirm = lazyOnDemand(() => import("./batch-action-confirm").then((m) => m.BatchActionConfirm));

/** Pause, resume or cancel: a button, and behind it a confirmation that says what happens to the rows. */
function BatchActionDialog({ batch, action }: { batch: Batch; action: ControlAction }) {
  const { t } = useI18n();
  const { open, setOpen, mounted, opener, triggerProps } = useDialogOpener(actionConfirm);
  const Icon = ICONS[action];
  return (
    <>
      <Button {...triggerProps} variant={action === "cancel" ? "destructive" : "outline"} size="sm">
        <Icon aria-hidden="true" />
        {t(`batches.action.${action}.button`)}
      </Button>
      {mounted ? (
        <actionConfirm.Component batch={batch} action={action} open={open} onOpenChange={setOpen} opener={opener} />
      ) : null}
    </>
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

"use client";

import { CheckCheck } from "lucide-react";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { applyServerErrors } from "@/lib/browser/bff-client/form-errors";
import { useZodForm } from "@/lib/browser/hooks/use-zod-form";
import { useI18n } from "@/lib/browser/i18n";
import { useReviewPayout } from "@/lib/browser/query/payouts";
import { markHandledFieldsSchema, type MarkHandledFields } from "@/lib/shared/schemas/register";

const FIELDS = ["note", "payout_id"] as const;

type Step = { step: "edit" } | { step: "confirm"; values: MarkHandledFields } | { step: "discard" };

export interface MarkHandledDialogProps {
  idempotencyKey: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * "Mark handled": a person closes a payout whose outcome the dashboard does not
 * know, with a note (≥ 3 characters) and optionally the payout id found with
 * the API. The form is validated with the BFF's own schema; a 422's field
 * messages land next to their fields. Closing the payout is confirmed first,
 * and closing the dialog with a typed note asks before discarding it.
 */
export function MarkHandledDialog({ idempotencyKey, open, onOpenChange }: MarkHandledDialogProps) {
  const { t } = useI18n();
  const form = useZodForm(markHandledFieldsSchema, { defaultValues: { note: "", payout_id: "" } });
  const review = useReviewPayout();
  const [step, setStep] = useState<Step>({ step: "edit" });
  const [panelError, setPanelError] = useState<{ error: unknown; unmatched?: Record<string, string> } | null>(null);

  const close = () => {
    form.reset();
    setStep({ step: "edit" });
    setPanelError(null);
    review.reset();
    onOpenChange(false);
  };

  const requestClose = () => {
    if (review.isPending) return;
    const { note, payout_id: payoutId } = form.getValues();
    if (step.step === "edit" && ((note ?? "").trim() !== "" || (payoutId ?? "").trim() !== "")) setStep({ step: "discard" });
    else close();
  };

  const toConfirm = form.handleSubmit((values) => {
    setPanelError(null);
    setStep({ step: "confirm", values });
  });

  const markHandled = (values: MarkHandledFields) => {
    review.mutate(
      { action: "mark_handled", idempotency_key: idempotencyKey, note: values.note, payout_id: values.payout_id ? values.payout_id : undefined },
      {
        onSuccess: () => {
          toast.success(t("payouts.handled.toast"));
          close();
        },
        onError: (error) => {
          setStep({ step: "edit" });
          const { applied, unmatched } = applyServerErrors(error, form.setError, { knownFields: FIELDS });
          if (applied.length === 0 || Object.keys(unmatched).length > 0) setPanelError({ error, unmatched: applied.length > 0 ? unmatched : undefined });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : requestClose())}>
      <DialogContent hideClose={review.isPending} data-testid="mark-handled-dialog">
        {step.step === "edit" ? (
          <form onSubmit={toConfirm} noValidate className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{t("payouts.markHandled.title")}</DialogTitle>
              <DialogDescription>{t("payouts.markHandled.description")}</DialogDescription>
            </DialogHeader>
            <FormField label={t("payouts.markHandled.note")} description={t("payouts.markHandled.noteHint")} error={form.formState.errors.note?.message}>
              <Textarea rows={3} maxLength={500} autoFocus {...form.register("note")} />
            </FormField>
            <FormField label={t("payouts.markHandled.payoutId")} description={t("payouts.markHandled.payoutIdHint")} error={form.formState.errors.payout_id?.message} optional>
              <Input autoComplete="off" spellCheck={false} className="font-mono" {...form.register("payout_id")} />
            </FormField>
            {panelError ? <ErrorPanel error={panelError.error} unmatchedFields={panelError.unmatched} headingLevel="h3" /> : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={requestClose}>
                {t("common.cancel")}
              </Button>
              <Button type="submit">{t("payouts.markHandled.submit")}</Button>
            </DialogFooter>
          </form>
        ) : null}

        {step.step === "confirm" ? (
          <div className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{t("payouts.markHandled.confirmTitle")}</DialogTitle>
              <DialogDescription>
                {step.values.payout_id ? t("payouts.markHandled.confirmWithId", { id: step.values.payout_id }) : t("payouts.markHandled.confirmDescription")}
              </DialogDescription>
            </DialogHeader>
            <blockquote className="rounded-md border-l-4 bg-muted px-3 py-2 text-sm break-words whitespace-pre-wrap">{step.values.note}</blockquote>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setStep({ step: "edit" })} disabled={review.isPending}>
                {t("common.back")}
              </Button>
              <Button type="button" onClick={() => markHandled(step.values)} loading={review.isPending}>
                {review.isPending ? null : <CheckCheck aria-hidden="true" />}
                {review.isPending ? t("payouts.markHandled.saving") : t("payouts.markHandled.confirm")}
              </Button>
            </DialogFooter>
          </div>
        ) : null}

        {step.step === "discard" ? (
          <div className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{t("payouts.markHandled.discardTitle")}</DialogTitle>
              <DialogDescription>{t("payouts.markHandled.discardDescription")}</DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setStep({ step: "edit" })}>
                {t("payouts.markHandled.keepEditing")}
              </Button>
              <Button type="button" variant="destructive" onClick={close}>
                {t("payouts.markHandled.discard")}
              </Button>
            </DialogFooter>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

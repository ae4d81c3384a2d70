"use client";

import { CheckCheck } from "lucide-react";
import { useState, type RefObject } from "react";
import { toast } from "@/components/ui/toast";
import { FormField } from "@/components/forms/form-field";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
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
  /** The button that opened it: focus goes back there when it closes. */
  opener: RefObject<HTMLButtonElement | null>;
}

/**
 * "Mark handled": a person closes a payout whose outcome the dashboard does not
 * know, with a note (≥ 3 characters) and optionally the payout id found with
 * the API. The form is validated with the BFF's own schema; a 422's field
 * messages land next to their fields. Closing the payout is confirmed first,
 * and closing the dialog with a typed note asks before discarding it.
 */
export function MarkHandledDialog({ idempotencyKey, open, onOpenChange, opener }: MarkHandledDialogProps) {
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
    if (step.step === "edit" && ((note ?? "").trim() !== "" || (payoutId ?? "").trim() !== ""))
      setStep({ step: "discard" });
    else close();
  };

  const toConfirm = form.handleSubmit((values) => {
    setPanelError(null);
    setStep({ step: "confirm", values });
  });

  const markHandled = (values: MarkHandledFields) => {
    review.mutate(
      {
        action: "mark_handled",
        idempotency_key: idempotencyKey,
        note: values.note,
        payout_id: values.payout_id ? values.payout_id : undefined,
      },
      {
        onSuccess: () => {
          toast.success(t("payouts.handled.toast"));
          close();
        },
        onError: (error) => {
          setStep({ step: "edit" });
          const { applied, unmatched } = applyServerErrors(error, form.setError, { knownFields: FIELDS });
          if (applied.length === 0 || Object.keys(unmatched).length > 0)
            setPanelError({ error, unmatched: applied.length > 0 ? unmatched : undefined });
        },
      },
    );
  };

  // One dialog whose steps replace each other: closing it (Escape, outside, ×) goes through requestClose.
  const dialog = {
    open,
    onOpenChange: (next: boolean) => (next ? onOpenChange(true) : requestClose()),
    formStep: step.step,
    opener,
    pending: review.isPending,
  };
  const backToEdit = () => setStep({ step: "edit" });

  if (step.step === "confirm") {
    const { values } = step;
    return (
      <ConfirmDialog
        {...dialog}
        title={t("payouts.markHandled.confirmTitle")}
        description={
          values.payout_id
            ? t("payouts.markHandled.confirmWithId", { id: values.payout_id })
            : t("payouts.markHandled.confirmDescription")
        }
        cancelLabel={t("common.back")}
        onCancel={backToEdit}
        confirmLabel={
          <>
            <CheckCheck aria-hidden="true" />
            {t("payouts.markHandled.confirm")}
          </>
        }
        pendingLabel={t("payouts.markHandled.saving")}
        onConfirm={() => markHandled(values)}
      >
        <blockquote className="rounded-md border-l-4 bg-muted px-3 py-2 text-sm break-words whitespace-pre-wrap">
          {values.note}
        </blockquote>
      </ConfirmDialog>
    );
  }

  if (step.step === "discard") {
    return (
      <ConfirmDialog
        {...dialog}
        title={t("payouts.markHandled.discardTitle")}
        description={t("payouts.markHandled.discardDescription")}
        cancelLabel={t("payouts.markHandled.keepEditing")}
        onCancel={backToEdit}
        confirmLabel={t("payouts.markHandled.discard")}
        destructive
        onConfirm={close}
      />
    );
  }

  return (
    <ConfirmDialog
      {...dialog}
      title={t("payouts.markHandled.title")}
      description={t("payouts.markHandled.description")}
      cancelLabel={t("common.cancel")}
      confirmLabel={t("payouts.markHandled.submit")}
      onConfirm={() => void toConfirm()}
      error={panelError?.error}
      errorFields={panelError?.unmatched}
    >
      <FormField
        label={t("payouts.markHandled.note")}
        description={t("payouts.markHandled.noteHint")}
        error={form.formState.errors.note?.message}
      >
        <Textarea rows={3} maxLength={500} autoFocus {...form.register("note")} />
      </FormField>
      <FormField
        label={t("payouts.markHandled.payoutId")}
        description={t("payouts.markHandled.payoutIdHint")}
        error={form.formState.errors.payout_id?.message}
        optional
      >
        <Input autoComplete="off" spellCheck={false} className="font-mono" {...form.register("payout_id")} />
      </FormField>
    </ConfirmDialog>
  );
}

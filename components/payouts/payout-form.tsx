"use client";

import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { Controller, type UseFormReturn } from "react-hook-form";
import { FormField } from "@/components/forms/form-field";
import { MoneyInput } from "@/components/forms/money-input";
import { PixKeyInput } from "@/components/forms/pix-key-input";
import { Button } from "@/components/ui/button";
import { useI18n } from "@/lib/browser/i18n";
import type { PayoutFormValues, PayoutInput } from "@/lib/shared/schemas/payout";

export type PayoutForm = UseFormReturn<PayoutFormValues, unknown, PayoutInput>;

export interface PayoutFormStepProps {
  form: PayoutForm;
  /** Called with the schema's output (key normalised) when every field is valid; nothing is sent. */
  onReview: (input: PayoutInput) => void;
  /** An error that did not land on a field (shown above the button). */
  error?: ReactNode;
  autoFocusAmount?: boolean;
}

/**
 * Step 1: amount and Pix key, validated with `payoutInputSchema` (the schema
 * the BFF uses): errors appear next to their fields and nothing is sent.
 */
export function PayoutFormStep({ form, onReview, error, autoFocusAmount = false }: PayoutFormStepProps) {
  const { t } = useI18n();
  const keyType = form.watch("pix_key_type");
  const { errors } = form.formState;

  return (
    <form noValidate onSubmit={form.handleSubmit(onReview)} className="grid gap-5">
      <Controller
        control={form.control}
        name="amount_centavos"
        render={({ field }) => (
          <FormField
            label={t("payouts.field.amount")}
            description={t("payouts.form.amountHint")}
            error={errors.amount_centavos?.message}
          >
            <MoneyInput
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
              autoFocus={autoFocusAmount}
              className="h-11 text-lg"
            />
          </FormField>
        )}
      />
      <Controller
        control={form.control}
        name="pix_key"
        render={({ field }) => (
          <FormField
            label={t("pixKey.key")}
            description={t("payouts.form.keyHint")}
            error={errors.pix_key?.message ?? errors.pix_key_type?.message}
          >
            <PixKeyInput
              type={keyType}
              onTypeChange={(next) => {
                form.setValue("pix_key_type", next, { shouldDirty: true });
                if (form.formState.isSubmitted) void form.trigger(["pix_key_type", "pix_key"]);
              }}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              typeName="pix_key_type"
              ref={field.ref}
            />
          </FormField>
        )}
      />
      {error}
      <div className="flex justify-end">
        <Button type="submit" size="lg" className="w-full sm:w-auto">
          {t("payouts.form.continue")}
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>
    </form>
  );
}

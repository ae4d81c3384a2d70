"use client";

import { useId, useState } from "react";
import { Controller } from "react-hook-form";
import { FormField } from "@/components/forms/form-field";
import { MoneyInput } from "@/components/forms/money-input";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Input } from "@/components/ui/input";
import { useI18n } from "@/lib/browser/i18n";
import type { PaymentLinkFormApi } from "./link-form-types";
import { parseMaxSales, type AmountKind } from "./link-model";

/** Messages zod's defaults produce for bounds the shared schema leaves untranslated. */
function maxSalesMessage(type: string | undefined, message: string | undefined): string | undefined {
  if (type === "too_big") return "paymentLinks.form.maxSalesTooBig";
  // Not a number at all ("5a0"): what it must be.
  if (type === "invalid_type") return "validation.integer";
  return message;
}

/** "Price": a fixed amount or a minimum (switching keeps what was typed), and the optional sales limit. */
export function LinkPriceSection({ form }: { form: PaymentLinkFormApi }) {
  const { t } = useI18n();
  const [amountMode, setAmountMode] = useState<AmountKind>("fixed");
  const { errors } = form.formState;

  const switchAmountMode = (next: AmountKind) => {
    if (next === amountMode) return;
    const from = amountMode === "fixed" ? "amount_centavos" : "min_amount_centavos";
    const to = next === "fixed" ? "amount_centavos" : "min_amount_centavos";
    const value = form.getValues(from);
    form.setValue(from, undefined);
    form.setValue(to, value, { shouldDirty: true });
    form.clearErrors(["amount_centavos", "min_amount_centavos"]);
    setAmountMode(next);
  };

  const amountError =
    amountMode === "fixed"
      ? errors.amount_centavos?.message
      : (errors.min_amount_centavos?.message ?? errors.amount_centavos?.message);

  return (
    <Card className="mt-4">
      <CardHeader>
        <CardTitle>{t("paymentLinks.form.section.price")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <AmountModeChoice mode={amountMode} onChange={switchAmountMode} />

        {amountMode === "fixed" ? (
          <Controller
            key="fixed"
            control={form.control}
            name="amount_centavos"
            render={({ field }) => (
              <FormField label={t("paymentLinks.field.amount")} error={amountError} required className="max-w-xs">
                <MoneyInput
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                  ref={field.ref}
                />
              </FormField>
            )}
          />
        ) : (
          <Controller
            key="minimum"
            control={form.control}
            name="min_amount_centavos"
            render={({ field }) => (
              <FormField
                label={t("paymentLinks.field.minAmount")}
                error={amountError}
                description={t("paymentLinks.form.minAmountHint")}
                required
                className="max-w-xs"
              >
                <MoneyInput
                  value={field.value}
                  onChange={(value) => {
                    field.onChange(value);
                    if (value !== undefined) form.clearErrors("amount_centavos");
                  }}
                  onBlur={field.onBlur}
                  name={field.name}
                  ref={field.ref}
                />
              </FormField>
            )}
          />
        )}

        <MaxSalesField form={form} />
      </CardContent>
    </Card>
  );
}

function AmountModeChoice({ mode: current, onChange }: { mode: AmountKind; onChange: (mode: AmountKind) => void }) {
  const { t } = useI18n();
  const formId = useId();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{t("paymentLinks.form.amountMode")}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {(["fixed", "minimum"] as const).map((mode) => {
          const id = `${formId}-mode-${mode}`;
          const checked = current === mode;
          return (
            <label
              key={mode}
              htmlFor={id}
              className={cn(
                "flex cursor-pointer gap-3 rounded-md border bg-card p-3 text-sm transition-colors hover:bg-muted/60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                checked && "border-primary bg-accent/60",
              )}
            >
              <input
                id={id}
                type="radio"
                name={`${formId}-amount-mode`}
                value={mode}
                checked={checked}
                onChange={() => onChange(mode)}
                className="mt-0.5 size-4 accent-primary"
                aria-labelledby={`${id}-label`}
                aria-describedby={`${id}-hint`}
              />
              <span className="grid gap-0.5">
                <span id={`${id}-label`} className="font-medium">
                  {t(mode === "fixed" ? "paymentLinks.amountType.fixed" : "paymentLinks.amountType.minimum")}
                </span>
                <span id={`${id}-hint`} className="text-xs text-muted-foreground">
                  {t(mode === "fixed" ? "paymentLinks.form.fixedHint" : "paymentLinks.form.minimumHint")}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** A whole number of sales; empty means no limit. */
function MaxSalesField({ form }: { form: PaymentLinkFormApi }) {
  const { t, locale } = useI18n();
  const [maxSalesText, setMaxSalesText] = useState("");
  return (
    <Controller
      control={form.control}
      name="max_sales"
      render={({ field, fieldState }) => (
        <FormField
          label={t("paymentLinks.field.maxSales")}
          optional
          error={maxSalesMessage(fieldState.error?.type, fieldState.error?.message)}
          description={t("paymentLinks.form.maxSalesHint")}
        >
          <Input
            ref={field.ref}
            name={field.name}
            inputMode="numeric"
            autoComplete="off"
            maxLength={9}
            className="max-w-48 tabular-nums"
            placeholder={t("paymentLinks.noLimit")}
            value={maxSalesText}
            onChange={(event) => {
              setMaxSalesText(event.target.value);
              field.onChange(parseMaxSales(event.target.value, locale));
            }}
            onBlur={field.onBlur}
          />
        </FormField>
      )}
    />
  );
}

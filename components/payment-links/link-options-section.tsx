"use client";

import { useId } from "react";
import { Controller } from "react-hook-form";
import { DateTimeInput } from "@/components/forms/date-time-input";
import { FormField } from "@/components/forms/form-field";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useNow } from "@/lib/browser/hooks/use-now";
import { useI18n } from "@/lib/browser/i18n";
import { EXPIRY_HORIZON_MS } from "@/lib/shared/schemas/dates";
import type { PaymentLinkFormApi } from "./link-form-types";

/** "Options": the expiry (typed in the operator's zone, sent as UTC) and whether to collect customer data. */
export function LinkOptionsSection({ form }: { form: PaymentLinkFormApi }) {
  const { t } = useI18n();
  const formId = useId();
  const now = useNow(60_000);
  const { errors } = form.formState;
  return (
    <Card className="mt-4">
      <CardHeader>
        <CardTitle>{t("paymentLinks.form.section.options")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Controller
          control={form.control}
          name="expires_at"
          render={({ field }) => (
            <FormField
              label={t("paymentLinks.field.expiresAt")}
              optional
              error={errors.expires_at?.message}
              description={t("paymentLinks.form.expiresHint")}
            >
              <DateTimeInput
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                name={field.name}
                ref={field.ref}
                min={new Date(now).toISOString()}
                max={new Date(now + EXPIRY_HORIZON_MS).toISOString()}
                // The same words as the form's own rule, said as soon as the time is typed.
                rangeMessage={{ min: t("validation.expiresInPast"), max: t("validation.expiresTooFar") }}
                calendarLabel={t("form.openCalendarFor", { field: t("paymentLinks.field.expiresAt") })}
                fieldClassName="max-w-64"
              />
            </FormField>
          )}
        />

        <div className="flex gap-3">
          <input
            id={`${formId}-collect`}
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary"
            aria-describedby={`${formId}-collect-hint`}
            {...form.register("collect_customer_data")}
          />
          <div className="grid gap-0.5">
            <label htmlFor={`${formId}-collect`} className="text-sm font-medium">
              {t("paymentLinks.field.collectCustomerData")}
            </label>
            <p id={`${formId}-collect-hint`} className="text-xs text-muted-foreground">
              {t("paymentLinks.form.collectHint")}
            </p>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

"use client";

import { useEffect } from "react";
import { FormField } from "@/components/forms/form-field";
import { PasswordInput } from "@/components/forms/password-input";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Input } from "@/components/ui/input";
import { useZodForm } from "@/lib/browser/hooks/use-zod-form";
import { useI18n } from "@/lib/browser/i18n";
import { operatorSignInSchema } from "@/lib/shared/schemas/session";
import { SignInThrottleNotice } from "./sign-in-throttle-notice";
import { recallOperatorName, useSignInSubmit } from "./use-sign-in";

export interface OperatorSignInFormProps {
  next?: string | null;
  defaultApiKey?: string;
  defaultOperatorName?: string;
  onOperatorNameChange?: (name: string) => void;
}

/** Operator sign-in: the business's API key (full access) and the operator's name for the audit log. */
export function OperatorSignInForm({ next, defaultApiKey = "", defaultOperatorName = "", onOperatorNameChange }: OperatorSignInFormProps) {
  const { t } = useI18n();
  const form = useZodForm(operatorSignInSchema, { defaultValues: { apiKey: defaultApiKey, operatorName: defaultOperatorName } });
  const { submit, busy, panelError, unmatched, throttledUntil } = useSignInSubmit<{ apiKey: string; operatorName: string }>(next, "apiKey", ["apiKey", "operatorName"]);
  const { errors } = form.formState;

  useEffect(() => {
    if (!form.getValues("operatorName")) {
      const remembered = recallOperatorName();
      if (remembered) form.setValue("operatorName", remembered);
    }
  }, [form]);

  const nameField = form.register("operatorName", { onChange: (e: { target: { value: string } }) => onOperatorNameChange?.(e.target.value) });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => submit(values, form.setError))} className="grid gap-4" aria-busy={busy || undefined}>
      <FormField label={t("login.apiKey")} description={t("login.apiKeyDescription")} error={errors.apiKey?.message} required>
        <PasswordInput secretLabel={t("login.apiKey")} placeholder="sk_…" disabled={busy} {...form.register("apiKey")} />
      </FormField>
      <FormField label={t("login.operatorName")} description={t("login.operatorNameDescription")} error={errors.operatorName?.message} required>
        <Input autoComplete="name" disabled={busy} {...nameField} />
      </FormField>
      {throttledUntil ? <SignInThrottleNotice until={throttledUntil} /> : null}
      {panelError && !throttledUntil ? <ErrorPanel error={panelError} unmatchedFields={unmatched} title={t("login.failed")} /> : null}
      <Button type="submit" className="w-full" loading={busy} disabled={throttledUntil !== null}>
        {busy ? t("login.submitting") : t("login.submit")}
      </Button>
    </form>
  );
}

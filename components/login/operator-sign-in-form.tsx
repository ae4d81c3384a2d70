"use client";

import { FormField } from "@/components/forms/form-field";
import { PasswordInput } from "@/components/forms/password-input";
import { useZodForm } from "@/lib/browser/hooks/use-zod-form";
import { useI18n } from "@/lib/browser/i18n";
import { operatorSignInSchema } from "@/lib/shared/schemas/session";
import { OperatorNameField, SignInSubmitArea, useRememberedOperatorName } from "./sign-in-form-parts";
import { useSignInSubmit } from "./use-sign-in";

export interface OperatorSignInFormProps {
  next?: string | null;
  defaultApiKey?: string;
  defaultOperatorName?: string;
  onOperatorNameChange?: (name: string) => void;
}

/** Operator sign-in: the business's API key (full access) and the operator's name for the audit log. */
export function OperatorSignInForm({
  next,
  defaultApiKey = "",
  defaultOperatorName = "",
  onOperatorNameChange,
}: OperatorSignInFormProps) {
  const { t } = useI18n();
  const form = useZodForm(operatorSignInSchema, {
    defaultValues: { apiKey: defaultApiKey, operatorName: defaultOperatorName },
  });
  const { submit, busy, panelError, unmatched, throttledUntil } = useSignInSubmit<{
    apiKey: string;
    operatorName: string;
  }>(next, "apiKey", ["apiKey", "operatorName"]);
  const { errors } = form.formState;

  useRememberedOperatorName(form);

  const nameField = form.register("operatorName", {
    onChange: (e: { target: { value: string } }) => onOperatorNameChange?.(e.target.value),
  });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => submit(values, form.setError))}
      className="grid gap-4"
      aria-busy={busy || undefined}
    >
      <FormField
        label={t("login.apiKey")}
        description={t("login.apiKeyDescription")}
        error={errors.apiKey?.message}
        required
      >
        <PasswordInput
          secretLabel={t("login.apiKey")}
          placeholder="sk_…"
          disabled={busy}
          {...form.register("apiKey")}
        />
      </FormField>
      <OperatorNameField registration={nameField} error={errors.operatorName?.message} busy={busy} />
      <SignInSubmitArea busy={busy} panelError={panelError} unmatched={unmatched} throttledUntil={throttledUntil} />
    </form>
  );
}

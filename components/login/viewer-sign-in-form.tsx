"use client";

import { FormField } from "@/components/forms/form-field";
import { PasswordInput } from "@/components/forms/password-input";
import { Input } from "@/components/ui/input";
import { useZodForm } from "@/lib/browser/hooks/use-zod-form";
import { useI18n } from "@/lib/browser/i18n";
import { viewerSignInSchema } from "@/lib/shared/schemas/session";
import { OperatorNameField, SignInSubmitArea, useRememberedOperatorName } from "./sign-in-form-parts";
import { useSignInSubmit } from "./use-sign-in";

export interface ViewerSignInFormProps {
  next?: string | null;
  defaultAccessToken?: string;
  defaultBusinessId?: string;
  defaultOperatorName?: string;
  onOperatorNameChange?: (name: string) => void;
}

/** Viewer sign-in (finance, support): an access token and its business id; payout lookup and chargebacks only. */
export function ViewerSignInForm({
  next,
  defaultAccessToken = "",
  defaultBusinessId = "",
  defaultOperatorName = "",
  onOperatorNameChange,
}: ViewerSignInFormProps) {
  const { t } = useI18n();
  const form = useZodForm(viewerSignInSchema, {
    defaultValues: {
      accessToken: defaultAccessToken,
      businessId: defaultBusinessId,
      operatorName: defaultOperatorName,
    },
  });
  const { submit, busy, panelError, unmatched, throttledUntil } = useSignInSubmit<{
    accessToken: string;
    businessId: string;
    operatorName: string;
  }>(next, "accessToken", ["accessToken", "businessId", "operatorName"]);
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
        label={t("login.accessToken")}
        description={t("login.accessTokenDescription")}
        error={errors.accessToken?.message}
        required
      >
        <PasswordInput
          secretLabel={t("login.accessToken")}
          placeholder="at_…"
          disabled={busy}
          {...form.register("accessToken")}
        />
      </FormField>
      <FormField
        label={t("login.businessId")}
        description={t("login.businessIdDescription")}
        error={errors.businessId?.message}
        required
      >
        <Input
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="00000000-0000-0000-0000-000000000000"
          className="font-mono"
          disabled={busy}
          {...form.register("businessId", { setValueAs: (v: unknown) => (typeof v === "string" ? v.trim() : v) })}
        />
      </FormField>
      <OperatorNameField registration={nameField} error={errors.operatorName?.message} busy={busy} />
      <SignInSubmitArea busy={busy} panelError={panelError} unmatched={unmatched} throttledUntil={throttledUntil} />
    </form>
  );
}

"use client";

import { useZodForm } from "@/lib/browser/hooks/use-zod-form";
import { useI18n } from "@/lib/browser/i18n";
import { operatorSignInSchema } from "@/lib/shared/schemas/session";
import { CredentialField, SignInFormFrame, useSignInForm } from "./sign-in-form-parts";

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
  const frame = useSignInForm(form, {
    next,
    credentialField: "apiKey",
    knownFields: ["apiKey", "operatorName"],
    onOperatorNameChange,
  });
  const { errors } = form.formState;

  return (
    <SignInFormFrame {...frame} nameError={errors.operatorName?.message}>
      <CredentialField
        label={t("login.apiKey")}
        description={t("login.apiKeyDescription")}
        placeholder="sk_…"
        registration={form.register("apiKey")}
        error={errors.apiKey?.message}
        busy={frame.busy}
      />
    </SignInFormFrame>
  );
}

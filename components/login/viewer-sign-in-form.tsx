"use client";

import { FormField } from "@/components/forms/form-field";
import { Input } from "@/components/ui/input";
import { useZodForm } from "@/lib/browser/hooks/use-zod-form";
import { useI18n } from "@/lib/browser/i18n";
import { viewerSignInSchema } from "@/lib/shared/schemas/session";
import { CredentialField, SignInFormFrame, useSignInForm } from "./sign-in-form-parts";

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
  const frame = useSignInForm(form, {
    next,
    credentialField: "accessToken",
    knownFields: ["accessToken", "businessId", "operatorName"],
    onOperatorNameChange,
  });
  const { errors } = form.formState;

  return (
    <SignInFormFrame {...frame} nameError={errors.operatorName?.message}>
      <CredentialField
        label={t("login.accessToken")}
        description={t("login.accessTokenDescription")}
        placeholder="at_…"
        registration={form.register("accessToken")}
        error={errors.accessToken?.message}
        busy={frame.busy}
      />
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
          disabled={frame.busy}
          {...form.register("businessId", { setValueAs: (v: unknown) => (typeof v === "string" ? v.trim() : v) })}
        />
      </FormField>
    </SignInFormFrame>
  );
}

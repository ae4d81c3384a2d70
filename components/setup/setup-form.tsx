"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { FormField } from "@/components/forms/form-field";
import { PasswordInput } from "@/components/forms/password-input";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Input } from "@/components/ui/input";
import { applyServerErrors } from "@/lib/browser/bff-client/form-errors";
import { useZodForm } from "@/lib/browser/hooks/use-zod-form";
import { useI18n } from "@/lib/browser/i18n";
import { useSetUpWorkspace } from "@/lib/browser/query/workspace";
import { setupBodySchema } from "@/lib/shared/schemas/workspace-setup";

const FIELDS = ["name", "email", "password", "businessName", "apiKey", "accessToken"] as const;

/** An optional credential left empty is not given at all (the schema checks a given one's shape, and "" has none). */
const blankIsAbsent = { setValueAs: (value: string) => (value === "" ? undefined : value) };

/** The first owner's form: who they are, their password, and the business's credentials (unless the server provides them). */
export function SetupForm({
  token,
  apiKeyProvisioned,
  businessName,
}: {
  token: string;
  apiKeyProvisioned: boolean;
  businessName: string;
}) {
  const { t } = useI18n();
  const router = useRouter();
  const setUp = useSetUpWorkspace();
  const [panelError, setPanelError] = useState<unknown>(null);
  const form = useZodForm(setupBodySchema, {
    defaultValues: { token, name: "", email: "", password: "", businessName },
  });
  const { errors } = form.formState;
  const busy = setUp.isPending;

  const onSubmit = form.handleSubmit((values) => {
    setPanelError(null);
    setUp.mutate(values, {
      onSuccess: () => router.replace("/"),
      onError: (error) => {
        const { applied } = applyServerErrors(error, form.setError, { knownFields: FIELDS });
        if (applied.length === 0) setPanelError(error);
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={busy || undefined}>
      <FormField label={t("setup.name")} error={errors.name?.message}>
        <Input autoComplete="name" disabled={busy} {...form.register("name")} />
      </FormField>
      <FormField label={t("setup.email")} error={errors.email?.message}>
        <Input type="email" autoComplete="email" disabled={busy} {...form.register("email")} />
      </FormField>
      <FormField
        label={t("setup.password")}
        description={t("setup.passwordDescription")}
        error={errors.password?.message}
      >
        <PasswordInput
          secretLabel={t("setup.password")}
          autoComplete="new-password"
          disabled={busy}
          {...form.register("password")}
        />
      </FormField>
      <FormField label={t("setup.businessName")} error={errors.businessName?.message} optional>
        <Input autoComplete="organization" disabled={busy} {...form.register("businessName")} />
      </FormField>
      {apiKeyProvisioned ? (
        <p className="text-sm text-muted-foreground">{t("setup.apiKeyProvisioned")}</p>
      ) : (
        <FormField label={t("setup.apiKey")} description={t("setup.apiKeyDescription")} error={errors.apiKey?.message}>
          <PasswordInput
            secretLabel={t("setup.apiKey")}
            autoComplete="off"
            placeholder="sk_…"
            disabled={busy}
            {...form.register("apiKey", blankIsAbsent)}
          />
        </FormField>
      )}
      <FormField
        label={t("setup.accessToken")}
        description={t("setup.accessTokenDescription")}
        error={errors.accessToken?.message}
        optional
      >
        <PasswordInput
          secretLabel={t("setup.accessToken")}
          autoComplete="off"
          disabled={busy}
          {...form.register("accessToken", blankIsAbsent)}
        />
      </FormField>
      {panelError ? <ErrorPanel error={panelError} title={t("setup.failed")} /> : null}
      <Button type="submit" className="w-full" loading={busy}>
        {busy ? t("setup.submitting") : t("setup.submit")}
      </Button>
    </form>
  );
}

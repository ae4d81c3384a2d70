"use client";

import { useState, type FormEvent, type ReactNode } from "react";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Input } from "@/components/ui/input";
import { isBffRequestError } from "@/lib/browser/bff-client/errors";
import { useI18n } from "@/lib/browser/i18n";

/** A 6-digit code from the authenticator (and, for turning 2FA off, the password too), then `submit`. */
export function CodeForm({
  submitLabel,
  withPassword = false,
  pending,
  error,
  onSubmit,
  destructive = false,
  children,
}: {
  submitLabel: string;
  withPassword?: boolean;
  pending: boolean;
  error: unknown;
  onSubmit: (input: { code: string; password: string }) => void;
  destructive?: boolean;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const fields = isBffRequestError(error) ? error.fields : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ code: code.replace(/\s+/g, ""), password });
  };
  return (
    <form onSubmit={submit} className="grid max-w-sm gap-3" noValidate>
      {children}
      {withPassword ? (
        <FormField label={t("account.password.current")} error={fields.password}>
          <Input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </FormField>
      ) : null}
      <FormField label={t("account.twoFactor.code")} error={fields.code}>
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </FormField>
      {error && !(isBffRequestError(error) && error.code === "validation_error") ? (
        <ErrorPanel error={error} headingLevel="h3" />
      ) : null}
      <div>
        <Button type="submit" loading={pending} variant={destructive ? "destructive" : "default"}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

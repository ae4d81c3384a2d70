"use client";

import { useState } from "react";
import { FormField } from "@/components/forms/form-field";
import { PasswordInput } from "@/components/forms/password-input";
import { Button } from "@/components/ui/button";
import { DateTime } from "@/components/ui/date-time";
import { ErrorPanel } from "@/components/ui/error-panel";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/lib/browser/i18n";
import { useReplaceWorkspaceCredential } from "@/lib/browser/query/workspace";
import type { CredentialView } from "@/lib/shared/schemas/workspace-setup";

/** One credential: fingerprint, last 4, stored when and by whom; the owner may replace it (unless the server provides it). */
export function CredentialRow({ credential }: { credential: CredentialView }) {
  const { t } = useI18n();
  const label = t(credential.kind === "api_key" ? "settings.credentials.api_key" : "settings.credentials.bearer");
  const replace = useReplaceWorkspaceCredential();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState("");

  const submit = () =>
    replace.mutate(
      credential.kind === "api_key" ? { kind: "api_key", apiKey: value } : { kind: "bearer", accessToken: value },
      {
        onSuccess: () => {
          setValue("");
          setEditing(false);
          toast.success(t("settings.credentials.replaced"));
        },
      },
    );

  return (
    <div className="grid gap-2 border-b py-3 last:border-b-0">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium">{label}</span>
        {credential.source === "vault" && !editing ? (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            {t("settings.credentials.replace")}
          </Button>
        ) : null}
      </div>
      {credential.source === "environment" ? (
        <p className="text-sm text-muted-foreground">{t("settings.credentials.environment")}</p>
      ) : credential.source === "none" ? (
        <p className="text-sm text-muted-foreground">{t("settings.credentials.none")}</p>
      ) : (
        <p className="text-sm">
          <span className="font-mono">{credential.fingerprint}</span>
          {credential.last4 ? <span className="font-mono"> …{credential.last4}</span> : null}
          <span className="block text-muted-foreground">
            {t("settings.credentials.storedBy", { name: credential.stored_by ?? "" })}{" "}
            <DateTime value={credential.stored_at} />
          </span>
        </p>
      )}
      {editing || credential.source === "none" ? (
        <form
          noValidate
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <FormField label={t("settings.credentials.newValue")} description={t("settings.credentials.replaceHint")}>
            <PasswordInput
              secretLabel={label}
              autoComplete="off"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              disabled={replace.isPending}
            />
          </FormField>
          {replace.error ? <ErrorPanel error={replace.error} /> : null}
          <div className="flex gap-2">
            <Button type="submit" size="sm" loading={replace.isPending} disabled={value.trim() === ""}>
              {t("common.save")}
            </Button>
            {editing ? (
              <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(false)}>
                {t("common.cancel")}
              </Button>
            ) : null}
          </div>
        </form>
      ) : null}
    </div>
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ErrorPanel } from "@/components/ui/error-panel";
import { QueryErrorPanel } from "@/components/ui/query-error-panel";
import { toast } from "@/components/ui/toast";
import { isBffRequestError } from "@/lib/browser/bff-client/errors";
import { useI18n } from "@/lib/browser/i18n";
import { useChangeWorkspaceSettings, workspaceSettingsQuery } from "@/lib/browser/query/workspace";
import type { MessageKey } from "@/lib/shared/i18n/dictionaries";

/** "Require two-step verification for everyone": a checkbox saved as it changes. */
export function TwoFactorSetting() {
  const { t } = useI18n();
  const id = useId();
  const settings = useQuery(workspaceSettingsQuery());
  const change = useChangeWorkspaceSettings();
  const [error, setError] = useState<unknown>(null);
  const fieldMessage = isBffRequestError(error) ? error.fields.require2fa : undefined;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("settings.security.title")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {settings.isError ? <QueryErrorPanel query={settings} /> : null}
        <div className="flex items-start gap-3">
          <input
            id={id}
            type="checkbox"
            className="mt-1 size-4"
            checked={settings.data?.require2fa ?? false}
            disabled={!settings.data || change.isPending}
            aria-invalid={fieldMessage ? true : undefined}
            aria-describedby={fieldMessage ? `${id}-description ${id}-error` : `${id}-description`}
            onChange={(event) => {
              setError(null);
              change.mutate(
                { require2fa: event.target.checked },
                { onSuccess: () => toast.success(t("settings.saved")), onError: setError },
              );
            }}
          />
          <div className="grid gap-1">
            <label htmlFor={id} className="text-sm font-medium">
              {t("settings.require2fa")}
            </label>
            <p id={`${id}-description`} className="text-sm text-muted-foreground">
              {t("settings.require2faDescription")}
            </p>
          </div>
        </div>
        {fieldMessage ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
            {t(fieldMessage as MessageKey)}
          </p>
        ) : error ? (
          <ErrorPanel error={error} />
        ) : null}
      </CardContent>
    </Card>
  );
}

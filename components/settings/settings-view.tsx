"use client";

import { useQuery } from "@tanstack/react-query";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { QueryErrorPanel } from "@/components/ui/query-error-panel";
import { useI18n } from "@/lib/browser/i18n";
import { workspaceCredentialsQuery } from "@/lib/browser/query/workspace";
import { CredentialRow } from "./credential-row";
import { TwoFactorSetting } from "./two-factor-setting";

function CredentialsSection() {
  const { t } = useI18n();
  const credentials = useQuery(workspaceCredentialsQuery());
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("settings.credentials.title")}</CardTitle>
        <CardDescription>{t("settings.credentials.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {credentials.isError ? <QueryErrorPanel query={credentials} /> : null}
        {credentials.data ? (
          <>
            <CredentialRow credential={credentials.data.api_key} />
            <CredentialRow credential={credentials.data.bearer} />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** /settings: two-step verification for everyone (owner, admin) and the business's credentials (owner). */
export function SettingsView({ showCredentials }: { showCredentials: boolean }) {
  const { t } = useI18n();
  return (
    <div className="grid gap-6">
      <PageHeader title={t("settings.title")} description={t("settings.description")} />
      <TwoFactorSetting />
      {showCredentials ? <CredentialsSection /> : null}
    </div>
  );
}

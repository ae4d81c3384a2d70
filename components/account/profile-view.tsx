"use client";

import { useQuery } from "@tanstack/react-query";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { ErrorPanel } from "@/components/ui/error-panel";
import { PageHeader } from "@/components/ui/page-header";
import { useI18n } from "@/lib/browser/i18n";
import { accountProfileQuery } from "@/lib/browser/query/account";
import { AccountNav } from "./account-nav";
import { PasswordForm } from "./password-form";

/** /account: who the person is (name, e-mail) and their password. */
export function ProfileView() {
  const { t } = useI18n();
  const profile = useQuery(accountProfileQuery());
  const data = profile.data;
  return (
    <>
      <PageHeader title={t("account.title")} description={t("account.description")} />
      <AccountNav />
      <div className="grid gap-6">
        {profile.isError ? (
          <ErrorPanel error={profile.error} onRetry={() => void profile.refetch()} live="none" />
        ) : null}
        {data ? (
          <>
            <Card>
              <CardHeader>
                <CardTitle>{t("account.profile.title")}</CardTitle>
              </CardHeader>
              <CardContent>
                <dl className="grid gap-2 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-6">
                  <dt className="text-muted-foreground">{t("account.profile.name")}</dt>
                  <dd>{data.name}</dd>
                  <dt className="text-muted-foreground">{t("account.profile.email")}</dt>
                  <dd>{data.email}</dd>
                  <dt className="text-muted-foreground">{t("account.profile.passwordChangedAt")}</dt>
                  <dd>
                    <DateTime value={data.password_changed_at} />
                  </dd>
                </dl>
              </CardContent>
            </Card>
            <PasswordForm email={data.email} />
          </>
        ) : null}
      </div>
    </>
  );
}

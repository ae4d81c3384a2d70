"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ErrorPanel } from "@/components/ui/error-panel";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/lib/browser/i18n";
import { accountProfileQuery, useRegenerateRecoveryCodes, useTurnOffTwoFactor } from "@/lib/browser/query/account";
import type { AccountProfile, RecoveryCodes } from "@/lib/shared/schemas/account";
import { CodeForm } from "./code-form";
import { RecoveryCodesPanel } from "./recovery-codes-panel";
import { TwoFactorSetup } from "./two-factor-setup";

type Open = "regenerate" | "turn-off" | null;

function EnabledActions({ profile, onCodes }: { profile: AccountProfile; onCodes: (codes: RecoveryCodes) => void }) {
  const { t } = useI18n();
  const [open, setOpen] = useState<Open>(null);
  const regenerate = useRegenerateRecoveryCodes();
  const turnOff = useTurnOffTwoFactor();
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => setOpen(open === "regenerate" ? null : "regenerate")}>
          {t("account.recovery.regenerate")}
        </Button>
        {profile.two_factor.required ? null : (
          <Button variant="outline" size="sm" onClick={() => setOpen(open === "turn-off" ? null : "turn-off")}>
            {t("account.turnOff.title")}
          </Button>
        )}
      </div>
      {profile.two_factor.required ? (
        <p className="text-sm text-muted-foreground">{t("account.twoFactor.required")}</p>
      ) : null}
      {open === "regenerate" ? (
        <CodeForm
          submitLabel={t("account.recovery.regenerate")}
          pending={regenerate.isPending}
          error={regenerate.error}
          onSubmit={({ code }) =>
            regenerate.mutate(
              { code },
              {
                onSuccess: (codes) => {
                  setOpen(null);
                  onCodes(codes);
                },
              },
            )
          }
        >
          <p className="text-sm">{t("account.recovery.regenerateDescription")}</p>
        </CodeForm>
      ) : null}
      {open === "turn-off" ? (
        <CodeForm
          withPassword
          destructive
          submitLabel={t("account.turnOff.submit")}
          pending={turnOff.isPending}
          error={turnOff.error}
          onSubmit={(body) =>
            turnOff.mutate(body, {
              onSuccess: () => {
                setOpen(null);
                toast.success(t("account.turnOff.done"));
              },
            })
          }
        >
          <p className="text-sm">{t("account.turnOff.description")}</p>
        </CodeForm>
      ) : null}
    </div>
  );
}

/** Where the person's 2FA stands, and what they can do about it (set up, new recovery codes, turn off). */
export function TwoFactorCard() {
  const { t, formatDate } = useI18n();
  const profile = useQuery(accountProfileQuery());
  // Recovery codes live only here, only until the person says they saved them.
  const [codes, setCodes] = useState<RecoveryCodes | null>(null);
  const data = profile.data;
  const enabled = data?.two_factor.enabled ?? false;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {t("account.twoFactor.title")}
          {data ? (
            <Badge tone={enabled ? "success" : "neutral"}>
              {enabled ? t("account.twoFactor.on") : t("account.twoFactor.off")}
            </Badge>
          ) : null}
        </CardTitle>
        {data ? (
          <CardDescription>
            {enabled && data.two_factor.enabled_at
              ? `${t("account.twoFactor.onSince", { date: formatDate(new Date(data.two_factor.enabled_at)) })} ${t("account.twoFactor.codesLeft", { count: data.two_factor.recovery_codes_left })}`
              : t("account.twoFactor.offDescription")}
          </CardDescription>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {data?.two_factor.pending ? (
          <Alert
            tone="warning"
            live="none"
            title={t("account.twoFactor.pendingTitle")}
            description={t("account.twoFactor.pendingDescription")}
          />
        ) : null}
        {profile.isError ? (
          <ErrorPanel error={profile.error} onRetry={() => void profile.refetch()} live="none" />
        ) : null}
        {codes && data ? (
          <RecoveryCodesPanel codes={codes.recovery_codes} email={data.email} onDone={() => setCodes(null)} />
        ) : null}
        {data && !enabled ? (
          <TwoFactorSetup
            onEnabled={(fresh) => {
              setCodes(fresh);
              toast.success(t("account.twoFactor.enabled"));
            }}
          />
        ) : null}
        {data && enabled && !codes ? <EnabledActions profile={data} onCodes={setCodes} /> : null}
      </CardContent>
    </Card>
  );
}

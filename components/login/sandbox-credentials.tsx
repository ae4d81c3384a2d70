"use client";

import { FlaskConical, KeyRound } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useI18n } from "@/lib/browser/i18n";
import type { SandboxBusiness } from "./sandbox-businesses";

export interface SandboxCredentialsProps {
  /** The sandbox's demo businesses, from the server. */
  businesses: readonly SandboxBusiness[];
  onUseOperator: (business: SandboxBusiness) => void;
  onUseViewer: (business: SandboxBusiness) => void;
}

/** Demo credentials with buttons that fill the form (sandbox mode only). */
export function SandboxCredentials({ businesses, onUseOperator, onUseViewer }: SandboxCredentialsProps) {
  const { t } = useI18n();
  return (
    <section
      aria-labelledby="sandbox-credentials-title"
      className="rounded-lg border border-dashed border-sandbox-foreground/30 bg-sandbox/35 p-4 text-sm"
    >
      <div className="flex items-center gap-2">
        <FlaskConical className="size-4 text-sandbox-foreground" aria-hidden="true" />
        <h2 id="sandbox-credentials-title" className="font-semibold">
          {t("login.sandbox.title")}
        </h2>
        <Badge tone="sandbox" className="ml-auto">
          {t("shell.sandbox")}
        </Badge>
      </div>
      <p className="mt-1.5 text-muted-foreground">{t("login.sandbox.description")}</p>
      <ul className="mt-3 grid gap-3">
        {businesses.map((business) => (
          <li key={business.name} className="rounded-md border bg-card p-3">
            <p className="font-medium">{business.name}</p>
            <dl className="mt-1.5 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-xs">
              <dt className="text-muted-foreground">{t("login.apiKey")}</dt>
              <dd className="truncate font-mono">{business.apiKey}</dd>
              <dt className="text-muted-foreground">{t("login.accessToken")}</dt>
              <dd className="truncate font-mono">{business.accessToken}</dd>
              <dt className="text-muted-foreground">{t("login.businessId")}</dt>
              <dd className="truncate font-mono">{business.businessId}</dd>
            </dl>
            <div className="mt-2.5 flex flex-wrap gap-2">
              <Button type="button" variant="outline" size="sm" onClick={() => onUseOperator(business)}>
                <KeyRound aria-hidden="true" />
                {t("login.sandbox.useOperator", { business: business.name })}
              </Button>
              <Button type="button" variant="outline" size="sm" onClick={() => onUseViewer(business)}>
                {t("login.sandbox.useViewer", { business: business.name })}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

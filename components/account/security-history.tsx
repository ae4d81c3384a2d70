"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { ExportButtons } from "@/components/ui/export-buttons";
import { downloadExportFrom } from "@/lib/browser/export";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useI18n } from "@/lib/browser/i18n";
import { OWN_SECURITY_EVENTS_EXPORT, securityEventsQuery } from "@/lib/browser/query/account";
import { zoneLabelWithShortName } from "@/lib/shared/i18n/zone-label";
import { SecurityEventsTable } from "./security-events-table";

/** The person's security history: when (in the chosen zone), what, from which address and device. */
export function SecurityHistory() {
  const { t, timeZone, timeZoneName } = useI18n();
  const query = useInfiniteQuery(securityEventsQuery());

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div>
          <CardTitle>{t("account.history.title")}</CardTitle>
          <CardDescription>
            {t("account.history.description", { zone: zoneLabelWithShortName(timeZone, t, timeZoneName()) })}
          </CardDescription>
        </div>
        <ExportButtons onExport={(format) => downloadExportFrom(OWN_SECURITY_EVENTS_EXPORT, format)} />
      </CardHeader>
      <CardContent>
        <SecurityEventsTable query={query} />
      </CardContent>
    </Card>
  );
}

"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { Button } from "@/components/ui/button";
import { ExportButtons } from "@/components/ui/export-buttons";
import { downloadExportFrom } from "@/lib/browser/export";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useI18n } from "@/lib/browser/i18n";
import { OWN_SECURITY_EVENTS_EXPORT, securityEventsQuery } from "@/lib/browser/query/account";
import { zoneLabelWithShortName } from "@/lib/shared/i18n/zone-label";
import type { SecurityEvent } from "@/lib/shared/schemas/account";
import { summariseUserAgent } from "./user-agent";

/** The person's security history: when (in the chosen zone), what, from which address and device. */
export function SecurityHistory() {
  const { t, timeZone, timeZoneName } = useI18n();
  const query = useInfiniteQuery(securityEventsQuery());
  const events = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);

  const what = (event: SecurityEvent) => {
    const factor = event.factor && t(`account.factor.${event.factor}`);
    return factor ? `${t(`account.event.${event.kind}`)} (${factor})` : t(`account.event.${event.kind}`);
  };
  const device = (event: SecurityEvent) => {
    const summary = summariseUserAgent(event.user_agent);
    return summary ? t("account.device.summary", summary) : t("account.device.unknown");
  };

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
        {query.isError ? (
          <ErrorPanel error={query.error} onRetry={() => void query.refetch()} live="none" headingLevel="h3" />
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{t("account.history.when")}</TableHead>
                <TableHead>{t("account.history.what")}</TableHead>
                <TableHead>{t("account.history.address")}</TableHead>
                <TableHead>{t("account.history.device")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {events.map((event) => (
                <TableRow key={event.id}>
                  <TableCell>
                    <DateTime value={event.at} />
                  </TableCell>
                  <TableCell>{what(event)}</TableCell>
                  <TableCell className="font-mono text-xs">
                    {event.client_address ?? t("account.device.unknown")}
                    {event.address_verified ? null : (
                      <span className="ml-1 text-muted-foreground">({t("account.history.unverified")})</span>
                    )}
                  </TableCell>
                  <TableCell title={event.user_agent ?? undefined}>{device(event)}</TableCell>
                </TableRow>
              ))}
              {query.isSuccess && events.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={4} className="text-muted-foreground">
                    {t("account.history.empty")}
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        )}
        {query.hasNextPage ? (
          <Button
            variant="outline"
            size="sm"
            className="mt-3"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {t("account.history.loadMore")}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

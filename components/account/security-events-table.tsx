"use client";

import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { useMemo } from "react";
import { Button } from "@/components/ui/button";
import { DateTime } from "@/components/ui/date-time";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useI18n } from "@/lib/browser/i18n";
import type { SecurityEvent, SecurityEventsPage } from "@/lib/shared/schemas/account";
import { summariseUserAgent } from "./user-agent";

/**
 * A security history's events: when (in the chosen zone), what, from which address and device, and
 * "load more". The person's own (account page) and a member's as a manager sees it (members page).
 */
export function SecurityEventsTable({
  query,
}: {
  query: UseInfiniteQueryResult<InfiniteData<SecurityEventsPage>, Error>;
}) {
  const { t } = useI18n();
  const events = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);

  const what = (event: SecurityEvent) => {
    const factor = event.factor && t(`account.factor.${event.factor}`);
    return factor ? `${t(`account.event.${event.kind}`)} (${factor})` : t(`account.event.${event.kind}`);
  };
  const device = (event: SecurityEvent) => {
    const summary = summariseUserAgent(event.user_agent);
    return summary ? t("account.device.summary", summary) : t("account.device.unknown");
  };

  if (query.isError)
    return <ErrorPanel error={query.error} onRetry={() => void query.refetch()} live="none" headingLevel="h3" />;
  return (
    <>
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
    </>
  );
}

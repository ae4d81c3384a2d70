"use client";

import { useQuery } from "@tanstack/react-query";
import { ArrowRight, Plus } from "lucide-react";
import Link from "next/link";
import { useCan } from "@/components/providers/session-provider";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Money } from "@/components/ui/money";
import { Skeleton } from "@/components/ui/skeleton";
import { useI18n } from "@/lib/browser/i18n";
import { latestPayoutsQuery } from "@/lib/browser/query/payouts";
import { registerEntryHref } from "./register-filters";
import { RegisterStatusBadge } from "./payout-status";

const LIMIT = 5;

/**
 * The 5 newest payouts of the register, each linking to its detail, for the
 * overview page. Operators only (renders nothing for a viewer). Status stays live.
 */
export function LatestPayouts({ className, headingLevel = "h2" }: { className?: string; headingLevel?: "h2" | "h3" }) {
  const { t, formatMoney } = useI18n();
  const canSee = useCan("payouts.register");
  const canCreate = useCan("payouts.create");
  const query = useQuery({ ...latestPayoutsQuery(LIMIT), enabled: canSee });
  if (!canSee) return null;
  const rows = query.data?.items.slice(0, LIMIT);

  return (
    <Card className={className}>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle as={headingLevel}>{t("payouts.latest.title")}</CardTitle>
        <Button asChild variant="link" size="sm">
          <Link href="/payouts">
            {t("payouts.latest.seeAll")}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <ul className="grid gap-3" aria-busy="true">
            {Array.from({ length: 3 }, (_, i) => (
              <li key={i} className="flex items-center justify-between gap-3">
                <Skeleton className="h-4 w-40" />
                <Skeleton className="h-4 w-20" />
              </li>
            ))}
            <li className="sr-only">{t("common.loading")}</li>
          </ul>
        ) : query.error ? (
          <ErrorPanel error={query.error} onRetry={() => query.refetch()} live="none" headingLevel="h3" />
        ) : rows && rows.length > 0 ? (
          <ul className="-my-2 divide-y">
            {rows.map((row) => (
              <li key={row.idempotency_key}>
                <Link
                  href={registerEntryHref(row)}
                  className="flex items-center gap-3 rounded-md py-2.5 hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-ring"
                  aria-label={t("payouts.register.rowLabel", {
                    amount: formatMoney(row.amount_centavos),
                    key: row.pix_key_masked,
                    id: row.id ?? row.idempotency_key,
                  })}
                >
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-mono text-[0.8125rem]">{row.pix_key_masked}</span>
                    <span className="block truncate text-xs text-muted-foreground">
                      {row.created_by.name} · <DateTime value={row.created_at} format="relative" />
                    </span>
                  </span>
                  <span className="flex shrink-0 flex-col items-end gap-1">
                    <Money centavos={row.amount_centavos} className="text-sm font-medium" />
                    <RegisterStatusBadge row={row} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <div className="flex flex-col items-start gap-2 text-sm text-muted-foreground">
            <p>{t("payouts.latest.empty")}</p>
            {canCreate ? (
              <Button asChild size="sm" variant="outline">
                <Link href="/payouts/new">
                  <Plus aria-hidden="true" />
                  {t("payouts.new.button")}
                </Link>
              </Button>
            ) : null}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

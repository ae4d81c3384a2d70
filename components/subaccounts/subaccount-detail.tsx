"use client";

import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { Info } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { BackLink } from "@/components/ui/back-link";
import { Button } from "@/components/ui/button";
import { useCan } from "@/components/providers/session-provider";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import { DetailList } from "@/components/ui/detail-list";
import { QueryErrorPanel } from "@/components/ui/query-error-panel";
import { Money } from "@/components/ui/money";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDocument } from "@/lib/shared/format/text";
import { useI18n } from "@/lib/browser/i18n";
import { subaccountQuery } from "@/lib/browser/query/subaccounts";
import type { KnownSubaccount } from "@/lib/shared/schemas/known-subaccount";
import { SubaccountBlockDialog } from "./subaccount-block-dialog";
import { SubaccountStatusBadge } from "./subaccount-display";
import { SubaccountEditForm } from "./subaccount-edit-form";

/**
 * The history table (with the table library and the virtualiser) loads after the page: it sits
 * below the subaccount's state and form, and leaves this route's first-load JavaScript.
 */
const SubaccountHistory = dynamic(() => import("./subaccount-history").then((m) => m.SubaccountHistory), {
  ssr: false,
  loading: () => <Skeleton className="h-40 w-full" />,
});

function CurrentState({ subaccount }: { subaccount: KnownSubaccount }) {
  const { t } = useI18n();
  const none = <span className="text-muted-foreground">{t("common.none")}</span>;
  return (
    <DetailList
      items={[
        { label: t("subaccounts.field.name"), value: subaccount.name || none },
        { label: t("subaccounts.field.email"), value: subaccount.email || none },
        {
          label: t("subaccounts.field.document"),
          value: subaccount.document ? formatDocument(subaccount.document) : none,
          mono: Boolean(subaccount.document),
          copyValue: subaccount.document || undefined,
          copyLabel: t("subaccounts.field.document"),
        },
        { label: t("subaccounts.field.dailyLimit"), value: <Money centavos={subaccount.daily_limit_centavos} /> },
        { label: t("subaccounts.field.monthlyLimit"), value: <Money centavos={subaccount.monthly_limit_centavos} /> },
        { label: t("subaccounts.field.status"), value: <SubaccountStatusBadge blocked={subaccount.is_blocked} /> },
        {
          label: t("subaccounts.field.externalReference"),
          value: subaccount.external_reference || none,
          mono: Boolean(subaccount.external_reference),
        },
        {
          label: t("subaccounts.field.lastChange"),
          value: (
            <span className="[word-break:normal]">
              <DateTime value={subaccount.updated_at} withZone />{" "}
              <span className="text-muted-foreground">
                {t("subaccounts.changedBy", { name: subaccount.updated_by || t("common.none") })}
              </span>
            </span>
          ),
        },
      ]}
    />
  );
}

/**
 * No record in the ledger: say so up front, with what the person can do. The API cannot read a
 * subaccount, so one opened elsewhere may be real: "change it anyway" shows the edit form and the
 * block-or-unblock choice; until then the page offers no action that would only fail on a wrong id.
 */
function UnknownNotice({ onProceed }: { onProceed: (() => void) | null }) {
  const { t } = useI18n();
  return (
    <div
      className="flex gap-3 rounded-md border border-info-soft-foreground/20 bg-info-soft/60 p-4 text-sm"
      data-testid="subaccount-unknown"
    >
      <Info className="mt-0.5 size-5 shrink-0 text-info-soft-foreground" aria-hidden="true" />
      <div className="min-w-0 space-y-2">
        <h3 className="font-semibold">{t("subaccounts.unknown.title")}</h3>
        <p>{t("subaccounts.unknown.why")}</p>
        <p>{t("subaccounts.unknown.what")}</p>
        <p className="text-muted-foreground">{t("subaccounts.unknown.checkId")}</p>
        {onProceed ? (
          <div className="flex flex-wrap gap-2 pt-1">
            {/* A long label wraps on a phone instead of pushing the card past the screen's edge. */}
            <Button size="sm" variant="outline" className="h-auto min-h-8 py-1.5 whitespace-normal" onClick={onProceed}>
              {t("subaccounts.unknown.proceed")}
            </Button>
            <Button asChild size="sm" variant="ghost">
              <Link href="/subaccounts">{t("subaccounts.unknown.openAnother")}</Link>
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}

function StateSkeleton() {
  const { t } = useI18n();
  return (
    <div aria-busy="true">
      <span className="sr-only">{t("common.loading")}</span>
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="grid gap-1 border-b py-3 last:border-0 sm:grid-cols-[11rem_1fr] sm:gap-4">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-4 w-40" />
        </div>
      ))}
    </div>
  );
}

/** One subaccount: its last known state (or why it is not known), the edit form, block/unblock and its history. */
export function SubaccountDetail({ id }: { id: string }) {
  const { t, timeZoneName } = useI18n();
  const canUpdate = useCan("subaccounts.update");
  const canBlock = useCan("subaccounts.block");
  const query = useQuery(subaccountQuery(id));
  const known = query.data ?? null;
  // Never changed through the dashboard: the query's answer is null (the BFF's 404 `subaccount_unknown`).
  const unknown = query.data === null;
  const failed = !known && !unknown && query.isError;
  // No record here: the person says they mean this id before any action is offered.
  const [proceed, setProceed] = useState(false);
  // The form and actions need to know whether there is a baseline: wait for the answer.
  const ready = known !== null || (unknown && proceed);

  const title = known?.name || t("subaccounts.detail.titleUnknown", { id });

  return (
    <>
      <PageHeader
        eyebrow={<BackLink href="/subaccounts">{t("subaccounts.title")}</BackLink>}
        title={title}
        description={
          <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="inline-flex items-center gap-0.5">
              <span className="sr-only">{t("subaccounts.detail.id")}: </span>
              <code className="font-mono text-[0.8125rem] text-foreground">{id}</code>
              <CopyButton value={id} label={t("subaccounts.detail.id")} className="-my-1" />
            </span>
            {query.isPending ? (
              <Skeleton className="h-5 w-20 rounded-full" />
            ) : (
              <SubaccountStatusBadge blocked={known ? known.is_blocked : null} />
            )}
          </span>
        }
        actions={
          ready && canBlock ? (
            // The state unknown, one action that asks which rather than two side by side.
            <SubaccountBlockDialog id={id} subaccount={known} block={known ? !known.is_blocked : null} />
          ) : null
        }
      />

      <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
        <Card>
          <CardHeader>
            <CardTitle>{t("subaccounts.detail.current")}</CardTitle>
            {known ? <CardDescription>{t("subaccounts.detail.currentHint")}</CardDescription> : null}
          </CardHeader>
          <CardContent>
            {known ? (
              <CurrentState subaccount={known} />
            ) : unknown ? (
              <UnknownNotice onProceed={proceed || !(canUpdate || canBlock) ? null : () => setProceed(true)} />
            ) : failed ? (
              <QueryErrorPanel query={query} live="none" headingLevel="h3" />
            ) : (
              <StateSkeleton />
            )}
          </CardContent>
        </Card>

        {canUpdate && !(unknown && !proceed) ? (
          <Card>
            <CardHeader>
              <CardTitle>{t("subaccounts.edit.title")}</CardTitle>
            </CardHeader>
            <CardContent>
              {ready ? (
                <SubaccountEditForm id={id} subaccount={known} />
              ) : failed ? (
                <p className="text-sm text-muted-foreground">{t("subaccounts.edit.waitingForState")}</p>
              ) : (
                <StateSkeleton />
              )}
            </CardContent>
          </Card>
        ) : null}
      </div>

      <section aria-labelledby="subaccount-history-title" className="mt-6">
        <div className="mb-3 space-y-1">
          <h2 id="subaccount-history-title" className="text-base font-semibold">
            {t("subaccounts.history.title")}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t("subaccounts.history.description", { zone: timeZoneName() })}
          </p>
        </div>
        <SubaccountHistory id={id} />
      </section>
    </>
  );
}

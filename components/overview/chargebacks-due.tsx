"use client";

import { useQuery } from "@tanstack/react-query";
import { CircleCheck, CreditCard, QrCode, type LucideIcon } from "lucide-react";
import Link from "next/link";
import { useMemo } from "react";
import { useNow } from "@/lib/browser/hooks/use-now";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryErrorPanel } from "@/components/ui/query-error-panel";
import { Money } from "@/components/ui/money";
import { Skeleton } from "@/components/ui/skeleton";
import { StatusBadge } from "@/components/ui/status-badge";
import type { MessageKey } from "@/lib/shared/i18n/dictionaries";
import { useI18n } from "@/lib/browser/i18n";
import {
  countdownParts,
  isOpenChargeback,
  soonestOpenChargebacks,
  urgencyOf,
  type Urgency,
} from "@/lib/shared/chargebacks/deadline";
import type { Chargeback } from "@/lib/shared/schemas/chargeback";
import { chargebacksQuery } from "@/lib/browser/query/chargebacks";
import { isPartialList } from "@/lib/browser/query/paged-list";
import { OverviewSection } from "./overview-section";

const SHOWN = 5;

const KIND: Readonly<Record<string, { label: MessageKey; icon: LucideIcon; tone: BadgeTone }>> = {
  pix_med: { label: "overview.chargebacks.kind.pix_med", icon: QrCode, tone: "info" },
  card_chargeback: { label: "overview.chargebacks.kind.card_chargeback", icon: CreditCard, tone: "outline" },
};

/** Only a dispute that needs our answer is highlighted; one under review shows its deadline muted. */
const URGENCY_CLASS: Readonly<Record<Urgency, string>> = {
  overdue: "text-destructive-soft-foreground",
  due24h: "text-destructive-soft-foreground",
  due72h: "text-warning-soft-foreground",
  later: "text-foreground",
  waiting: "text-muted-foreground",
  closed: "text-muted-foreground",
  none: "text-muted-foreground",
};

function KindTag({ kind }: { kind: string | null | undefined }) {
  const { t } = useI18n();
  const known = kind ? KIND[kind] : undefined;
  if (!known) {
    return (
      <Badge tone="neutral" className="font-mono">
        {kind || t("overview.chargebacks.kind.unknown")}
      </Badge>
    );
  }
  const Icon = known.icon;
  return (
    <Badge tone={known.tone}>
      <Icon aria-hidden="true" />
      {t(known.label)}
    </Badge>
  );
}

/** "faltam 5 h 12 min" / "venceu há 2 d 3 h", from whole minutes. */
export function useCountdown(): (respondBy: string | null | undefined, now: number) => string {
  const { t } = useI18n();
  return (respondBy, now) => {
    if (!respondBy) return t("overview.chargebacks.noDeadline");
    const parts = countdownParts(respondBy, now);
    if (!parts) return t("overview.chargebacks.noDeadline");
    const span =
      parts.days > 0
        ? t("overview.countdown.days", { days: parts.days, hours: parts.hours })
        : parts.hours > 0
          ? t("overview.countdown.hours", { hours: parts.hours, minutes: parts.minutes })
          : t("overview.countdown.minutes", { minutes: Math.max(parts.minutes, parts.overdue ? 0 : 1) });
    return parts.overdue
      ? t("overview.countdown.overdue", { time: span })
      : t("overview.countdown.left", { time: span });
  };
}

function ChargebackRow({ cb, now }: { cb: Chargeback; now: number }) {
  const countdown = useCountdown();
  const urgency = urgencyOf(cb, now);
  const who = cb.customer_name || cb.reason || cb.id;
  return (
    <li>
      <Link
        href={`/chargebacks?id=${encodeURIComponent(cb.id)}`}
        className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 px-5 py-3 transition-colors hover:bg-muted/60 focus-visible:bg-accent focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      >
        <span className="flex min-w-0 flex-wrap items-center gap-1.5">
          <KindTag kind={cb.kind} />
          <span className="min-w-0 truncate text-sm font-medium">{who}</span>
        </span>
        <span className="text-right text-sm font-medium">
          <Money centavos={cb.amount_centavos ?? null} />
        </span>
        <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          <StatusBadge status={cb.status} />
          {cb.reason_code ? (
            <span className="max-w-full min-w-0 truncate font-mono" title={cb.reason_code}>
              {cb.reason_code}
            </span>
          ) : null}
        </span>
        <span className="text-right text-xs">
          <span className={cn("block font-semibold tabular-nums", URGENCY_CLASS[urgency])} data-urgency={urgency}>
            {countdown(cb.respond_by, now)}
          </span>
          {cb.respond_by ? <DateTime value={cb.respond_by} withZone className="text-muted-foreground" /> : null}
        </span>
      </Link>
    </li>
  );
}

/** The open disputes whose response deadline comes first, with a live countdown. */
export function ChargebacksDue() {
  const { t, timeZoneName } = useI18n();
  const query = useQuery(chargebacksQuery());
  // The overview counts the whole list: a first load still arriving page by page counts as loading.
  const data = isPartialList(query.data) ? undefined : query.data;
  const pending = query.isPending || (data === undefined && !query.isError);
  const now = useNow(30_000);
  const { soonest, openCount } = useMemo(() => {
    const list = data ?? [];
    return { soonest: soonestOpenChargebacks(list, SHOWN), openCount: list.filter(isOpenChargeback).length };
  }, [data]);

  return (
    <OverviewSection
      id="overview-chargebacks"
      title={t("overview.chargebacks.title")}
      description={
        data
          ? t("overview.chargebacks.description", { count: openCount, zone: timeZoneName() })
          : t("overview.chargebacks.descriptionLoading")
      }
      href="/chargebacks"
      linkLabel={t("overview.chargebacks.viewAll")}
      flush
    >
      {pending ? (
        <ul aria-busy="true" className="divide-y">
          <li className="sr-only">{t("common.loading")}</li>
          {Array.from({ length: SHOWN }, (_, i) => (
            <li key={i} className="flex items-center justify-between gap-3 px-5 py-3" aria-hidden="true">
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-3 w-1/3" />
              </div>
              <Skeleton className="h-8 w-24" />
            </li>
          ))}
        </ul>
      ) : query.isError ? (
        <div className="px-5 pb-3">
          <QueryErrorPanel query={query} live="none" headingLevel="h3" />
        </div>
      ) : soonest.length === 0 ? (
        <EmptyState
          icon={CircleCheck}
          title={t("overview.chargebacks.emptyTitle")}
          description={t("overview.chargebacks.emptyDescription")}
          className="py-8"
        />
      ) : (
        <ul className="divide-y border-t" aria-label={t("overview.chargebacks.listLabel")}>
          {soonest.map((cb) => (
            <ChargebackRow key={cb.id} cb={cb} now={now} />
          ))}
        </ul>
      )}
    </OverviewSection>
  );
}

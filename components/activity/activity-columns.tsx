"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { columnMeta, type DataTableColumn } from "@/components/ui/data-table";
import { useI18n } from "@/lib/browser/i18n";
import type { ActivityEntry } from "@/lib/shared/schemas/activity";
import { ActorIdentity, OutcomeBadge, TargetLink, useActivityLabels } from "./activity-labels";
import { ChangeSummary } from "./change-list";

const h = createColumnHelper<ActivityEntry>();

/** A labelled id with a copy button ("Req. req_… [copy]"); "—" when missing. */
export function IdLine({ label, copyLabel, value }: { label: string; copyLabel: string; value: string | null }) {
  const { t } = useI18n();
  return (
    <span className="flex min-w-0 items-center gap-1">
      <span className="shrink-0 text-xs text-muted-foreground">{label}</span>
      {value ? (
        <>
          <code className="min-w-0 truncate font-mono text-xs" title={value}>
            {value}
          </code>
          <CopyButton value={value} label={copyLabel} className="-my-1 size-7 shrink-0" />
        </>
      ) : (
        <span className="text-xs text-muted-foreground">{t("common.none")}</span>
      )}
    </span>
  );
}

/** Date on one line, time with seconds and the zone on the next (audit times need both). */
function When({ value }: { value: string }) {
  const { formatDate, formatDateTime } = useI18n();
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <span>{value}</span>;
  return (
    <time
      dateTime={date.toISOString()}
      title={formatDateTime(date, { dateStyle: "full", timeStyle: "long" })}
      className="flex flex-col tabular-nums"
    >
      <span>{formatDate(date, { day: "2-digit", month: "2-digit", year: "numeric" })}</span>
      <span className="text-xs text-muted-foreground">
        {formatDateTime(date, { hour: "2-digit", minute: "2-digit", second: "2-digit", withZone: true })}
      </span>
    </time>
  );
}

function Who({ entry }: { entry: ActivityEntry }) {
  const labels = useActivityLabels();
  return (
    <span className="block min-w-0 whitespace-normal">
      <span className="block font-medium break-words">{labels.actorName(entry.actor)}</span>
      <ActorIdentity actor={entry.actor} />
      <span className="block truncate text-xs text-muted-foreground">{labels.role(entry.actor.role)}</span>
    </span>
  );
}

/** The audit log's columns (on phones a card: action, outcome, when, then the rest). Sorting is done by the page. */
export function useActivityColumns(): DataTableColumn<ActivityEntry>[] {
  const { t, locale } = useI18n();
  const labels = useActivityLabels();
  // Fits the content area at 1280 px (972 px); "08:19:32 AM GMT-3" is longer than "08:19:32 BRT".
  return useMemo(() => {
    const widths =
      locale === "en"
        ? { when: 132, who: 136, what: 198, outcome: 116, changes: 200, ids: 190 }
        : { when: 112, who: 140, what: 206, outcome: 116, changes: 208, ids: 190 };
    return [
      h.accessor("occurred_at", {
        id: "occurred_at",
        header: () => t("activity.column.when"),
        size: widths.when,
        meta: columnMeta({ card: "subtitle", priority: "essential" }),
        cell: ({ row }) => <When value={row.original.occurred_at} />,
      }),
      h.accessor((e) => e.actor.name, {
        id: "actor",
        header: () => t("activity.column.who"),
        size: widths.who,
        cell: ({ row }) => <Who entry={row.original} />,
      }),
      h.accessor("action", {
        id: "action",
        header: () => t("activity.column.whatTarget"),
        size: widths.what,
        meta: columnMeta({ card: "title", priority: "essential" }),
        cell: ({ row }) => (
          <span className="flex min-w-0 flex-col gap-0.5 whitespace-normal">
            <span className="break-words">{labels.action(row.original.action)}</span>
            <TargetLink entry={row.original} compact />
          </span>
        ),
      }),
      h.accessor("outcome", {
        id: "outcome",
        header: () => t("activity.column.outcome"),
        size: widths.outcome,
        meta: columnMeta({ card: "status" }),
        cell: ({ row }) => (
          <span className="flex min-w-0 flex-col items-start gap-0.5">
            <OutcomeBadge outcome={row.original.outcome} />
            {row.original.error ? (
              <span className="max-w-full truncate text-xs text-muted-foreground" title={row.original.error.code}>
                {labels.error(row.original.error)}
              </span>
            ) : null}
          </span>
        ),
      }),
      h.display({
        id: "changes",
        header: () => t("activity.column.changes"),
        size: widths.changes,
        cell: ({ row }) => <ChangeSummary entry={row.original} />,
      }),
      h.display({
        id: "ids",
        header: () => t("activity.column.ids"),
        size: widths.ids,
        cell: ({ row }) => (
          <span className="flex min-w-0 flex-col gap-0.5">
            <IdLine
              label={t("activity.short.requestId")}
              copyLabel={t("errors.requestId")}
              value={row.original.request_id}
            />
            <IdLine
              label={t("activity.short.idempotencyKey")}
              copyLabel={t("activity.field.idempotencyKey")}
              value={row.original.idempotency_key}
            />
          </span>
        ),
      }),
    ] as DataTableColumn<ActivityEntry>[];
  }, [labels, locale, t]);
}

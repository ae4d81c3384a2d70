"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { columnMeta, type DataTableColumn } from "@/components/ui/data-table";
import { DateTime } from "@/components/ui/date-time";
import { useAuditText } from "@/lib/browser/hooks/use-audit-text";
import { useI18n } from "@/lib/browser/i18n";
import type { MessageKey } from "@/lib/shared/i18n/dictionaries";
import type { ActivityEntry } from "@/lib/shared/schemas/activity";
import { auditFieldChanges } from "./subaccount-changes";
import { FieldValueChange, useFieldLabel } from "./subaccount-display";

export const ACTION_LABELS: Readonly<Record<string, MessageKey>> = {
  "subaccount.update": "subaccounts.history.action.update",
  "subaccount.block": "subaccounts.history.action.block",
  "subaccount.unblock": "subaccounts.history.action.unblock",
};
const OUTCOME_LABELS: Readonly<Record<string, MessageKey>> = {
  success: "subaccounts.history.outcome.success",
  failure: "subaccounts.history.outcome.failure",
  pending: "subaccounts.history.outcome.pending",
  replayed_older: "subaccounts.history.outcome.replayedOlder",
};
const OUTCOME_TONES: Readonly<Record<string, BadgeTone>> = {
  success: "success",
  failure: "danger",
  pending: "warning",
  replayed_older: "info",
};

const col = createColumnHelper<ActivityEntry>();

function ChangeList({ entry }: { entry: ActivityEntry }) {
  const { t } = useI18n();
  const fieldLabel = useFieldLabel();
  const changes = auditFieldChanges(entry.before, entry.after);
  if (changes.length === 0) return <span className="text-muted-foreground">{t("common.none")}</span>;
  return (
    <ul className="space-y-1">
      {changes.map((change) => (
        <li key={change.field} className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5" data-field={change.field}>
          <span className="text-muted-foreground">{fieldLabel(change.field)}: </span>
          <FieldValueChange
            field={change.field}
            before={change.before}
            after={change.after}
            arrowClassName="size-3.5"
          />
        </li>
      ))}
    </ul>
  );
}

/** The subaccount history's columns: who and when, what and its outcome, before → after, request_id. */
export function useSubaccountHistoryColumns(): DataTableColumn<ActivityEntry>[] {
  const { t } = useI18n();
  const labels = useAuditText();
  return useMemo(
    () => [
      col.accessor("occurred_at", {
        header: t("subaccounts.history.when"),
        size: 165,
        meta: columnMeta({ cellClassName: "align-top", card: "subtitle", priority: "essential" }),
        sortingFn: (a, b) => Date.parse(a.original.occurred_at) - Date.parse(b.original.occurred_at),
        cell: ({ row }) => (
          <div className="min-w-0">
            <DateTime value={row.original.occurred_at} className="block" />
            <span className="block truncate" title={labels.actorName(row.original.actor)}>
              <span className="sr-only">{t("subaccounts.history.who")}: </span>
              {labels.actorName(row.original.actor)}
            </span>
            {row.original.actor.role ? (
              <span className="block text-xs text-muted-foreground">{t(`role.${row.original.actor.role}`)}</span>
            ) : null}
          </div>
        ),
      }),
      col.accessor("action", {
        header: t("subaccounts.history.action"),
        size: 150,
        meta: columnMeta({ cellClassName: "align-top", card: "title", priority: "essential" }),
        cell: ({ row }) => {
          const { action, outcome, error } = row.original;
          const actionKey = ACTION_LABELS[action];
          const outcomeKey = OUTCOME_LABELS[outcome];
          const tone = OUTCOME_TONES[outcome] ?? "neutral";
          return (
            <div className="min-w-0 space-y-1">
              <span className="block font-medium">{actionKey ? t(actionKey) : action}</span>
              <Badge tone={tone}>
                <span className="sr-only">{t("subaccounts.history.outcome")}: </span>
                {outcomeKey ? t(outcomeKey) : outcome}
              </Badge>
              {error ? (
                <p className="text-xs break-words text-muted-foreground" title={error.code}>
                  {labels.error(error)}
                </p>
              ) : null}
            </div>
          );
        },
      }),
      col.display({
        id: "changes",
        header: t("subaccounts.history.changes"),
        size: 400,
        meta: columnMeta({ cellClassName: "align-top" }),
        cell: ({ row }) => <ChangeList entry={row.original} />,
      }),
      col.accessor("request_id", {
        header: t("subaccounts.history.requestId"),
        size: 190,
        enableSorting: false,
        meta: columnMeta({ cellClassName: "align-top" }),
        cell: ({ getValue }) => {
          const requestId = getValue();
          if (!requestId) return <span className="text-muted-foreground">{t("common.none")}</span>;
          return (
            <span className="flex min-w-0 items-center gap-0.5">
              <code className="truncate font-mono text-xs" title={requestId}>
                {requestId}
              </code>
              <CopyButton value={requestId} label={t("errors.requestId")} className="-my-1 shrink-0" />
            </span>
          );
        },
      }),
    ],
    [labels, t],
  );
}

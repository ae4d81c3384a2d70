"use client";

import { SearchX } from "lucide-react";
import { DateTime } from "@/components/ui/date-time";
import { DetailList, type DetailItem } from "@/components/ui/detail-list";
import { EmptyState } from "@/components/ui/empty-state";
import { Sheet, SheetBody, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { useI18n } from "@/lib/browser/i18n";
import type { ActivityEntry } from "@/lib/shared/schemas/activity";
import { ActorIdentity, OutcomeBadge, TargetLink, useActivityLabels } from "./activity-labels";
import { ChangeTable } from "./change-list";

export interface ActivitySheetProps {
  /** `?entry=` in the URL; open while set. */
  entryId: string | undefined;
  entry: ActivityEntry | undefined;
  onClose: () => void;
}

/** One audit entry in full: who, when (with zone), what, target, outcome and error, ids to copy, and every field before → after. */
export function ActivitySheet({ entryId, entry, onClose }: ActivitySheetProps) {
  const { t } = useI18n();
  const labels = useActivityLabels();

  return (
    <Sheet open={Boolean(entryId)} onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent aria-describedby={undefined} data-testid="activity-sheet">
        <SheetHeader>
          <SheetTitle>{entry ? labels.action(entry.action) : t("activity.sheet.title")}</SheetTitle>
          {entry ? (
            <SheetDescription>
              <DateTime value={entry.occurred_at} withZone options={{ dateStyle: "medium", timeStyle: "medium" }} />
            </SheetDescription>
          ) : null}
        </SheetHeader>
        <SheetBody>
          {entry ? (
            <EntryDetails entry={entry} />
          ) : (
            <EmptyState
              icon={SearchX}
              title={t("activity.sheet.notLoaded")}
              description={t("activity.sheet.notLoadedHint")}
            />
          )}
        </SheetBody>
      </SheetContent>
    </Sheet>
  );
}

function EntryDetails({ entry }: { entry: ActivityEntry }) {
  const { t } = useI18n();
  const labels = useActivityLabels();
  const items: DetailItem[] = [
    {
      label: t("activity.field.when"),
      value: <DateTime value={entry.occurred_at} withZone options={{ dateStyle: "medium", timeStyle: "medium" }} />,
    },
    {
      label: t("activity.field.who"),
      value: (
        <span>
          {labels.actorName(entry.actor)}{" "}
          <span className="text-muted-foreground">({labels.role(entry.actor.role)})</span>
          <ActorIdentity actor={entry.actor} />
        </span>
      ),
    },
    {
      label: t("activity.field.what"),
      value: (
        <span>
          {labels.action(entry.action)} <code className="font-mono text-xs text-muted-foreground">{entry.action}</code>
        </span>
      ),
    },
    {
      label: t("activity.field.target"),
      value: <TargetLink entry={entry} />,
      copyValue: entry.target_id ?? undefined,
      copyLabel: t("activity.field.targetId"),
    },
    { label: t("activity.field.outcome"), value: <OutcomeBadge outcome={entry.outcome} /> },
  ];
  if (entry.error) {
    items.push({
      label: t("activity.field.error"),
      value: (
        <span>
          <span className="block">{labels.error(entry.error)}</span>
          <span className="block text-xs text-muted-foreground">
            {t("errors.technicalCode")}: <code className="font-mono">{entry.error.code}</code>
          </span>
        </span>
      ),
    });
  }
  items.push(
    {
      label: t("errors.requestId"),
      value: entry.request_id ?? t("common.none"),
      mono: Boolean(entry.request_id),
      copyValue: entry.request_id ?? undefined,
      copyLabel: t("errors.requestId"),
    },
    {
      label: t("activity.field.idempotencyKey"),
      value: entry.idempotency_key ?? t("common.none"),
      mono: Boolean(entry.idempotency_key),
      copyValue: entry.idempotency_key ?? undefined,
      copyLabel: t("activity.field.idempotencyKey"),
    },
    { label: t("activity.field.entryId"), value: entry.id, mono: true },
  );

  return (
    <div className="space-y-5">
      <section aria-labelledby="activity-entry-details">
        <h3 id="activity-entry-details" className="text-sm font-semibold">
          {t("activity.sheet.details")}
        </h3>
        <DetailList items={items} />
      </section>
      <section aria-labelledby="activity-entry-changes" className="space-y-2">
        <h3 id="activity-entry-changes" className="text-sm font-semibold">
          {entry.before === null ? t("activity.sheet.snapshot") : t("activity.changes")}
        </h3>
        <ChangeTable entry={entry} />
      </section>
    </div>
  );
}

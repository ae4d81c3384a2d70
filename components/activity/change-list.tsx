"use client";

import { BeforeAfter } from "@/components/ui/before-after";
import { cn } from "@/components/ui/cn";
import { EmailText } from "@/components/ui/email-text";
import { formatDocument } from "@/lib/shared/format/text";
import type { ReactNode } from "react";
import { useI18n } from "@/lib/browser/i18n";
import type { ActivityEntry } from "@/lib/shared/schemas/activity";
import { diffSnapshots, type FieldChange } from "./activity-model";

/** Formats one snapshot value for people: money, yes/no, documents, statuses; anything else as it came. */
export function useSnapshotFormatter(): {
  label: (field: string) => string;
  value: (field: string, value: unknown) => string;
} {
  const { has, t, formatMoney } = useI18n();
  return {
    label: (field) => (has(`activity.field.${field}`) ? t(`activity.field.${field}`) : field),
    value: (field, value) => {
      if (value === null || value === undefined || value === "") return t("common.none");
      if (typeof value === "boolean") return value ? t("common.yes") : t("common.no");
      if (typeof value === "number" && field.endsWith("_centavos")) return formatMoney(value);
      if (typeof value === "string" && field === "document") return formatDocument(value) || value;
      if (typeof value === "string" && field === "status" && has(`status.${value}`)) return t(`status.${value}`);
      if (typeof value === "string" && field === "pix_key_type" && has(`pixKey.type.${value}`))
        return t(`pixKey.type.${value}`);
      if (typeof value === "string" || typeof value === "number") return String(value);
      try {
        return JSON.stringify(value);
      } catch {
        return String(value);
      }
    },
  };
}

/** A snapshot value as shown on screen: an e-mail may break only before its "@" and dots, not mid-word. */
function ShownValue({ field, value }: { field: string; value: unknown }): ReactNode {
  const fmt = useSnapshotFormatter();
  if (field === "email" && typeof value === "string" && value !== "") return <EmailText value={value} />;
  return fmt.value(field, value);
}

function ChangeLine({ change, created }: { change: FieldChange; created: boolean }) {
  const { t } = useI18n();
  const fmt = useSnapshotFormatter();
  const label = fmt.label(change.field);
  const known = label !== change.field;
  return (
    <li className="min-w-0 wrap-anywhere">
      <span className={cn("text-muted-foreground", !known && "font-mono text-xs")}>{label}: </span>
      {created || !change.inBefore ? (
        <span>
          <ShownValue field={change.field} value={change.after} />
        </span>
      ) : (
        <BeforeAfter
          before={
            <del className="text-muted-foreground">
              <ShownValue field={change.field} value={change.before} />
            </del>
          }
          after={
            <ins className="no-underline">
              {change.inAfter ? <ShownValue field={change.field} value={change.after} /> : t("activity.removed")}
            </ins>
          }
          toLabel={t("activity.changedTo")}
          arrowClassName="mx-1 inline size-3 align-[-1px]"
        />
      )}
    </li>
  );
}

/** A few changed fields for the list (before → after); the side panel has all of them. */
export function ChangeSummary({ entry, limit = 3 }: { entry: ActivityEntry; limit?: number }) {
  const { t } = useI18n();
  const created = entry.before === null;
  // A creation lists what was set; empty fields are left for the side panel.
  const changes = diffSnapshots(entry.before, entry.after).filter(
    (c) => c.changed && !(created && (c.after === null || c.after === undefined || c.after === "")),
  );
  if (changes.length === 0) return <span className="text-muted-foreground">{t("common.none")}</span>;
  const shown = changes.slice(0, limit);
  return (
    <ul className="min-w-0 space-y-0.5 text-[0.8125rem] whitespace-normal">
      {shown.map((change) => (
        <ChangeLine key={change.field} change={change} created={created} />
      ))}
      {changes.length > shown.length ? (
        <li className="text-xs text-muted-foreground">
          {t("activity.moreChanges", { count: changes.length - shown.length })}
        </li>
      ) : null}
    </ul>
  );
}

/** Every field of both snapshots, as a table: field, before, after (changed rows marked). */
export function ChangeTable({ entry }: { entry: ActivityEntry }) {
  const { t } = useI18n();
  const fmt = useSnapshotFormatter();
  const changes = diffSnapshots(entry.before, entry.after);
  if (changes.length === 0) return <p className="text-sm text-muted-foreground">{t("activity.noSnapshot")}</p>;
  const withBefore = entry.before !== null;
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm">
        <caption className="sr-only">{t("activity.changes")}</caption>
        <thead className="bg-muted text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              {t("activity.column.field")}
            </th>
            {withBefore ? (
              <th scope="col" className="px-3 py-2 text-left font-medium">
                {t("activity.column.before")}
              </th>
            ) : null}
            <th scope="col" className="px-3 py-2 text-left font-medium">
              {withBefore ? t("activity.column.after") : t("activity.column.value")}
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => {
            const label = fmt.label(change.field);
            return (
              <tr
                key={change.field}
                className={cn("border-t align-top", change.changed && entry.before !== null && "bg-warning-soft/40")}
              >
                <th
                  scope="row"
                  className={cn(
                    "px-3 py-2 text-left font-normal text-muted-foreground",
                    label === change.field && "font-mono text-xs",
                  )}
                >
                  {label}
                  {change.changed && entry.before !== null ? (
                    <span className="sr-only"> ({t("activity.changed")})</span>
                  ) : null}
                </th>
                {withBefore ? (
                  <td className="px-3 py-2 wrap-anywhere">
                    {change.inBefore ? (
                      <ShownValue field={change.field} value={change.before} />
                    ) : (
                      <span className="text-muted-foreground">{t("common.none")}</span>
                    )}
                  </td>
                ) : null}
                <td className="px-3 py-2 wrap-anywhere">
                  {change.inAfter ? (
                    <ShownValue field={change.field} value={change.after} />
                  ) : (
                    <span className="text-muted-foreground">{t("common.none")}</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

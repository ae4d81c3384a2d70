"use client";

import { Ban, CircleCheck, CircleHelp } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { BeforeAfter } from "@/components/ui/before-after";
import { cn } from "@/components/ui/cn";
import { formatDocument } from "@/lib/shared/format/text";
import { useI18n } from "@/lib/browser/i18n";
import type { MessageKey } from "@/lib/shared/i18n/dictionaries";
import { MONEY_FIELDS } from "./subaccount-changes";

/** Blocked / active badge; `null` when the dashboard does not know the subaccount. Text, not colour alone. */
export function SubaccountStatusBadge({ blocked, className }: { blocked: boolean | null; className?: string }) {
  const { t } = useI18n();
  if (blocked === null) {
    return (
      <Badge tone="outline" className={className} data-status="unknown">
        <CircleHelp aria-hidden="true" />
        {t("subaccounts.status.unknown")}
      </Badge>
    );
  }
  return (
    <Badge tone={blocked ? "danger" : "success"} className={className} data-status={blocked ? "blocked" : "active"}>
      {blocked ? <Ban aria-hidden="true" /> : <CircleCheck aria-hidden="true" />}
      {blocked ? t("subaccounts.status.blocked") : t("subaccounts.status.active")}
    </Badge>
  );
}

const FIELD_LABELS: Readonly<Record<string, MessageKey>> = {
  name: "subaccounts.field.name",
  email: "subaccounts.field.email",
  document: "subaccounts.field.document",
  daily_limit_centavos: "subaccounts.field.dailyLimit",
  monthly_limit_centavos: "subaccounts.field.monthlyLimit",
  is_blocked: "subaccounts.field.status",
  external_reference: "subaccounts.field.externalReference",
};

/** A field's label; fields the dashboard does not know are shown by their API name. */
export function useFieldLabel(): (field: string) => string {
  const { t } = useI18n();
  return (field) => {
    const key = FIELD_LABELS[field];
    return key ? t(key) : field;
  };
}

/**
 * One field's value as people read it: money in BRL, documents masked, the
 * blocked flag as a word. `undefined` means "not known here".
 */
export function FieldValue({ field, value, className }: { field: string; value: unknown; className?: string }) {
  const { t, formatMoney } = useI18n();
  if (value === undefined) {
    return <span className={cn("text-muted-foreground italic", className)}>{t("subaccounts.value.unknown")}</span>;
  }
  if (value === null || value === "") {
    return <span className={cn("text-muted-foreground", className)}>{t("common.none")}</span>;
  }
  if (MONEY_FIELDS.has(field) && typeof value === "number") {
    return <span className={cn("whitespace-nowrap tabular-nums", className)}>{formatMoney(value)}</span>;
  }
  if (field === "document" && typeof value === "string") {
    return (
      <span className={cn("font-mono text-[0.8125rem] whitespace-nowrap", className)}>{formatDocument(value)}</span>
    );
  }
  if (field === "is_blocked" && typeof value === "boolean") {
    return (
      <span className={className}>{value ? t("subaccounts.status.blocked") : t("subaccounts.status.active")}</span>
    );
  }
  const text =
    typeof value === "string" || typeof value === "number" || typeof value === "boolean"
      ? String(value)
      : JSON.stringify(value);
  return <span className={cn("break-words", className)}>{text}</span>;
}

/** One field's change as "before → after", each value as people read it. */
export function FieldValueChange({
  field,
  before,
  after,
  arrowClassName,
}: {
  field: string;
  before: unknown;
  after: unknown;
  arrowClassName?: string;
}) {
  const { t } = useI18n();
  return (
    <BeforeAfter
      before={<FieldValue field={field} value={before} className="text-muted-foreground" />}
      after={<FieldValue field={field} value={after} className="font-medium" />}
      toLabel={t("subaccounts.confirm.to")}
      arrowClassName={arrowClassName}
    />
  );
}

"use client";

import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { useMemo } from "react";
import { columnMeta, type DataTableColumn } from "@/components/ui/data-table";
import { DateTime } from "@/components/ui/date-time";
import { Money } from "@/components/ui/money";
import { useI18n } from "@/lib/browser/i18n";
import { formatDocument } from "@/lib/shared/format/text";
import type { KnownSubaccount } from "@/lib/shared/schemas/known-subaccount";
import { subaccountHref } from "./open-subaccount-form";
import { SubaccountStatusBadge } from "./subaccount-display";

const col = createColumnHelper<KnownSubaccount>();

/** Nulls (no limit known) sort after every amount, whichever the direction. */
function compareNullableNumbers(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
}

/** The /subaccounts list's columns, sorted in the operator's locale; the ids are the sort keys kept in the URL. */
export function useSubaccountColumns(): DataTableColumn<KnownSubaccount>[] {
  const { t, locale } = useI18n();
  return useMemo(() => {
    const collator = new Intl.Collator(locale, { sensitivity: "base", numeric: true });
    const text = (a: string, b: string) => collator.compare(a, b);
    return [
      col.accessor("name", {
        header: t("subaccounts.field.name"),
        size: 195,
        meta: columnMeta({ card: "title", priority: "essential" }),
        sortingFn: (a, b) => text(a.original.name || a.original.id, b.original.name || b.original.id),
        cell: ({ row }) => (
          <div className="min-w-0">
            <Link
              href={subaccountHref(row.original.id)}
              tabIndex={-1}
              className="block font-medium break-words text-foreground hover:underline"
              title={row.original.name || row.original.id}
            >
              {row.original.name || <span className="text-muted-foreground">{t("subaccounts.noName")}</span>}
            </Link>
            <span className="block truncate font-mono text-xs text-muted-foreground" title={row.original.id}>
              {row.original.id}
            </span>
          </div>
        ),
      }),
      col.accessor("email", {
        header: t("subaccounts.list.contact"),
        size: 205,
        meta: columnMeta({ card: "subtitle" }),
        sortingFn: (a, b) => text(a.original.email, b.original.email),
        cell: ({ row }) => (
          <div className="min-w-0">
            <span className="block truncate" title={row.original.email}>
              {row.original.email || <span className="text-muted-foreground">{t("common.none")}</span>}
            </span>
            <span className="block truncate font-mono text-xs text-muted-foreground">
              <span className="sr-only">{t("subaccounts.field.document")}: </span>
              {formatDocument(row.original.document) || t("common.none")}
            </span>
          </div>
        ),
      }),
      col.accessor("daily_limit_centavos", {
        header: t("subaccounts.field.dailyLimit"),
        size: 125,
        meta: columnMeta({ align: "right" }),
        sortingFn: (a, b) => compareNullableNumbers(a.original.daily_limit_centavos, b.original.daily_limit_centavos),
        cell: ({ getValue }) => <Money centavos={getValue()} />,
      }),
      col.accessor("monthly_limit_centavos", {
        header: t("subaccounts.field.monthlyLimit"),
        size: 135,
        meta: columnMeta({ align: "right" }),
        sortingFn: (a, b) =>
          compareNullableNumbers(a.original.monthly_limit_centavos, b.original.monthly_limit_centavos),
        cell: ({ getValue }) => <Money centavos={getValue()} />,
      }),
      col.accessor("is_blocked", {
        header: t("subaccounts.field.status"),
        size: 125,
        meta: columnMeta({ card: "status" }),
        sortingFn: (a, b) => Number(a.original.is_blocked) - Number(b.original.is_blocked),
        cell: ({ getValue }) => <SubaccountStatusBadge blocked={getValue()} />,
      }),
      col.accessor("updated_at", {
        header: t("subaccounts.field.lastChange"),
        size: 150,
        sortingFn: (a, b) => Date.parse(a.original.updated_at) - Date.parse(b.original.updated_at),
        cell: ({ row }) => (
          <div className="min-w-0">
            <DateTime value={row.original.updated_at} className="block" />
            <span className="block truncate text-xs text-muted-foreground" title={row.original.updated_by}>
              {t("subaccounts.changedBy", { name: row.original.updated_by || t("common.none") })}
            </span>
          </div>
        ),
      }),
    ];
  }, [locale, t]);
}

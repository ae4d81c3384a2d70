"use client";

import { useQuery } from "@tanstack/react-query";
import { KeyRound, Users } from "lucide-react";
import { useRouter } from "next/navigation";
import { useCallback, useMemo } from "react";
import { z } from "zod/mini";
import { urlChoice, urlText } from "@/lib/browser/url-fields";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { ListEmptyState } from "@/components/ui/list-empty-state";
import { NativeSelect } from "@/components/ui/native-select";
import { PageHeader } from "@/components/ui/page-header";
import { formatDocument } from "@/lib/shared/format/text";
import { formatSort, parseSort, useUrlState } from "@/lib/browser/hooks/use-url-state";
import { useI18n } from "@/lib/browser/i18n";
import { subaccountsQuery } from "@/lib/browser/query/subaccounts";
import type { KnownSubaccount } from "@/lib/shared/schemas/known-subaccount";
import { OPEN_SUBACCOUNT_INPUT_ID, OpenSubaccountForm, subaccountHref } from "./open-subaccount-form";
import { useSubaccountColumns } from "./subaccount-columns";
import { TableEmptyState } from "./table-empty-state";

const STATUS_FILTERS = ["active", "blocked"] as const;
const SORTABLE = [
  "name",
  "email",
  "daily_limit_centavos",
  "monthly_limit_centavos",
  "is_blocked",
  "updated_at",
] as const;
const DEFAULT_SORT = "name.asc";

/** The list's state in the URL: ?q=…&status=blocked&sort=updated_at.desc */
export const subaccountListStateSchema = z.object({
  q: urlText(200),
  status: urlChoice(STATUS_FILTERS),
  sort: z.pipe(
    z.catch(z._default(z.string(), DEFAULT_SORT), DEFAULT_SORT),
    z.transform((value: string) => {
      const valid = parseSort(value).filter((s) => (SORTABLE as readonly string[]).includes(s.id));
      return valid.length > 0 ? formatSort(valid) : DEFAULT_SORT;
    }),
  ),
});

function searchText(row: KnownSubaccount): string {
  return [
    row.name,
    row.email,
    row.id,
    row.document,
    formatDocument(row.document),
    row.external_reference ?? "",
    row.updated_by,
  ].join(" ");
}

export function SubaccountsView() {
  const { t } = useI18n();
  const router = useRouter();
  const [state, setState, resetState] = useUrlState(subaccountListStateSchema);
  const query = useQuery(subaccountsQuery());

  // Memoised: a new array each render would make the table re-sort its rows on every render.
  const sorting = useMemo(() => parseSort(state.sort), [state.sort]);
  const rows = useMemo(() => {
    const all = query.data;
    if (!all || !state.status) return all;
    return all.filter((row) => (state.status === "blocked" ? row.is_blocked : !row.is_blocked));
  }, [query.data, state.status]);

  const columns = useSubaccountColumns();

  const focusOpenById = useCallback(() => {
    // Focusing scrolls the box into view.
    document.getElementById(OPEN_SUBACCOUNT_INPUT_ID)?.focus();
  }, []);

  const hasAny = (query.data?.length ?? 0) > 0;
  const emptyState = (
    <TableEmptyState>
      <ListEmptyState
        filtered={hasAny}
        onClearFilters={resetState}
        noMatch={{ title: t("subaccounts.list.noneWithFilter"), description: t("subaccounts.list.noneWithFilterHint") }}
        empty={{
          icon: Users,
          title: t("subaccounts.empty.title"),
          description: t("subaccounts.empty.description"),
          action: (
            <Button variant="outline" size="sm" onClick={focusOpenById}>
              <KeyRound aria-hidden="true" />
              {t("subaccounts.empty.action")}
            </Button>
          ),
        }}
      />
    </TableEmptyState>
  );

  return (
    <>
      <PageHeader title={t("subaccounts.title")} description={t("subaccounts.description")} />

      <Card className="mb-4">
        <CardHeader className="pb-2">
          <CardTitle>{t("subaccounts.openById.title")}</CardTitle>
          <CardDescription>{t("subaccounts.openById.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <OpenSubaccountForm className="max-w-xl" />
        </CardContent>
      </Card>

      <h2 className="sr-only">{t("subaccounts.list.title")}</h2>
      <DataTable
        label={t("subaccounts.list.title")}
        data={rows}
        columns={columns}
        columnsKey="subaccounts"
        getRowId={(row) => row.id}
        isLoading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        search={state.q}
        onSearchChange={(q) => setState({ q })}
        searchPlaceholder={t("subaccounts.list.searchPlaceholder")}
        searchText={searchText}
        sorting={sorting}
        onSortingChange={(sorting) => setState({ sort: formatSort(sorting) })}
        filters={
          <NativeSelect
            size="sm"
            aria-label={t("subaccounts.list.statusFilter")}
            value={state.status ?? ""}
            onChange={(e) =>
              setState({ status: e.target.value === "active" || e.target.value === "blocked" ? e.target.value : null })
            }
            className="w-full sm:w-44"
          >
            <option value="">{t("subaccounts.list.statusAll")}</option>
            <option value="active">{t("subaccounts.list.statusActive")}</option>
            <option value="blocked">{t("subaccounts.list.statusBlocked")}</option>
          </NativeSelect>
        }
        onRowClick={(row) => router.push(subaccountHref(row.id))}
        rowLabel={(row) =>
          t("subaccounts.list.rowLabel", {
            name: row.name || row.id,
            id: row.id,
            status: row.is_blocked ? t("subaccounts.status.blocked") : t("subaccounts.status.active"),
          })
        }
        emptyState={emptyState}
      />
    </>
  );
}

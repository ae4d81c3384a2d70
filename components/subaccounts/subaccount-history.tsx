"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { History } from "lucide-react";
import { useMemo } from "react";
import { z } from "zod/mini";
import { urlChoice, urlText } from "@/lib/browser/url-fields";
import { DataTable } from "@/components/ui/data-table";
import { ListEmptyState } from "@/components/ui/list-empty-state";
import { NativeSelect } from "@/components/ui/native-select";
import { formatSort, parseSort, useUrlState } from "@/lib/browser/hooks/use-url-state";
import { useI18n } from "@/lib/browser/i18n";
import { subaccountHistoryQuery } from "@/lib/browser/query/subaccounts";
import type { ActivityEntry } from "@/lib/shared/schemas/activity";
import { ACTION_LABELS, useSubaccountHistoryColumns } from "./subaccount-history-columns";
import { TableEmptyState } from "./table-empty-state";

const ACTIONS = ["subaccount.update", "subaccount.block", "subaccount.unblock"] as const;

/** The history's state in the URL, next to the page's own (prefixed "h" to keep them apart). */
const historyStateSchema = z.object({
  hq: urlText(200),
  haction: urlChoice(ACTIONS),
  hsort: urlText(60, "occurred_at.desc"),
});

function searchText(entry: ActivityEntry): string {
  return [
    entry.actor.name,
    entry.action,
    entry.outcome,
    entry.request_id ?? "",
    entry.error?.code ?? "",
    entry.error?.message ?? "",
    JSON.stringify(entry.after ?? {}),
  ].join(" ");
}

/** The subaccount's audit entries: who, when, what, before → after, outcome and request_id. */
export function SubaccountHistory({ id }: { id: string }) {
  const { t } = useI18n();
  const [state, setState, resetState] = useUrlState(historyStateSchema);
  const query = useInfiniteQuery(subaccountHistoryQuery(id));

  // Memoised: a new array each render would make the table re-sort its rows on every render.
  const sorting = useMemo(() => parseSort(state.hsort), [state.hsort]);
  const all = useMemo(() => query.data?.pages.flatMap((page) => page.items), [query.data]);
  const rows = useMemo(
    () => (all && state.haction ? all.filter((entry) => entry.action === state.haction) : all),
    [all, state.haction],
  );

  const columns = useSubaccountHistoryColumns();

  const hasAny = (all?.length ?? 0) > 0;

  return (
    <DataTable
      label={t("subaccounts.history.title")}
      data={rows}
      columns={columns}
      columnsKey="subaccount-history"
      getRowId={(entry) => entry.id}
      isLoading={query.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      search={state.hq}
      onSearchChange={(hq) => setState({ hq })}
      searchPlaceholder={t("subaccounts.history.searchPlaceholder")}
      searchText={searchText}
      sorting={sorting}
      onSortingChange={(sorting) => setState({ hsort: formatSort(sorting) })}
      filters={
        <NativeSelect
          size="sm"
          aria-label={t("subaccounts.history.actionFilter")}
          value={state.haction ?? ""}
          onChange={(e) => {
            const next = ACTIONS.find((action) => action === e.target.value);
            setState({ haction: next ?? null });
          }}
          className="w-full sm:w-44"
        >
          <option value="">{t("subaccounts.history.actionAll")}</option>
          {ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(ACTION_LABELS[action] ?? action)}
            </option>
          ))}
        </NativeSelect>
      }
      estimateRowHeight={64}
      emptyState={
        <TableEmptyState>
          <ListEmptyState
            filtered={hasAny}
            onClearFilters={resetState}
            noMatch={{ title: t("subaccounts.history.noneWithFilter") }}
            empty={{
              icon: History,
              title: t("subaccounts.history.empty"),
              description: t("subaccounts.history.emptyHint"),
            }}
          />
        </TableEmptyState>
      }
      hasMore={query.hasNextPage}
      onLoadMore={() => void query.fetchNextPage()}
      isLoadingMore={query.isFetchingNextPage}
    />
  );
}

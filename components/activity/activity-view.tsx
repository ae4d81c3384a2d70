"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { History } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { lazyOnDemand, useOpenedOnce } from "@/components/ui/lazy-on-demand";
import { toast } from "@/components/ui/toast";
import { useSession } from "@/components/providers/session-provider";
import { ExportButtons } from "@/components/ui/export-buttons";
import { DataTable } from "@/components/ui/data-table";
import { ListEmptyState } from "@/components/ui/list-empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { PageHeader } from "@/components/ui/page-header";
import { isAbortError } from "@/lib/browser/bff-client/errors";
import { sheetBlob, downloadBlob } from "@/lib/browser/export";
import { exportFileName } from "@/lib/shared/export/file-name";
import type { ExportFormat } from "@/lib/shared/export/sheet";
import { useMediaQuery } from "@/lib/browser/hooks/use-media-query";
import { formatSort, parseSort, useUrlState } from "@/lib/browser/hooks/use-url-state";
import { useI18n } from "@/lib/browser/i18n";
import { zoneLabelWithShortName } from "@/lib/shared/i18n/zone-label";
import { ACTIVITY_EXPORT_LIMIT, activityQuery, fetchAllActivity } from "@/lib/browser/query/activity";
import type { ActivityEntry } from "@/lib/shared/schemas/activity";
import { useActivityColumns } from "./activity-columns";
import { ActivityFilters } from "./activity-filters";
import { useActivityLabels } from "./activity-labels";
import {
  ACTIVITY_SHEET,
  activitySearchText,
  activitySelectionSchema,
  activityUrlSchema,
  searchEntries,
  sortEntries,
  toApiFilters,
} from "./activity-model";

/** Loads with its first open, not with the page. */
const activitySheet = lazyOnDemand(() => import("./activity-sheet").then((m) => m.ActivitySheet), {
  controls: ({ entryId, onClose }) => ({ open: Boolean(entryId), close: onClose }),
});

/**
 * The audit log: who did what in the dashboard, newest first, filtered on the
 * server by person, action and dates (all in the URL), loaded page by page,
 * with before → after per field and a CSV of everything that matches.
 */
export function ActivityView() {
  const { locale, t, timeZone, timeZoneName } = useI18n();
  const session = useSession();
  const labels = useActivityLabels();
  const [state, setState, resetFilters] = useUrlState(activityUrlSchema);
  const [selection, setSelection] = useUrlState(activitySelectionSchema, { history: "push" });
  const activitySheetMounted = useOpenedOnce(Boolean(selection.entry));
  const wide = useMediaQuery("(min-width: 640px)");

  const apiFilters = useMemo(() => toApiFilters(state, timeZone), [state, timeZone]);
  const query = useInfiniteQuery(activityQuery(apiFilters));
  const loaded = useMemo(() => query.data?.pages.flatMap((page) => page.items), [query.data]);

  const haystack = useCallback(
    (entry: ActivityEntry) => activitySearchText(entry, labels.action(entry.action)),
    [labels],
  );
  const sorting = useMemo(() => parseSort(state.sort), [state.sort]);
  const view = useMemo(
    () => (loaded ? sortEntries(searchEntries(loaded, state.q, haystack), sorting, labels.action) : undefined),
    [loaded, state.q, haystack, sorting, labels],
  );
  const columns = useActivityColumns();

  const people = useMemo(() => {
    const names = new Set<string>([session.person.name]);
    for (const entry of loaded ?? []) names.add(entry.actor.name);
    return [...names].sort((a, b) => a.localeCompare(b));
  }, [loaded, session.person.name]);

  const serverFiltersActive = Boolean(state.actor || state.action || state.from || state.to);
  const selected = selection.entry ? loaded?.find((e) => e.id === selection.entry) : undefined;

  // CSV export: every entry matching the server filters (bounded), then the same search and sort as the list.
  const [exporting, setExporting] = useState<{ format: ExportFormat; fetched: number } | null>(null);
  const [exportError, setExportError] = useState<{ error: unknown; format: ExportFormat } | null>(null);
  const exportAbort = useRef<AbortController | null>(null);
  useEffect(() => () => exportAbort.current?.abort(), []);

  const exportEntries = async (format: ExportFormat) => {
    setExportError(null);
    const controller = new AbortController();
    exportAbort.current = controller;
    setExporting({ format, fetched: 0 });
    try {
      const { items, truncated } = await fetchAllActivity(apiFilters, {
        max: ACTIVITY_EXPORT_LIMIT,
        signal: controller.signal,
        onProgress: (fetched) => setExporting({ format, fetched }),
      });
      const rows = sortEntries(searchEntries(items, state.q, haystack), sorting, labels.action);
      const blob = await sheetBlob(format, ACTIVITY_SHEET, rows, { locale, timeZone, t });
      downloadBlob(exportFileName(ACTIVITY_SHEET.file, format, { t, timeZone }), blob);
      if (truncated) toast.warning(t("activity.exportTruncated", { count: ACTIVITY_EXPORT_LIMIT }));
      else toast.success(t("activity.exported", { count: rows.length }));
    } catch (error) {
      if (isAbortError(error)) return;
      setExportError({ error, format });
      toast.error(t("activity.exportFailed"));
    } finally {
      if (exportAbort.current === controller) exportAbort.current = null;
      setExporting(null);
    }
  };

  const onSearchChange = useCallback((q: string) => setState({ q }), [setState]);

  const emptyState = (
    <ListEmptyState
      filtered={serverFiltersActive || Boolean(state.q)}
      onClearFilters={resetFilters}
      noMatch={{
        title: t("activity.empty.filteredTitle"),
        description:
          state.q && (loaded?.length ?? 0) > 0
            ? t("table.noResultsFor", { query: state.q })
            : state.actor
              ? t("activity.empty.filteredPerson", { name: state.actor })
              : t("activity.empty.filteredDescription"),
      }}
      empty={{ icon: History, title: t("activity.empty.title"), description: t("activity.empty.description") }}
    />
  );

  return (
    <>
      <PageHeader
        title={t("nav.activity")}
        description={t("activity.description", { zone: zoneLabelWithShortName(timeZone, t, timeZoneName()) })}
        actions={
          <ExportButtons
            onExport={(format) => void exportEntries(format)}
            busy={exporting?.format ?? null}
            busyLabel={exporting ? t("activity.exporting", { count: exporting.fetched }) : undefined}
            disabled={query.isPending || (loaded?.length ?? 0) === 0}
          />
        }
      />

      {exportError ? (
        <ErrorPanel
          error={exportError.error}
          onRetry={() => void exportEntries(exportError.format)}
          title={t("activity.exportFailed")}
          className="mb-4"
        />
      ) : null}

      <DataTable
        label={t("nav.activity")}
        data={view}
        columns={columns}
        columnsKey="activity"
        getRowId={(row) => row.id}
        isLoading={query.isPending}
        error={query.error}
        onRetry={() => query.refetch()}
        search={state.q}
        onSearchChange={onSearchChange}
        searchPlaceholder={t("activity.searchPlaceholder")}
        manualFiltering
        manualSorting
        sorting={sorting}
        onSortingChange={(next) => setState({ sort: formatSort(next) })}
        filters={
          <ActivityFilters
            state={state}
            setState={setState}
            people={people}
            onClear={serverFiltersActive || state.q ? resetFilters : undefined}
            compact={!wide}
          />
        }
        toolbarActions={
          query.hasNextPage ? (
            <span className="text-xs text-muted-foreground">
              {t("activity.loadedSoFar", { count: loaded?.length ?? 0 })}
            </span>
          ) : null
        }
        onRowClick={(row) => setSelection({ entry: row.id })}
        rowLabel={(row) => t("activity.rowLabel", { action: labels.action(row.action), name: row.actor.name })}
        emptyState={emptyState}
        hasMore={Boolean(query.hasNextPage)}
        onLoadMore={() => query.fetchNextPage()}
        isLoadingMore={query.isFetchingNextPage}
        estimateRowHeight={wide ? 64 : 160}
      />

      {activitySheetMounted ? (
        <activitySheet.Component
          entryId={selection.entry}
          entry={selected}
          onClose={() => setSelection({ entry: null })}
        />
      ) : null}
    </>
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { FilterX, Link2 } from "lucide-react";
import { useCallback, useMemo } from "react";
import { lazyOnDemand, useOpenedOnce } from "@/components/ui/lazy-on-demand";
import { useCan } from "@/components/providers/session-provider";
import { Button } from "@/components/ui/button";
import { CreateLink } from "@/components/ui/create-link";
import { ExportButtons, useSheetExport } from "@/components/ui/export-buttons";
import { toast } from "@/components/ui/toast";
import { DataTable, useSearchBox } from "@/components/ui/data-table";
import { ListEmptyState } from "@/components/ui/list-empty-state";
import { NativeSelect } from "@/components/ui/native-select";
import { PageHeader } from "@/components/ui/page-header";
import { formatSort, parseSort, useUrlState } from "@/lib/browser/hooks/use-url-state";
import { useI18n } from "@/lib/browser/i18n";
import { isPartialList } from "@/lib/browser/query/paged-list";
import { paymentLinksQuery } from "@/lib/browser/query/payment-links";
import type { ExportFormat } from "@/lib/shared/export";
import { buildSearchKeys } from "@/lib/shared/search";
import {
  deriveLinkState,
  filterLinks,
  LINK_STATES,
  linkFiltersSchema,
  linkSelectionSchema,
  linkSearchText,
  linkTotals,
  type FilterableLink,
} from "./link-model";
import { paymentLinksSheet, sortLinkRows } from "./link-export";
import { LINK_STATE_LABELS } from "./link-state-badge";
import { LinkSummary } from "./link-summary";
import { usePaymentLinkColumns } from "./payment-link-columns";
import { useNow } from "@/lib/browser/hooks/use-now";

/** Loads with its first open, not with the page. */
const paymentLinkSheet = lazyOnDemand(() => import("./payment-link-sheet").then((m) => m.PaymentLinkSheet), {
  controls: ({ openId, onClose }) => ({ open: openId !== undefined, close: onClose }),
});

/**
 * /payment-links: every link with its counters, searchable by name or slug,
 * filterable by derived state and amount type, sortable; filters, sort and the
 * open link live in the URL. Totals above the table follow the filters.
 */
export function PaymentLinksView({ baseUrl }: { baseUrl: string }) {
  const { t } = useI18n();
  const canCreate = useCan("payment_links.create");
  const query = useQuery(paymentLinksQuery());
  const [filters, setFilters] = useUrlState(linkFiltersSchema);
  const [selection, setSelection] = useUrlState(linkSelectionSchema, { history: "push" });
  const paymentLinkSheetMounted = useOpenedOnce(selection.id !== undefined);
  const now = useNow(30_000);

  const onSearchChange = useCallback((q: string) => setFilters({ q }), [setFilters]);
  const searchBox = useSearchBox({ search: filters.q, onSearchChange });
  const { query: q } = searchBox;
  const { state: stateFilter, amount } = filters;

  // Search keys once per list; states again each clock tick; the filter on every (deferred) keystroke.
  const searchKeys = useMemo(
    () => (query.data ? buildSearchKeys(query.data, linkSearchText) : undefined),
    [query.data],
  );
  const rows = useMemo<FilterableLink[] | undefined>(
    () => query.data?.map((link, i) => ({ link, state: deriveLinkState(link, now), searchKey: searchKeys?.[i] })),
    [query.data, now, searchKeys],
  );
  const visible = useMemo(
    () => (rows ? filterLinks(rows, { q, state: stateFilter, amount }) : undefined),
    [rows, q, stateFilter, amount],
  );
  // One array per sort order: a new one each render would make the table re-sort every row on each keystroke.
  const sorting = useMemo(() => parseSort(filters.sort), [filters.sort]);
  // The table keeps its model of every row; a keystroke only changes which of them show.
  const rowFilter = useMemo(() => {
    if (!visible) return undefined;
    const shown = new Set(visible);
    return (row: FilterableLink) => shown.has(row);
  }, [visible]);
  const totals = useMemo(() => (visible ? linkTotals(visible.map((row) => row.link)) : undefined), [visible]);
  const selected = selection.id && rows ? rows.find((row) => row.link.id === selection.id) : undefined;
  const hasFilters = q !== "" || filters.state !== undefined || filters.amount !== undefined;

  const columns = usePaymentLinkColumns({ baseUrl });

  // The export holds the rows shown, in the table's order, once the whole list has arrived.
  const partial = isPartialList(query.data);
  const exporter = useSheetExport();
  const exportShown = async (format: ExportFormat) => {
    if (!visible || visible.length === 0 || partial) return;
    const shown = sortLinkRows(visible, sorting);
    if (await exporter.run(format, paymentLinksSheet(baseUrl), shown))
      toast.success(t("paymentLinks.exported", { count: shown.length }));
  };

  const emptyState = (
    <ListEmptyState
      filtered={hasFilters}
      onClearFilters={() => setFilters({ q: null, state: null, amount: null })}
      noMatch={{
        title: t("paymentLinks.empty.filteredTitle"),
        description: t("paymentLinks.empty.filteredDescription"),
      }}
      empty={{
        icon: Link2,
        title: t("paymentLinks.empty.title"),
        description: canCreate ? t("paymentLinks.empty.description") : t("paymentLinks.empty.descriptionReadOnly"),
        action: canCreate ? (
          <CreateLink href="/payment-links/new" size="sm">
            {t("paymentLinks.new")}
          </CreateLink>
        ) : undefined,
      }}
    />
  );

  return (
    <>
      <PageHeader
        title={t("nav.paymentLinks")}
        description={t("paymentLinks.description")}
        actions={canCreate ? <CreateLink href="/payment-links/new">{t("paymentLinks.new")}</CreateLink> : null}
      />

      <LinkSummary totals={totals} total={rows?.length ?? 0} loading={query.isPending || partial} />

      <DataTable
        label={t("nav.paymentLinks")}
        data={rows}
        rowFilter={rowFilter}
        columnsKey="payment-links"
        columns={columns}
        getRowId={(row) => row.link.id}
        isLoading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        searchBox={searchBox}
        searchPlaceholder={t("paymentLinks.searchPlaceholder")}
        manualFiltering
        sorting={sorting}
        onSortingChange={(sorting) => setFilters({ sort: formatSort(sorting) })}
        filters={
          <>
            <NativeSelect
              size="sm"
              aria-label={t("paymentLinks.filter.state")}
              value={filters.state ?? ""}
              onChange={(event) =>
                setFilters({ state: LINK_STATES.find((state) => state === event.target.value) ?? null })
              }
            >
              <option value="">{t("paymentLinks.filter.allStates")}</option>
              {LINK_STATES.map((state) => (
                <option key={state} value={state}>
                  {t(LINK_STATE_LABELS[state])}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect
              size="sm"
              aria-label={t("paymentLinks.filter.amountType")}
              value={filters.amount ?? ""}
              onChange={(event) =>
                setFilters({
                  amount:
                    event.target.value === "fixed" || event.target.value === "minimum" ? event.target.value : null,
                })
              }
            >
              <option value="">{t("paymentLinks.filter.allAmountTypes")}</option>
              <option value="fixed">{t("paymentLinks.amountType.fixed")}</option>
              <option value="minimum">{t("paymentLinks.amountType.minimum")}</option>
            </NativeSelect>
            {hasFilters ? (
              <Button variant="ghost" size="sm" onClick={() => setFilters({ q: null, state: null, amount: null })}>
                <FilterX aria-hidden="true" />
                {t("common.clearFilters")}
              </Button>
            ) : null}
          </>
        }
        toolbarActions={
          <ExportButtons
            onExport={(format) => void exportShown(format)}
            busy={exporter.busy}
            disabled={!visible || visible.length === 0 || partial}
          />
        }
        onRowClick={(row) => setSelection({ id: row.link.id })}
        rowLabel={(row) => t("paymentLinks.rowLabel", { name: row.link.name, slug: row.link.slug })}
        emptyState={emptyState}
        estimateRowHeight={57}
      />

      {paymentLinkSheetMounted ? (
        <paymentLinkSheet.Component
          openId={selection.id}
          link={selected?.link}
          state={selected?.state}
          baseUrl={baseUrl}
          isLoading={query.isPending}
          error={query.error}
          onRetry={() => void query.refetch()}
          onClose={() => setSelection({ id: null })}
        />
      ) : null}
    </>
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { FilterX, Link2, Plus } from "lucide-react";
import Link from "next/link";
import { useCallback, useMemo } from "react";
import { useCan } from "@/components/providers/session-provider";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { columnMeta, DataTable, type DataTableColumn } from "@/components/ui/data-table";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { Money } from "@/components/ui/money";
import { NativeSelect } from "@/components/ui/native-select";
import { PageHeader } from "@/components/ui/page-header";
import { StatusBadge } from "@/components/ui/status-badge";
import { formatSort, parseSort, useUrlState } from "@/lib/browser/hooks/use-url-state";
import { useI18n } from "@/lib/browser/i18n";
import { paymentLinksQuery } from "@/lib/browser/query/payment-links";
import { LinkAmount } from "./link-amount";
import {
  conversionRate,
  deriveLinkState,
  filterLinks,
  LINK_STATES,
  linkFiltersSchema,
  linkStateRank,
  linkTotals,
  publicLinkUrl,
  sortableAmount,
  type FilterableLink,
} from "./link-model";
import { LINK_STATE_LABELS, LinkStateBadge } from "./link-state-badge";
import { LinkSummary } from "./link-summary";
import { PaymentLinkSheet } from "./payment-link-sheet";
import { useNow } from "@/lib/browser/hooks/use-now";

const col = createColumnHelper<FilterableLink>();

function instantOrUndefined(value: string | null): number | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * /payment-links: every link with its counters, searchable by name or slug,
 * filterable by derived state and amount type, sortable; filters, sort and the
 * open link live in the URL. Totals above the table follow the filters.
 */
export function PaymentLinksView({ baseUrl }: { baseUrl: string }) {
  const { t, formatNumber, timeZoneName } = useI18n();
  const canCreate = useCan("payment_links.create");
  const query = useQuery(paymentLinksQuery());
  const [filters, setFilters] = useUrlState(linkFiltersSchema);
  const now = useNow(30_000);

  const rows = useMemo<FilterableLink[] | undefined>(() => query.data?.map((link) => ({ link, state: deriveLinkState(link, now) })), [query.data, now]);
  const visible = useMemo(() => (rows ? filterLinks(rows, filters) : undefined), [rows, filters]);
  const totals = useMemo(() => (visible ? linkTotals(visible.map((row) => row.link)) : undefined), [visible]);
  const selected = filters.id && rows ? rows.find((row) => row.link.id === filters.id) : undefined;
  const hasFilters = filters.q !== "" || filters.state !== undefined || filters.amount !== undefined;
  const zone = timeZoneName();

  const onSearchChange = useCallback((q: string) => setFilters({ q }), [setFilters]);

  const columns = useMemo<DataTableColumn<FilterableLink>[]>(
    () => [
      col.accessor((row) => row.link.name, {
        id: "name",
        header: () => t("paymentLinks.col.link"),
        size: 235,
        cell: (info) => {
          const { link } = info.row.original;
          return (
            <span className="flex min-w-0 items-center gap-1">
              <span className="grid min-w-0 flex-1">
                <span className="truncate font-medium" title={link.name}>
                  {link.name}
                </span>
                <span className="truncate font-mono text-xs text-muted-foreground" title={link.slug}>
                  {link.slug}
                </span>
              </span>
              <CopyButton value={publicLinkUrl(baseUrl, link.slug)} label={t("paymentLinks.publicUrlOf", { name: link.name })} className="shrink-0" />
            </span>
          );
        },
      }),
      col.accessor((row) => sortableAmount(row.link), {
        id: "amount",
        header: () => t("paymentLinks.col.amount"),
        size: 205,
        sortUndefined: "last",
        meta: columnMeta({ align: "right" }),
        cell: (info) => <LinkAmount link={info.row.original.link} />,
      }),
      col.accessor((row) => linkStateRank(row.state), {
        id: "state",
        header: () => t("paymentLinks.col.state"),
        size: 120,
        cell: (info) => <LinkStateBadge state={info.row.original.state} />,
      }),
      col.accessor((row) => row.link.status, {
        id: "status",
        header: () => t("paymentLinks.col.status"),
        size: 135,
        cell: (info) => <StatusBadge status={info.getValue()} />,
      }),
      col.accessor((row) => row.link.visits, {
        id: "visits",
        header: () => t("paymentLinks.col.visits"),
        size: 100,
        meta: columnMeta({ align: "right" }),
        cell: (info) => formatNumber(info.getValue()),
      }),
      col.accessor((row) => row.link.checkouts_started, {
        id: "checkouts",
        header: () => t("paymentLinks.col.checkoutsShort"),
        size: 115,
        meta: columnMeta({ align: "right" }),
        cell: (info) => formatNumber(info.getValue()),
      }),
      col.accessor((row) => row.link.sales_count, {
        id: "sales",
        header: () => t("paymentLinks.col.sales"),
        size: 90,
        meta: columnMeta({ align: "right" }),
        cell: (info) => formatNumber(info.getValue()),
      }),
      col.accessor((row) => conversionRate(row.link.sales_count, row.link.visits) ?? undefined, {
        id: "conversion",
        header: () => t("paymentLinks.col.conversion"),
        size: 110,
        sortUndefined: "last",
        meta: columnMeta({ align: "right" }),
        cell: (info) => {
          const value = info.getValue();
          return value === undefined ? (
            <span className="text-muted-foreground" title={t("paymentLinks.noVisits")}>
              {t("common.none")}
              <span className="sr-only"> {t("paymentLinks.noVisits")}</span>
            </span>
          ) : (
            formatNumber(value, { style: "percent", maximumFractionDigits: 1 })
          );
        },
      }),
      col.accessor((row) => row.link.revenue_centavos, {
        id: "revenue",
        header: () => t("paymentLinks.col.revenue"),
        size: 140,
        meta: columnMeta({ align: "right" }),
        cell: (info) => <Money centavos={info.getValue()} />,
      }),
      col.accessor((row) => instantOrUndefined(row.link.starts_at), {
        id: "starts_at",
        header: () => t("paymentLinks.col.startsAt", { zone }),
        size: 150,
        sortUndefined: "last",
        cell: (info) => <DateTime value={info.row.original.link.starts_at} />,
      }),
      col.accessor((row) => instantOrUndefined(row.link.expires_at), {
        id: "expires_at",
        header: () => t("paymentLinks.col.expiresAt", { zone }),
        size: 150,
        sortUndefined: "last",
        cell: (info) =>
          info.row.original.link.expires_at ? (
            <DateTime value={info.row.original.link.expires_at} />
          ) : (
            <span className="text-muted-foreground">{t("paymentLinks.neverExpires")}</span>
          ),
      }),
      col.accessor((row) => row.link.max_sales ?? undefined, {
        id: "max_sales",
        header: () => t("paymentLinks.col.maxSales"),
        size: 110,
        sortUndefined: "last",
        meta: columnMeta({ align: "right" }),
        cell: (info) => {
          const value = info.getValue();
          return value === undefined ? <span className="text-muted-foreground">{t("paymentLinks.noLimit")}</span> : formatNumber(value);
        },
      }),
    ],
    [baseUrl, formatNumber, t, zone],
  );

  const emptyState = hasFilters ? (
    <EmptyState
      icon={FilterX}
      title={t("paymentLinks.empty.filteredTitle")}
      description={t("paymentLinks.empty.filteredDescription")}
      action={
        <Button variant="outline" size="sm" onClick={() => setFilters({ q: null, state: null, amount: null })}>
          {t("common.clearFilters")}
        </Button>
      }
    />
  ) : (
    <EmptyState
      icon={Link2}
      title={t("paymentLinks.empty.title")}
      description={canCreate ? t("paymentLinks.empty.description") : t("paymentLinks.empty.descriptionReadOnly")}
      action={
        canCreate ? (
          <Button asChild size="sm">
            <Link href="/payment-links/new">
              <Plus aria-hidden="true" />
              {t("paymentLinks.new")}
            </Link>
          </Button>
        ) : undefined
      }
    />
  );

  return (
    <>
      <PageHeader
        title={t("nav.paymentLinks")}
        description={t("paymentLinks.description")}
        actions={
          canCreate ? (
            <Button asChild>
              <Link href="/payment-links/new">
                <Plus aria-hidden="true" />
                {t("paymentLinks.new")}
              </Link>
            </Button>
          ) : null
        }
      />

      <LinkSummary totals={totals} total={rows?.length ?? 0} loading={query.isPending} />

      <DataTable
        label={t("nav.paymentLinks")}
        data={visible}
        columns={columns}
        getRowId={(row) => row.link.id}
        isLoading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        search={filters.q}
        onSearchChange={onSearchChange}
        searchPlaceholder={t("paymentLinks.searchPlaceholder")}
        manualFiltering
        sorting={parseSort(filters.sort)}
        onSortingChange={(sorting) => setFilters({ sort: formatSort(sorting) })}
        filters={
          <>
            <NativeSelect
              size="sm"
              aria-label={t("paymentLinks.filter.state")}
              value={filters.state ?? ""}
              onChange={(event) => setFilters({ state: LINK_STATES.find((state) => state === event.target.value) ?? null })}
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
              onChange={(event) => setFilters({ amount: event.target.value === "fixed" || event.target.value === "minimum" ? event.target.value : null })}
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
        onRowClick={(row) => setFilters({ id: row.link.id })}
        rowLabel={(row) => t("paymentLinks.rowLabel", { name: row.link.name, slug: row.link.slug })}
        emptyState={emptyState}
        estimateRowHeight={57}
      />

      <PaymentLinkSheet
        openId={filters.id}
        link={selected?.link}
        state={selected?.state}
        baseUrl={baseUrl}
        isLoading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        onClose={() => setFilters({ id: null })}
      />
    </>
  );
}

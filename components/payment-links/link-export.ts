import type { ExportSheet } from "@/lib/shared/export";
import { isoToMs } from "@/lib/shared/format/date";
import {
  amountKind,
  conversionRate,
  linkStateRank,
  publicLinkUrl,
  sortableAmount,
  type FilterableLink,
} from "./link-model";

/**
 * The payment links' export (a CSV or an .xlsx, lib/shared/export) of the rows the list shows, in its order:
 * id, name, slug and public address, amount type and amounts, the state now and the API's status in words,
 * the counters, revenue, dates in the operator's zone and whether customer data is collected.
 */
export function paymentLinksSheet(baseUrl: string): ExportSheet<FilterableLink> {
  return {
    file: "paymentLinks",
    title: "nav.paymentLinks",
    columns: [
      { kind: "text", header: "paymentLinks.field.id", value: (row) => row.link.id },
      { kind: "text", header: "paymentLinks.field.name", value: (row) => row.link.name },
      { kind: "text", header: "paymentLinks.field.slug", value: (row) => row.link.slug },
      { kind: "text", header: "paymentLinks.field.publicUrl", value: (row) => publicLinkUrl(baseUrl, row.link.slug) },
      {
        kind: "enum",
        header: "paymentLinks.field.amountType",
        labels: "paymentLinks.amountType.",
        value: (row) => amountKind(row.link),
      },
      { kind: "money", header: "paymentLinks.field.amount", value: (row) => row.link.amount_centavos },
      { kind: "money", header: "paymentLinks.field.minAmount", value: (row) => row.link.min_amount_centavos },
      { kind: "enum", header: "paymentLinks.col.state", labels: "paymentLinks.state.", value: (row) => row.state },
      { kind: "enum", header: "paymentLinks.field.status", labels: "status.", value: (row) => row.link.status },
      { kind: "count", header: "paymentLinks.col.visits", value: (row) => row.link.visits },
      { kind: "count", header: "paymentLinks.col.checkouts", value: (row) => row.link.checkouts_started },
      { kind: "count", header: "paymentLinks.col.sales", value: (row) => row.link.sales_count },
      { kind: "count", header: "paymentLinks.field.maxSales", value: (row) => row.link.max_sales },
      { kind: "money", header: "paymentLinks.col.revenue", value: (row) => row.link.revenue_centavos },
      { kind: "dateTime", header: "paymentLinks.field.startsAt", value: (row) => row.link.starts_at },
      { kind: "dateTime", header: "paymentLinks.field.expiresAt", value: (row) => row.link.expires_at },
      { kind: "dateTime", header: "paymentLinks.field.createdAt", value: (row) => row.link.created_at },
      {
        kind: "enum",
        header: "paymentLinks.field.collectCustomerData",
        labels: "common.",
        value: (row) => (row.link.collect_customer_data ? "yes" : "no"),
      },
    ],
  };
}

/** What the list sorts each column by (its ids are the URL's sort keys); a missing value sorts last. */
const SORT_KEYS: Readonly<Record<string, (row: FilterableLink) => string | number | null | undefined>> = {
  name: (row) => row.link.name,
  amount: (row) => sortableAmount(row.link),
  state: (row) => linkStateRank(row.state),
  status: (row) => row.link.status,
  visits: (row) => row.link.visits,
  checkouts: (row) => row.link.checkouts_started,
  sales: (row) => row.link.sales_count,
  conversion: (row) => conversionRate(row.link.sales_count, row.link.visits),
  revenue: (row) => row.link.revenue_centavos,
  starts_at: (row) => isoToMs(row.link.starts_at),
  expires_at: (row) => isoToMs(row.link.expires_at),
};

/** The rows in the list's order for `sorting` (unknown ids ignored, ties kept in the API's order). */
export function sortLinkRows(
  rows: readonly FilterableLink[],
  sorting: readonly { id: string; desc: boolean }[],
): FilterableLink[] {
  const keys = sorting.flatMap((s) => {
    const key = SORT_KEYS[s.id];
    return key ? [{ key, desc: s.desc }] : [];
  });
  if (keys.length === 0) return [...rows];
  return [...rows].sort((a, b) => {
    for (const { key, desc } of keys) {
      const x = key(a);
      const y = key(b);
      const xMissing = x === null || x === undefined;
      const yMissing = y === null || y === undefined;
      if (xMissing || yMissing) {
        if (xMissing !== yMissing) return xMissing ? 1 : -1;
        continue;
      }
      const order =
        typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y), "pt-BR");
      if (order !== 0) return desc ? -order : order;
    }
    return 0;
  });
}

import type { Locale } from "@/lib/shared/i18n/config";
import { z } from "zod/mini";
import { urlChoice, urlOptional } from "@/lib/browser/url-fields";
import { isoToMs } from "@/lib/shared/format/date";
import type { KnownPaymentLinkStatus, PaymentLink } from "@/lib/shared/schemas/payment-link";
import { matchesAllTerms, normalizeForSearch, searchTerms } from "@/lib/shared/search";

/**
 * What a payment link is doing right now, worked out from its fields rather than
 * trusted from `status` alone: the API keeps a sold-out link `active`, and a
 * created link stays `pending` after its start. The raw status is always shown
 * next to it; statuses the dashboard does not know become "other".
 */
export const LINK_STATES = ["active", "scheduled", "sold_out", "expired", "disabled", "other"] as const;
export type LinkState = (typeof LINK_STATES)[number];

/** Sort rank of each state: what an operator acts on first comes first. */
const STATE_RANK: Readonly<Record<LinkState, number>> = {
  active: 0,
  scheduled: 1,
  sold_out: 2,
  expired: 3,
  disabled: 4,
  other: 5,
};

/**
 * What each status the API may send means before the link's own fields are read: a created link is
 * `pending` and takes payments from its start, like `active`. Every known status has its entry, so a
 * new one cannot be added to the schema without deciding here what a person is told.
 */
const API_STATUS_STATE: Readonly<Record<KnownPaymentLinkStatus, LinkState>> = {
  pending: "active",
  active: "active",
  sold_out: "sold_out",
  expired: "expired",
  disabled: "disabled",
};

function isKnownStatus(status: string): status is KnownPaymentLinkStatus {
  return Object.hasOwn(API_STATUS_STATE, status);
}

/**
 * The one state a person is shown for a link. Disabled wins; then the expiry (past = expired,
 * whatever the status), the sales limit (reached = sold out), the start (ahead = scheduled); else
 * what the status means. The API's raw status is shown as a detail beside it (`LinkApiStatus`), not
 * as a second state.
 */
export function deriveLinkState(
  link: Pick<PaymentLink, "status" | "expires_at" | "starts_at" | "max_sales" | "sales_count">,
  now: number,
): LinkState {
  const { status } = link;
  const byStatus: LinkState = isKnownStatus(status) ? API_STATUS_STATE[status] : "other";
  if (byStatus === "disabled") return "disabled";
  const expiresAt = isoToMs(link.expires_at);
  if (byStatus === "expired" || (expiresAt !== null && expiresAt <= now)) return "expired";
  if (byStatus === "sold_out" || (link.max_sales !== null && link.sales_count >= link.max_sales)) return "sold_out";
  if (byStatus === "other") return "other";
  const startsAt = isoToMs(link.starts_at);
  if (startsAt !== null && startsAt > now) return "scheduled";
  return byStatus;
}

export function linkStateRank(state: LinkState): number {
  return STATE_RANK[state];
}

export type AmountKind = "fixed" | "minimum";

/** A link with a fixed amount charges exactly that; otherwise the payer chooses any amount ≥ the minimum. */
export function amountKind(link: Pick<PaymentLink, "amount_centavos">): AmountKind {
  return link.amount_centavos !== null ? "fixed" : "minimum";
}

/** The amount used to sort and compare links: the fixed amount, else the minimum. */
export function sortableAmount(link: Pick<PaymentLink, "amount_centavos" | "min_amount_centavos">): number | undefined {
  return link.amount_centavos ?? link.min_amount_centavos ?? undefined;
}

/** Sales per visit in [0, 1], or null when nobody visited (shown as "—", never 0 % or NaN). */
export function conversionRate(sales: number, visits: number): number | null {
  if (!Number.isFinite(visits) || visits <= 0) return null;
  return sales / visits;
}

export interface LinkTotals {
  count: number;
  revenueCentavos: number;
  sales: number;
  visits: number;
  checkoutsStarted: number;
  conversion: number | null;
}

/** Sums over a set of links. Revenue stays integer centavos. */
export function linkTotals(links: readonly PaymentLink[]): LinkTotals {
  let revenueCentavos = 0;
  let sales = 0;
  let visits = 0;
  let checkoutsStarted = 0;
  for (const link of links) {
    revenueCentavos += link.revenue_centavos;
    sales += link.sales_count;
    visits += link.visits;
    checkoutsStarted += link.checkouts_started;
  }
  return {
    count: links.length,
    revenueCentavos,
    sales,
    visits,
    checkoutsStarted,
    conversion: conversionRate(sales, visits),
  };
}

const SLUG_MAX = 64;

/**
 * A slug suggested from a link's name: lower case, accents stripped, anything
 * else turned into single hyphens, at most 64 characters ("Café & Pão!" →
 * "cafe-pao"). It may still be too short for the schema (3 characters): the
 * form says so.
 */
export function slugify(name: string): string {
  const base = normalizeForSearch(name)
    .replace(/ß/g, "ss")
    .replace(/æ/g, "ae")
    .replace(/ø/g, "o")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return base.slice(0, SLUG_MAX).replace(/-+$/, "");
}

export const DEFAULT_PAYMENT_LINK_BASE_URL = "https://pay.example.com/l/";

/** The public address a payer opens: the configured base + the slug. */
export function publicLinkUrl(baseUrl: string, slug: string): string {
  return `${withSlash(baseUrl)}${encodeURIComponent(slug)}`;
}

/**
 * The address as the form previews it while a slug is typed: the slug as written, not percent-encoded, so a space
 * or an accent reads as itself ("meu link", beside the field's message) rather than as "meu%20link".
 */
export function publicLinkPreview(baseUrl: string, slug: string): string {
  return `${withSlash(baseUrl)}${slug}`;
}

function withSlash(baseUrl: string): string {
  return baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`;
}

/** A usable base URL from the environment (http(s) only), else the default. */
export function resolvePaymentLinkBaseUrl(value: string | undefined): string {
  const trimmed = value?.trim();
  if (!trimmed) return DEFAULT_PAYMENT_LINK_BASE_URL;
  try {
    const url = new URL(trimmed);
    if (url.protocol !== "https:" && url.protocol !== "http:") return DEFAULT_PAYMENT_LINK_BASE_URL;
    return trimmed.endsWith("/") ? trimmed : `${trimmed}/`;
  } catch {
    return DEFAULT_PAYMENT_LINK_BASE_URL;
  }
}

/** What a link is searched by: name, slug and id. */
export function linkSearchText(link: Pick<PaymentLink, "name" | "slug" | "id">): string {
  return `${link.name} ${link.slug} ${link.id}`;
}

/** Search by name or slug (accents and case ignored; every word must match). */
export function matchesSearch(link: Pick<PaymentLink, "name" | "slug" | "id">, query: string): boolean {
  const terms = searchTerms(query);
  if (terms.length === 0) return true;
  return matchesAllTerms(normalizeForSearch(linkSearchText(link)), terms);
}

/** The list's filters, search, sort and open link, kept in the URL. */
export const linkFiltersSchema = z.object({
  q: z._default(z.string(), ""),
  state: urlChoice(LINK_STATES),
  amount: urlChoice(["fixed", "minimum"]),
  sort: z._default(z.string(), ""),
});
export type LinkFilters = z.output<typeof linkFiltersSchema>;

/** The link open in the drawer: a step in the history of its own (Back closes it), apart from the filters. */
export const linkSelectionSchema = z.object({
  id: urlOptional(z.maxLength(128)),
});

export interface FilterableLink {
  link: PaymentLink;
  state: LinkState;
  /** `linkSearchText` folded, worked out once per list (buildSearchKeys); folded on demand when absent. */
  searchKey?: string;
}

export function filterLinks(
  rows: readonly FilterableLink[],
  filters: Pick<LinkFilters, "q" | "state" | "amount">,
): FilterableLink[] {
  const terms = searchTerms(filters.q);
  return rows.filter(
    (row) =>
      (filters.state === undefined || row.state === filters.state) &&
      (filters.amount === undefined || amountKind(row.link) === filters.amount) &&
      (terms.length === 0 || matchesAllTerms(row.searchKey ?? normalizeForSearch(linkSearchText(row.link)), terms)),
  );
}

/**
 * The limit as typed, in the reader's way of writing numbers: empty is no limit; "1000", or "1.000" in Portuguese and
 * "1,000" in English, is a thousand. It is a count of sales, so anything else ("1,5", "2,0", "1,000" in Portuguese,
 * "5a0") is not a number: refused next to the field, never read as another number ("-1" stays -1, which the schema
 * refuses too).
 */
export function parseMaxSales(text: string, locale: Locale): number | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  if (/^-?\d+$/.test(trimmed)) return Number(trimmed);
  const grouped = locale === "en" ? /^\d{1,3}(,\d{3})+$/ : /^\d{1,3}(\.\d{3})+$/;
  return grouped.test(trimmed) ? Number(trimmed.replace(/[.,]/g, "")) : Number.NaN;
}

import { z } from "zod/mini";
import { urlChoice, urlOptional, urlText } from "@/lib/browser/url-fields";
import {
  DEADLINE_FILTERS,
  isOpenChargeback,
  matchesDeadline,
  needsAction,
  REVIEW_STATUS,
  urgencyOf,
} from "@/lib/shared/chargebacks/deadline";
import type { ExportColumn, ExportSheet } from "@/lib/shared/export";
import { isoToMs } from "@/lib/shared/format/date";
import { jsonText } from "@/lib/shared/format/text";
import { dateWindow } from "@/lib/shared/format/date-window";
import {
  ChargebackSchema,
  KNOWN_CHARGEBACK_KINDS,
  KNOWN_CHARGEBACK_STATUSES,
  type Chargeback,
} from "@/lib/shared/schemas/chargeback";
import { matchesAllTerms, normalizeForSearch, searchTerms } from "@/lib/shared/search";

/**
 * The chargebacks page's rules, kept pure (no React) so the table, the stat
 * tiles and the CSV export all use exactly the same filtering and ordering.
 * Open, needs-action and deadline urgency are `@/lib/shared/chargebacks/deadline`,
 * shared with the overview.
 */

/** Every field the dashboard formats; anything else the API sends is shown as it came. */
export const KNOWN_FIELDS: readonly string[] = Object.keys(ChargebackSchema.shape);

export { KNOWN_CHARGEBACK_KINDS, KNOWN_CHARGEBACK_STATUSES };

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Filters, search and sort as they live in the URL. Dates are calendar days in the operator's zone. */
export const chargebackUrlSchema = z.object({
  q: urlText(200),
  kind: urlText(60),
  /** "" (all), "open" (needs_response + under_review) or one status as the API sends it. */
  status: urlText(60),
  deadline: urlChoice(DEADLINE_FILTERS),
  from: urlOptional(z.regex(DATE_RE)),
  to: urlOptional(z.regex(DATE_RE)),
  sort: urlText(80, "respond_by.asc"),
});
export type ChargebackUrlState = z.output<typeof chargebackUrlSchema>;

/** The chargeback open in the drawer (`?id=`), kept apart so opening it is a history entry (Back closes it). */
export const chargebackSelectionSchema = z.object({
  id: urlOptional(z.maxLength(200)),
});

/** What the search box looks through: ids, customer, payout, E2E, reason code, card digits and unknown text fields. */
export function searchText(cb: Chargeback): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(cb)) {
    if (key === "created_at" || key === "respond_by" || key === "amount_centavos") continue;
    if (typeof value === "string" || typeof value === "number") parts.push(String(value));
  }
  return normalizeForSearch(parts.join(" "));
}

export interface FilterContext {
  /** The person's zone (their `tz` cookie, as the insights read it): created-date filter and due-bucket days. */
  timeZone: string;
  now: number;
  /** Precomputed `searchText` per row (same order as `rows`). */
  haystacks?: readonly string[];
}

export function filterChargebacks(
  rows: readonly Chargeback[],
  state: Pick<ChargebackUrlState, "q" | "kind" | "status" | "deadline" | "from" | "to">,
  ctx: FilterContext,
): Chargeback[] {
  const terms = searchTerms(state.q);
  const { start, end } = dateWindow(state.from, state.to, ctx.timeZone);
  const out: Chargeback[] = [];
  rows.forEach((cb, index) => {
    if (state.kind && (cb.kind ?? "") !== state.kind) return;
    if (state.status === "open") {
      if (!isOpenChargeback(cb)) return;
    } else if (state.status && (cb.status ?? "") !== state.status) return;
    if (state.deadline && !matchesDeadline(cb, state.deadline, ctx.now, ctx.timeZone)) return;
    if (start !== null || end !== null) {
      const created = isoToMs(cb.created_at);
      if (created === null) return;
      if (start !== null && created < start) return;
      if (end !== null && created >= end) return;
    }
    if (terms.length > 0) {
      const hay = ctx.haystacks?.[index] ?? searchText(cb);
      if (!matchesAllTerms(hay, terms)) return;
    }
    out.push(cb);
  });
  return out;
}

export interface SortSpec {
  id: string;
  desc: boolean;
}

/** Missing values sort last in both directions. */
function compareNullable<T>(a: T | null, b: T | null, cmp: (x: T, y: T) => number, desc: boolean): number {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return desc ? -cmp(a, b) : cmp(a, b);
}

const collator = new Intl.Collator("pt-BR", { sensitivity: "base", numeric: true });
const byText = (x: string, y: string) => collator.compare(x, y);
const byNumber = (x: number, y: number) => x - y;

function textOf(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * Sorting by deadline ("respond_by"): open disputes first, soonest deadline
 * first (ascending) or latest first (descending); then decided ones, most
 * recent deadline first. Other columns: missing values last. Ties keep the
 * API's order (newest first). Keys are computed once per row (10,000 rows sort
 * in a few milliseconds).
 */
export function sortChargebacks(rows: readonly Chargeback[], sort: readonly SortSpec[]): Chargeback[] {
  const spec = sort[0] ?? { id: "respond_by", desc: false };
  const numeric = spec.id === "respond_by" || spec.id === "created_at" || spec.id === "amount_centavos";
  const decorated = rows.map((row, index) => {
    let key: number | string | null;
    if (spec.id === "respond_by" || spec.id === "created_at") key = isoToMs(row[spec.id]);
    else if (spec.id === "amount_centavos") key = row.amount_centavos ?? null;
    else key = textOf(row[spec.id]);
    return { row, index, open: spec.id === "respond_by" ? isOpenChargeback(row) : false, key };
  });
  decorated.sort((a, b) => {
    let result: number;
    if (spec.id === "respond_by" && a.open !== b.open) result = a.open ? -1 : 1;
    else if (spec.id === "respond_by" && !a.open)
      result = compareNullable(a.key as number | null, b.key as number | null, byNumber, true);
    else if (numeric) result = compareNullable(a.key as number | null, b.key as number | null, byNumber, spec.desc);
    else result = compareNullable(a.key as string | null, b.key as string | null, byText, spec.desc);
    return result || a.index - b.index;
  });
  return decorated.map((x) => x.row);
}

/** Field names the dashboard does not know, in the order first seen, across `rows`. */
export function unknownFields(rows: readonly Chargeback[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      if (!KNOWN_FIELDS.includes(key)) seen.add(key);
    }
  }
  return [...seen].sort();
}

/** A raw value as text: strings as they are, everything else as JSON. */
export const rawText = jsonText;

export interface Summary {
  total: number;
  needsAction: number;
  overdue: number;
  due24h: number;
  underReview: number;
  openAmount: number;
  open: number;
  med: number;
  card: number;
}

export function summarize(rows: readonly Chargeback[], now: number): Summary {
  const s: Summary = {
    total: rows.length,
    needsAction: 0,
    overdue: 0,
    due24h: 0,
    underReview: 0,
    openAmount: 0,
    open: 0,
    med: 0,
    card: 0,
  };
  for (const cb of rows) {
    if (cb.kind === "pix_med") s.med++;
    else if (cb.kind === "card_chargeback") s.card++;
    if (!isOpenChargeback(cb)) continue;
    s.open++;
    s.openAmount += cb.amount_centavos ?? 0;
    if (cb.status === REVIEW_STATUS) s.underReview++;
    if (!needsAction(cb)) continue;
    s.needsAction++;
    const u = urgencyOf(cb, now);
    if (u === "overdue") s.overdue++;
    else if (u === "due24h") s.due24h++;
  }
  return s;
}

/**
 * The export of exactly these rows, in this order (a CSV or an .xlsx, lib/shared/export): every known field,
 * kind and status in words, the amount in reais, both dates as wall-clock time in the operator's zone, then any
 * unknown fields present under their own names (objects as JSON).
 */
export function chargebacksSheet(rows: readonly Chargeback[]): ExportSheet<Chargeback> {
  return {
    file: "chargebacks",
    title: "nav.chargebacks",
    columns: [
      { kind: "text", header: "chargebacks.field.id", value: (cb) => cb.id },
      { kind: "enum", header: "chargebacks.field.kind", labels: "chargebacks.kind.", value: (cb) => cb.kind },
      { kind: "enum", header: "chargebacks.field.status", labels: "status.", value: (cb) => cb.status },
      { kind: "money", header: "chargebacks.field.amount", value: (cb) => cb.amount_centavos },
      { kind: "text", header: "chargebacks.field.reason", value: (cb) => cb.reason },
      { kind: "text", header: "chargebacks.field.reasonCode", value: (cb) => cb.reason_code },
      { kind: "text", header: "chargebacks.field.customer", value: (cb) => cb.customer_name },
      { kind: "dateTime", header: "chargebacks.field.createdAt", value: (cb) => cb.created_at },
      { kind: "dateTime", header: "chargebacks.field.respondBy", value: (cb) => cb.respond_by },
      { kind: "text", header: "chargebacks.field.payout", value: (cb) => cb.payout_id },
      { kind: "text", header: "chargebacks.field.endToEnd", value: (cb) => cb.end_to_end_id },
      { kind: "text", header: "chargebacks.field.cardBrand", value: (cb) => cb.card_brand },
      { kind: "text", header: "chargebacks.field.cardLast4", value: (cb) => cb.card_last4 },
      ...unknownFields(rows).map((key): ExportColumn<Chargeback> => ({
        kind: "text",
        header: { text: key },
        value: (cb) => rawText(cb[key]),
      })),
    ],
  };
}

import { z } from "zod/mini";
import { urlChoice, urlOptional } from "@/lib/browser/url-fields";
import type { PayoutRegisterFilters } from "@/lib/browser/query/payouts";
import { dateWindowIso } from "@/lib/shared/format/date-window";
import { isFilterDay, isFilterInstant, isoInstantMs } from "@/lib/shared/schemas/dates";
import { KNOWN_PAYOUT_STATUSES } from "@/lib/shared/schemas/payout";
import { PAYOUT_OUTCOMES } from "@/lib/shared/payouts/outcomes";
import { REGISTER_STATE_FILTERS, type RegisterPayout, type RegisterStateFilter } from "@/lib/shared/schemas/register";

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The dashboard states offered in the register's state filter, in this order. */
export const REGISTER_STATE_OPTIONS = [
  "needs_review",
  "in_progress",
  "attention",
  "submitted",
  "rejected",
  "handled",
] as const satisfies readonly RegisterStateFilter[];

/**
 * The register's view in the URL: search, status, state and date filters, sort and the open id-less entry.
 * Shareable, survives reload. `from`/`to` are calendar days in the business's zone, `to` included whole;
 * `since`/`until` an exact period of instants (start included, end excluded), which a figure of the insights
 * shorter than a day links to (the last hour, an hour of today).
 */
export const registerUrlSchema = z.object({
  search: z._default(z.string().check(z.maxLength(140)), ""),
  status: urlChoice(KNOWN_PAYOUT_STATUSES),
  /** The dashboard's own state: needs_review, in_progress (intent or uncertain), attention (all unknown outcomes), … */
  state: urlChoice(REGISTER_STATE_FILTERS),
  /** The rows of one outcome as the insights count them (a chart's bar links here with its days). */
  outcome: urlChoice(PAYOUT_OUTCOMES),
  from: urlOptional(z.regex(DAY_RE)),
  to: urlOptional(z.regex(DAY_RE)),
  since: urlOptional(z.refine(isFilterInstant)),
  until: urlOptional(z.refine(isFilterInstant)),
  sort: z._default(z.string().check(z.maxLength(80)), "created_at.desc"),
});

/**
 * Idempotency key of a row without a payout id (being sent, outcome unknown, rejected), opened in a side panel: a
 * step in the history of its own (Back closes it), apart from the filters.
 */
export const registerSelectionSchema = z.object({
  entry: urlOptional(z.maxLength(128)),
});
export type RegisterUrlState = z.output<typeof registerUrlSchema>;

/**
 * The URL's period as the register applies it: both ends when the start is before the end, else none (an empty or
 * inverted period is a URL edited by hand, not a filter to send).
 */
export function urlPeriod(state: Pick<RegisterUrlState, "since" | "until">): Pick<RegisterUrlState, "since" | "until"> {
  const { since, until } = state;
  if (since && until && (isoInstantMs(since) ?? 0) >= (isoInstantMs(until) ?? 0))
    return { since: undefined, until: undefined };
  return { since, until };
}

/** A day the filter may send: a day outside the filters' range (a half-typed year) is left out, as the activity log does. */
function filterDay(day: string | undefined): string | undefined {
  return day && isFilterDay(day) ? day : undefined;
}

/**
 * The URL's filters as the BFF reads them (the list, its totals and its export): the days become instants in the
 * business's zone, `from` the start of its day and `to` the start of the day after (exclusive), so the last day
 * counts until 23:59:59.999 there. With a period as well, the rows are those in both: the later start, the
 * earlier end.
 */
export function registerServerFilters(
  state: Pick<RegisterUrlState, "search" | "status" | "state" | "from" | "to"> &
    Partial<Pick<RegisterUrlState, "outcome" | "since" | "until">>,
  timeZone: string,
): PayoutRegisterFilters {
  const { start, end } = dateWindowIso(filterDay(state.from), filterDay(state.to), timeZone);
  const { since, until } = urlPeriod(state);
  return {
    search: state.search.trim(),
    status: state.status ?? "",
    state: state.state ?? "",
    outcome: state.outcome ?? "",
    from: pickInstant(start, since, true) ?? "",
    to: pickInstant(end, until, false) ?? "",
  };
}

/** The later (`later` true) or the earlier of two instants; the one given when only one is. */
function pickInstant(a: string | null | undefined, b: string | null | undefined, later: boolean): string | null {
  if (!a || !b) return a || b || null;
  const [msA, msB] = [isoInstantMs(a) ?? 0, isoInstantMs(b) ?? 0];
  // On a tie, `a` (the day's bound) is kept.
  return (later ? msA >= msB : msA <= msB) ? a : b;
}

/** Where a register row opens: its payout's page, or (no payout id yet) the register with the entry's side panel. */
export function registerEntryHref(row: Pick<RegisterPayout, "id" | "idempotency_key">): string {
  return row.id
    ? `/payouts/${encodeURIComponent(row.id)}`
    : `/payouts?entry=${encodeURIComponent(row.idempotency_key)}`;
}

/** The register filtered to the payouts waiting for a person (overview card, badge, banners). */
export const NEEDS_REVIEW_HREF = "/payouts?state=needs_review";

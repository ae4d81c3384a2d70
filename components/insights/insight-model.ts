import { z } from "zod/mini";
import { urlChoice, urlOptional } from "@/lib/browser/url-fields";
import { nextDay } from "@/lib/shared/format/date-window";
import { formatDate as formatDateIn, wallDateText, wallTimeIn } from "@/lib/shared/format/date";
import { dayStartMs } from "@/lib/shared/format/zone-days";
import { bucketStarts } from "@/lib/shared/insights/window";
import {
  INSIGHT_BUCKETS,
  INSIGHT_WINDOWS,
  isInsightDay,
  PAYOUT_OUTCOMES,
  type CountAmount,
  type InsightWindowQuery,
  type PayoutFigures,
  type PayoutOutcome,
  type PayoutPoint,
  type ResolvedWindow,
} from "@/lib/shared/schemas/insights";

/*
 * What the insights pages compute from the contract (lib/shared/schemas/insights.ts): the window in the URL, the
 * register's and the chargebacks list's addresses behind each figure, trends and the totals of a series. Pure, so
 * the server page and the browser read the URL the same way (one query key), and tests need no DOM.
 */

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The insights pages' URL: the window, its days when custom, and the bucket (absent: the server's default). */
export const insightWindowUrlSchema = z.object({
  window: z.catch(z._default(z.enum(INSIGHT_WINDOWS), "30d"), "30d"),
  from: urlOptional(z.regex(DAY_RE)),
  to: urlOptional(z.regex(DAY_RE)),
  bucket: urlChoice(INSIGHT_BUCKETS),
});
export type InsightWindowUrl = z.output<typeof insightWindowUrlSchema>;

/**
 * The URL's window as the route's query: days only with `custom` (and only real ones), keys left out when absent,
 * so the server page and the browser build the same query key from the same address.
 */
export function windowQueryOf(state: InsightWindowUrl): InsightWindowQuery {
  const query: InsightWindowQuery = { window: state.window };
  if (state.window === "custom") {
    if (state.from && isInsightDay(state.from)) query.from = state.from;
    if (state.to && isInsightDay(state.to)) query.to = state.to;
  }
  if (state.bucket) query.bucket = state.bucket;
  return query;
}

/** The links' query: the window only (they draw no series, so a bucket left in the URL by the payouts tab is not sent). */
export function withoutBucket(query: InsightWindowQuery): InsightWindowQuery {
  const { bucket: _bucket, ...rest } = query;
  return rest;
}

/** A page's searchParams (first value of each) as the route's query; anything unreadable falls back to the default. */
export function windowQueryFromSearch(search: Record<string, string | string[] | undefined>): InsightWindowQuery {
  const raw: Record<string, string> = {};
  for (const key of ["window", "from", "to", "bucket"]) {
    const value = search[key];
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) raw[key] = first;
  }
  const parsed = z.safeParse(insightWindowUrlSchema, raw);
  return windowQueryOf(
    parsed.success ? parsed.data : { window: "30d", from: undefined, to: undefined, bucket: undefined },
  );
}

/** The query string of a window query ("window=7d&bucket=day"), for the route and for links between the tabs. */
export function windowSearch(query: InsightWindowQuery): string {
  const params = new URLSearchParams();
  params.set("window", query.window);
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  if (query.bucket) params.set("bucket", query.bucket);
  return params.toString();
}

/** The calendar day (YYYY-MM-DD) an instant falls on in `zone`. */
export function dayIn(iso: string, zone: string): string {
  return wallDateText(wallTimeIn(zone, Date.parse(iso)));
}

function addDays(day: string, days: number): string {
  let out = day;
  for (let i = 0; i < days; i++) out = nextDay(out);
  return out;
}

/**
 * The days of the register that hold exactly a point's rows, or null when they would not (the register filters by
 * whole days): a day point is its day, a week point its days inside the window; a point shorter than a day, or any
 * point of a window that is not whole days (`windowDays`), has none.
 */
export function pointDays(
  point: Pick<PayoutPoint, "start">,
  window: ResolvedWindow,
): { from: string; to: string } | null {
  if (window.bucket !== "day" && window.bucket !== "week") return null;
  if (!windowDays(window)) return null;
  const first = dayIn(point.start, window.zone);
  const from = first < window.from_day ? window.from_day : first;
  if (window.bucket === "day") return { from, to: from };
  const last = addDays(first, 6);
  return { from, to: last > window.to_day ? window.to_day : last };
}

/**
 * Which rows of the register a figure opens: whole calendar days in the business's zone (both included, the
 * register's own date filter), or an exact period of instants (start included, end excluded) for a point or a
 * window that is not whole days.
 */
export interface RegisterRange {
  kind: "days" | "period";
  /** The first day or instant. */
  from: string;
  /** The last day (included) or the end instant (excluded). */
  to: string;
}

/** The payouts register filtered to one outcome over a range (`from`/`to` for days, `since`/`until` for a period). */
export function registerHref(outcome: PayoutOutcome | null, range: RegisterRange): string {
  const params = new URLSearchParams();
  if (outcome) params.set("outcome", outcome);
  params.set(range.kind === "days" ? "from" : "since", range.from);
  params.set(range.kind === "days" ? "to" : "until", range.to);
  return `/payouts?${params.toString()}`;
}

/**
 * The register range holding exactly each point's rows, by the point's start: its days when it is whole days
 * (`pointDays`), else the period from its start to the next point's (the window's end for the last one), the
 * instants the ledger counted it between. A local bucket the clocks repeat at the end of daylight saving time begins
 * twice: an hour point's two hours follow each other, so it is one period still; a five-minute point's two
 * stretches are an hour apart with other points between, which one register range cannot name, so it has none.
 */
export function pointRanges(
  points: readonly Pick<PayoutPoint, "start">[],
  window: ResolvedWindow,
): Map<string, RegisterRange> {
  const ranges = new Map<string, RegisterRange>();
  const starts = bucketStarts(window);
  // Where each point's entries begin and end in `starts` (oldest first), and how many it has.
  const spans = new Map<number, { first: number; last: number; count: number }>();
  starts.forEach((start, i) => {
    const span = spans.get(start.point);
    if (span) Object.assign(span, { last: i, count: span.count + 1 });
    else spans.set(start.point, { first: i, last: i, count: 1 });
  });
  const byInstant = new Map(starts.map((start) => [Date.parse(start.start), start.point]));
  for (const point of points) {
    const days = pointDays(point, window);
    if (days) {
      ranges.set(point.start, { kind: "days", ...days });
      continue;
    }
    const index = byInstant.get(Date.parse(point.start));
    const span = index === undefined ? undefined : spans.get(index);
    if (!span || span.last - span.first + 1 !== span.count) continue;
    const from = starts[span.first]?.start ?? point.start;
    ranges.set(point.start, { kind: "period", from, to: starts[span.last + 1]?.start ?? window.to });
  }
  return ranges;
}

/** The whole window's register range: its days when whole (`windowDays`), else its exact period (the last hour). */
export function windowRange(window: ResolvedWindow): RegisterRange {
  const days = windowDays(window);
  return days ? { kind: "days", ...days } : { kind: "period", from: window.from, to: window.to };
}

/**
 * The whole window's days, for the totals and the reasons, or null when the register's days would hold other rows:
 * the window must start at its first day's start and end at the start of the day after its last (7d/30d/90d, custom
 * days); `today` ends at now, and its day in the register holds the same rows since no payout is made after now.
 * `1h` (part of a day, or two) has none.
 */
export function windowDays(window: ResolvedWindow): { from: string; to: string } | null {
  const wholeStart = Date.parse(window.from) === dayStartMs(window.from_day, window.zone);
  const wholeEnd =
    window.window === "today" || Date.parse(window.to) === dayStartMs(nextDay(window.to_day), window.zone);
  return window.window !== "1h" && wholeStart && wholeEnd ? { from: window.from_day, to: window.to_day } : null;
}

/** The sum of the points' figures: the table's totals row is the sum of the rows it shows, to the centavo. */
export function sumPoints(points: readonly PayoutFigures[]): PayoutFigures {
  const total: PayoutFigures = {
    count: 0,
    amount_centavos: 0,
    fee_centavos: 0,
    net_centavos: 0,
    outcomes: {
      paid: { count: 0, amount_centavos: 0 },
      pending: { count: 0, amount_centavos: 0 },
      failed: { count: 0, amount_centavos: 0 },
      needs_review: { count: 0, amount_centavos: 0 },
      not_sent: { count: 0, amount_centavos: 0 },
      handled: { count: 0, amount_centavos: 0 },
    },
  };
  for (const point of points) {
    total.count += point.count;
    total.amount_centavos += point.amount_centavos;
    total.fee_centavos += point.fee_centavos;
    total.net_centavos += point.net_centavos;
    for (const outcome of PAYOUT_OUTCOMES) {
      total.outcomes[outcome].count += point.outcomes[outcome].count;
      total.outcomes[outcome].amount_centavos += point.outcomes[outcome].amount_centavos;
    }
  }
  return total;
}

/** A figure against the one before it: the change as a ratio (0.25 = 25 % more), null when there is no previous. */
export interface Trend {
  direction: "up" | "down" | "flat";
  /** null: the previous was 0 and the current is not (a rise from nothing has no percentage). */
  ratio: number | null;
}

export function trendOf(current: number, previous: number | null | undefined): Trend | null {
  if (previous === null || previous === undefined) return null;
  if (current === previous) return { direction: "flat", ratio: 0 };
  const direction = current > previous ? "up" : "down";
  return { direction, ratio: previous === 0 ? null : Math.abs(current - previous) / previous };
}

/** A share of a whole, 0–1; null when the whole is 0. */
export function shareOf(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}

/** The steps of a link funnel with the rate from the step before (null: the step before is 0). */
export interface FunnelStep {
  step: "visits" | "checkouts" | "sales";
  count: number;
  rate: number | null;
}

export function funnelSteps(funnel: { visits: number; checkouts_started: number; sales: number }): FunnelStep[] {
  return [
    { step: "visits", count: funnel.visits, rate: null },
    { step: "checkouts", count: funnel.checkouts_started, rate: shareOf(funnel.checkouts_started, funnel.visits) },
    { step: "sales", count: funnel.sales, rate: shareOf(funnel.sales, funnel.checkouts_started) },
  ];
}

/** The amount a count-and-amount adds to a figure (null stays null). */
export function amountOf(figure: CountAmount | null | undefined): number | null {
  return figure ? figure.amount_centavos : null;
}

/** A calendar day ("2026-11-22") in words ("22 de nov. de 2026"), the day itself whatever the reader's zone. */
export function formatDay(day: string, intlLocale: string, options?: Intl.DateTimeFormatOptions): string {
  return formatDateIn(`${day}T12:00:00Z`, intlLocale, "UTC", options);
}

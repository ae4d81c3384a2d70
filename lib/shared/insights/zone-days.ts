import { addDays, dayInZone } from "@/lib/shared/insights/window";
import type { InsightWindowQuery } from "@/lib/shared/schemas/insights";
import { dayLocalMs } from "@/lib/shared/format/zone-days";

/** The Monday of the week `day` ("2026-11-27") is in: weeks start on Monday, as the insights' week buckets do. */
export function mondayOf(day: string): string {
  const weekday = new Date(dayLocalMs(day)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * This week as an insights window: Monday to Sunday of the week `nowMs` is in, in `zone`. Its previous window is last
 * week from its Monday, as long as this week has run; the overview's "links this week" figure and the link insights
 * page it opens both resolve this query, so they show the same revenue and the same trend.
 */
export function thisWeekQuery(nowMs: number, zone: string): InsightWindowQuery {
  const monday = mondayOf(dayInZone(nowMs, zone));
  return { window: "custom", from: monday, to: addDays(monday, 6) };
}

/** The link insights over this week (`thisWeekQuery`): where the overview's "links this week" figure leads. */
export function thisWeekLinksHref(asOf: string, zone: string): string {
  const { from = "", to = "" } = thisWeekQuery(Date.parse(asOf), zone);
  return `/insights/payment-links?${new URLSearchParams({ window: "custom", from, to })}`;
}

import "server-only";
import { serverClock } from "@/lib/server/clock";
import { BffError } from "@/lib/server/errors/bff-error";
import type { Answer, ServiceDeps } from "@/lib/server/services/context";
import { isWindowRefusal, resolveWindow } from "@/lib/shared/insights/window";
import type {
  InsightWindowQuery,
  LinkFunnel,
  LinkInsights,
  LinkRank,
  ResolvedWindow,
} from "@/lib/shared/schemas/insights";
import type { PaymentLink } from "@/lib/shared/schemas/payment-link";
import { creationTimes, linkRevenue, readLinkList } from "./link-counters";

/*
 * The payment-link insights (docs/insights.md, "Payment links"): the funnel of the API's counters over every link,
 * the best and worst links, and the revenue seen arriving in a window (from the dashboard's snapshots).
 */

/** How many links `top` and `worst` name. */
export const RANKED_LINKS = 5;

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** The funnel of some counters: visits → checkouts started → sales; a rate is null when the step before is 0. */
export function funnelOf(counters: {
  visits: number;
  checkouts_started: number;
  sales: number;
  revenue_centavos: number;
}): LinkFunnel {
  return {
    ...counters,
    checkout_rate: rate(counters.checkouts_started, counters.visits),
    sale_rate: rate(counters.sales, counters.checkouts_started),
    conversion: rate(counters.sales, counters.visits),
  };
}

/** Every link's counters summed into one funnel. */
export function totalFunnel(links: readonly PaymentLink[]): LinkFunnel {
  let visits = 0;
  let checkouts = 0;
  let sales = 0;
  let revenue = 0;
  for (const link of links) {
    visits += link.visits;
    checkouts += link.checkouts_started;
    sales += link.sales_count;
    revenue += link.revenue_centavos;
  }
  return funnelOf({ visits, checkouts_started: checkouts, sales, revenue_centavos: revenue });
}

function rankOf(link: PaymentLink): LinkRank {
  return {
    id: link.id,
    name: link.name || null,
    status: link.status || null,
    ...funnelOf({
      visits: link.visits,
      checkouts_started: link.checkouts_started,
      sales: link.sales_count,
      revenue_centavos: link.revenue_centavos,
    }),
  };
}

const byName = (a: LinkRank, b: LinkRank) => (a.name ?? "").localeCompare(b.name ?? "") || a.id.localeCompare(b.id);

/**
 * `top`: the links that brought revenue, most first (then most sales); `worst`: the links with visits, lowest
 * conversion first (then most visits: more people lost). At most RANKED_LINKS each.
 */
export function rankLinks(links: readonly PaymentLink[]): { top: LinkRank[]; worst: LinkRank[] } {
  const ranks = links.map(rankOf);
  const top = ranks
    .filter((link) => link.revenue_centavos > 0)
    .sort((a, b) => b.revenue_centavos - a.revenue_centavos || b.sales - a.sales || byName(a, b))
    .slice(0, RANKED_LINKS);
  const worst = ranks
    .filter((link) => link.visits > 0)
    .sort((a, b) => (a.conversion ?? 0) - (b.conversion ?? 0) || b.visits - a.visits || byName(a, b))
    .slice(0, RANKED_LINKS);
  return { top, worst };
}

/** The window a link-insights query names at `now` in `zone`, or a 422 naming the field. */
export function linkInsightWindow(query: InsightWindowQuery, now: number, zone: string): ResolvedWindow {
  const window = resolveWindow(query, new Date(now), zone);
  if (isWindowRefusal(window))
    throw new BffError("validation_error", "The insights window is invalid.", {
      fields: { [window.field]: window.message },
    });
  return window;
}

type LinkDeps = Pick<ServiceDeps, "api" | "ledger" | "businessId" | "session">;

/**
 * The link insights over a window resolved at `now` (from one read of the list, which also keeps a snapshot as of
 * `now`). What a server component calls once it has the window.
 */
export async function linkInsightsFor(
  deps: LinkDeps,
  window: ResolvedWindow,
  now: number,
): Promise<Answer<LinkInsights>> {
  const { links, skipped, requestId } = await readLinkList(deps, now);
  const range = (from: string, to: string) => ({ from: new Date(from), to: new Date(to) });
  const { ranges, observedSince } = await linkRevenue(
    deps,
    [range(window.from, window.to), range(window.previous.from, window.previous.to)],
    creationTimes(links),
  );
  return {
    data: {
      window,
      funnel: totalFunnel(links),
      ...rankLinks(links),
      revenue_in_window: ranges[0]?.revenue ?? null,
      revenue_in_previous: ranges[1]?.revenue ?? null,
      observed_since: observedSince?.toISOString() ?? null,
      measured_from: ranges[0]?.measuredFrom ?? null,
      previous_measured_from: ranges[1]?.measuredFrom ?? null,
      links: links.length,
      skipped,
    },
    requestId,
  };
}

/** GET /api/insights/payment-links?window=…: the window resolved on the server's clock in `zone` (the person's). */
export async function paymentLinkInsights(
  deps: LinkDeps,
  input: { query: InsightWindowQuery; zone: string },
): Promise<Answer<LinkInsights>> {
  const now = serverClock().now();
  return linkInsightsFor(deps, linkInsightWindow(input.query, now, input.zone), now);
}

import "server-only";
import { serverClock } from "@/lib/server/clock";
import { toBffError } from "@/lib/server/errors/classify";
import { sumPayouts } from "@/lib/server/ledger";
import { log } from "@/lib/server/log";
import { listChargebacks } from "@/lib/server/services/chargebacks";
import type { Answer, ServiceDeps } from "@/lib/server/services/context";
import { can, type Permission } from "@/lib/shared/auth/roles";
import { dayStartMs } from "@/lib/shared/format/zone-days";
import { addDays, dayInZone as dayIn } from "@/lib/shared/insights/window";
import { thisWeekQuery } from "@/lib/shared/insights/zone-days";
import type { CountAmount, OverviewInsights } from "@/lib/shared/schemas/insights";
import { aggregateDisputes } from "./disputes";
import { creationTimes, linkRevenue, readLinkList } from "./link-counters";
import { linkInsightWindow } from "./payment-links";

/*
 * The overview's figures (docs/insights.md, "Overview"), each null when the role may not read it. The payouts come
 * from the register; the disputes and the link revenue need the payments API, and a failed read there leaves only
 * that figure null (named in `unavailable` with its error code), never the whole answer.
 */

type OverviewDeps = Pick<ServiceDeps, "api" | "ledger" | "businessId" | "session">;
type Unavailable = OverviewInsights["unavailable"][number];

/** The periods the overview compares, at `now` in `zone`. */
export function overviewPeriods(now: number, zone: string) {
  const today = dayIn(now, zone);
  const todayStart = dayStartMs(today, zone);
  const yesterdayStart = dayStartMs(addDays(today, -1), zone);
  // The link insights page the figure opens resolves the same window, so both count the same days and compare alike.
  const week = linkInsightWindow(thisWeekQuery(now, zone), now, zone);
  return {
    /** Today since 00:00; yesterday from 00:00 to the same time of day. */
    today: { from: todayStart },
    yesterday: { from: yesterdayStart, to: yesterdayStart + (now - todayStart) },
    /** This week from Monday 00:00 (to next Monday: no data after now); last week from its Monday, as long. */
    week: { from: Date.parse(week.from), to: Date.parse(week.to) },
    lastWeek: { from: Date.parse(week.previous.from), to: Date.parse(week.previous.to) },
  };
}

/**
 * Every register row recorded from `from` (to `to`), every outcome: what the payout insights of `today` count as their
 * totals (refused ones included), so the figure is the number the page it links to shows.
 */
async function sent(deps: OverviewDeps, from: number, to?: number): Promise<CountAmount> {
  const totals = await sumPayouts(deps.ledger, deps.businessId, {
    from: new Date(from),
    ...(to !== undefined ? { to: new Date(to) } : {}),
  });
  return { count: totals.count, amount_centavos: totals.amountCentavos };
}

/** Runs an upstream read; on failure, notes the figure as unavailable (with the route's error code) and gives null. */
async function orUnavailable<T>(
  figure: Unavailable["figure"],
  unavailable: Unavailable[],
  read: () => Promise<T>,
): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    const bff = toBffError(error);
    const requestId = bff.extra.requestId ?? null;
    log.warn("insights.figure_unavailable", { figure, code: bff.code, requestId });
    unavailable.push({ figure, code: bff.code, request_id: requestId });
    return null;
  }
}

/** GET /api/insights/overview: the start page's figures at the server's now, days and weeks in `zone`. */
export async function overviewInsights(deps: OverviewDeps, input: { zone: string }): Promise<Answer<OverviewInsights>> {
  const { zone } = input;
  const now = serverClock().now();
  const periods = overviewPeriods(now, zone);
  const may = (permission: Permission) => can(deps.session.role, permission);
  const unavailable: Unavailable[] = [];

  const sentToday = async () =>
    may("insights.payouts")
      ? {
          current: await sent(deps, periods.today.from),
          previous: await sent(deps, periods.yesterday.from, periods.yesterday.to),
        }
      : null;

  const needsReview = async () => {
    if (!may("insights.payouts")) return null;
    const totals = await sumPayouts(deps.ledger, deps.businessId, { state: "needs_review" });
    return { count: totals.count, amount_centavos: totals.amountCentavos };
  };

  const disputesDue = async () => {
    if (!may("insights.disputes")) return null;
    const list = await orUnavailable("disputes_due_72h", unavailable, () => listChargebacks(deps));
    return list ? aggregateDisputes(list.data, now, zone).due_72h : null;
  };

  const linksWeek = async () => {
    if (!may("insights.payment_links")) return null;
    const list = await orUnavailable("links_revenue_week", unavailable, () => readLinkList(deps, now));
    if (!list) return null;
    const range = (p: { from: number; to: number }) => ({ from: new Date(p.from), to: new Date(p.to) });
    const { ranges, observedSince } = await linkRevenue(
      deps,
      [range(periods.week), range(periods.lastWeek)],
      creationTimes(list.links),
    );
    return {
      current: ranges[0]?.revenue ?? null,
      previous: ranges[1]?.revenue ?? null,
      observed_since: observedSince?.toISOString() ?? null,
      measured_from: ranges[0]?.measuredFrom ?? null,
      previous_measured_from: ranges[1]?.measuredFrom ?? null,
    };
  };

  const [sentTodayFigure, needsReviewFigure, disputesFigure, linksFigure] = await Promise.all([
    sentToday(),
    needsReview(),
    disputesDue(),
    linksWeek(),
  ]);
  return {
    data: {
      as_of: new Date(now).toISOString(),
      zone,
      sent_today: sentTodayFigure,
      needs_review: needsReviewFigure,
      disputes_due_72h: disputesFigure,
      links_revenue_week: linksFigure,
      unavailable,
    },
  };
}

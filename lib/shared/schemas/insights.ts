import { z } from "zod/mini";
import { isFilterDay } from "@/lib/shared/schemas/dates";

/*
 * The insights' contract: what the BFF's /api/insights/* routes answer and the insights pages draw. Money is
 * integer centavos (sums are bigint in SQL, refused past 2^53 rather than rounded); instants are ISO 8601 UTC;
 * days are calendar days in `zone`: the zone the person reads the dashboard in (America/Sao_Paulo, the business's,
 * unless they chose another), the one the lists read their day filters in, so a chart and its list agree.
 * See docs/insights.md.
 */

const int = () => z.number().check(z.int());
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The windows offered: the last hour, today (since midnight), the last 7/30/90 days (today included), or days chosen. */
export const INSIGHT_WINDOWS = ["1h", "today", "7d", "30d", "90d", "custom"] as const;
export type InsightWindow = (typeof INSIGHT_WINDOWS)[number];

/** The width of one point of a series; `week` starts on Monday, `day` and `week` at midnight in the zone. */
export const INSIGHT_BUCKETS = ["5m", "hour", "day", "week"] as const;
export type InsightBucket = (typeof INSIGHT_BUCKETS)[number];

/** At most this many points in one series (5-minute points over 90 days would be 25,920). */
export const MAX_INSIGHT_POINTS = 800;
/** A custom window spans at most this many days. */
export const MAX_CUSTOM_DAYS = 366;

const insightDay = z.string().check(
  z.regex(DAY_RE, "validation.isoDay"),
  z.refine((day: string) => isFilterDay(day), "validation.dateOutOfRange"),
);

/**
 * The query of every window-based insight route (and the insights page's URL): `from`/`to` are days in the
 * reader's zone, both included, read only with `window=custom`. `bucket` defaults by window (1h → 5m,
 * today → hour, 7d/30d → day, 90d → week, custom → by its length). The checks that need the clock or the zone
 * (order, span, points) are the service's: they answer `validation_error` naming the field.
 */
export const insightWindowQuerySchema = z.object({
  window: z._default(z.enum(INSIGHT_WINDOWS), "30d"),
  from: z.optional(insightDay),
  to: z.optional(insightDay),
  bucket: z.optional(z.enum(INSIGHT_BUCKETS)),
});
export type InsightWindowQuery = z.output<typeof insightWindowQuerySchema>;

/** The window as the server resolved it, and the one just before it of the same length (for trends). */
export const resolvedWindowSchema = z.object({
  window: z.enum(INSIGHT_WINDOWS),
  bucket: z.enum(INSIGHT_BUCKETS),
  zone: z.string(),
  /** Included. */
  from: z.string(),
  /** Excluded (the start of the day after the last one, or now for `1h`/`today`). */
  to: z.string(),
  /** The first and last calendar day the window touches, in `zone` (what the register's day filter takes). */
  from_day: z.string(),
  to_day: z.string(),
  previous: z.object({ from: z.string(), to: z.string() }),
});
export type ResolvedWindow = z.infer<typeof resolvedWindowSchema>;

/*
 * ---- Payouts (from the dashboard's register; bucketed by when the payout was recorded, created_at) ----
 *
 * One outcome per register row, one rule (the ledger's `payoutOutcomeSql`, also the register's `outcome` filter):
 * - paid: the API said paid.
 * - pending: the API accepted it and has not said paid or failed yet, or the dashboard is still sending it.
 * - failed: the API said failed (a failed payout moved no money: no fee, no net).
 * - needs_review: the dashboard cannot know whether it was made; a person decides.
 * - not_sent: the API refused it before anything was made (state rejected).
 * - handled: a person closed a needs-review payout outside the dashboard (with a note).
 */
export { PAYOUT_OUTCOMES, type PayoutOutcome } from "@/lib/shared/payouts/outcomes";

export const countAmountSchema = z.object({ count: int(), amount_centavos: int() });
export type CountAmount = z.infer<typeof countAmountSchema>;

const outcomeTotals = z.object({
  paid: countAmountSchema,
  pending: countAmountSchema,
  failed: countAmountSchema,
  needs_review: countAmountSchema,
  not_sent: countAmountSchema,
  handled: countAmountSchema,
});

/** Count and amount of every row, fees and net of the rows whose fee is shown (known and not failed), by outcome. */
export const payoutFiguresSchema = z.object({
  count: int(),
  amount_centavos: int(),
  fee_centavos: int(),
  net_centavos: int(),
  outcomes: outcomeTotals,
});
export type PayoutFigures = z.infer<typeof payoutFiguresSchema>;

export const payoutPointSchema = z.object({
  /** The bucket's first instant (ISO UTC); its label is this instant in `zone`. */
  start: z.string(),
  ...payoutFiguresSchema.shape,
});
export type PayoutPoint = z.infer<typeof payoutPointSchema>;

/** A reason payouts failed (`failure_reason` of failed ones) or were not sent (the API's error code of rejected ones). */
export const payoutReasonSchema = z.object({
  outcome: z.enum(["failed", "not_sent"]),
  /** null: the API gave none. */
  reason: z.nullable(z.string()),
  count: int(),
  amount_centavos: int(),
});
export type PayoutReason = z.infer<typeof payoutReasonSchema>;

/** GET /api/insights/payouts?window=…: every bucket of the window, empty ones included, oldest first. */
export const payoutInsightsSchema = z.object({
  window: resolvedWindowSchema,
  points: z.array(payoutPointSchema),
  totals: payoutFiguresSchema,
  /**
   * The same figures over the previous window (resolveWindow's `previous`); null when that window began before the
   * business's first payout in the register (or it has none): the register does not cover it, so there is nothing to
   * compare with. Absent (an older answer) reads as null.
   */
  previous: z._default(z.nullable(payoutFiguresSchema), null),
  /** Ranked: most payouts first, then most money. */
  reasons: z.array(payoutReasonSchema),
  /** Rows sent as part of a batch, and their amount (of `totals`). */
  batch: countAmountSchema,
});
export type PayoutInsights = z.infer<typeof payoutInsightsSchema>;

/* ---- Disputes (chargebacks and MED, from one fetch of the API's list; open = isOpenChargeback) ---- */

/** Days left to answer a case that needs action, by calendar day in the zone: overdue, today, in 1–3 days, 4–7, later, none. */
export const DUE_BUCKETS = ["overdue", "today", "3d", "7d", "later", "none"] as const;
export type DueBucket = (typeof DUE_BUCKETS)[number];

export const disputeGroupSchema = z.object({
  /** The bucket, kind or status as the API names it (null: the case has none). */
  key: z.nullable(z.string()),
  count: int(),
  amount_centavos: int(),
});
export type DisputeGroup = z.infer<typeof disputeGroupSchema>;

/** GET /api/insights/disputes: open cases now (no window; `as_of` is the instant the buckets were counted at). */
export const disputeInsightsSchema = z.object({
  as_of: z.string(),
  zone: z.string(),
  /** Open cases and the amount they put at risk. */
  open: countAmountSchema,
  /**
   * The cases that await the business's answer (`needs_response`) by deadline: every DUE_BUCKETS entry, in that
   * order, empty ones included; each the chargebacks page's `?deadline=<bucket>` (`chargebacksHrefForDue`).
   */
  by_due: z.array(disputeGroupSchema),
  /** Open cases by kind and by status, most cases first. */
  by_kind: z.array(disputeGroupSchema),
  by_status: z.array(disputeGroupSchema),
  /** Cases that await the business's answer due within 72 hours of `as_of` (overdue included): `?deadline=72h`. */
  due_72h: countAmountSchema,
  /** Items of the API's list the dashboard could not read (no id, an unreadable amount…): counted nowhere above. */
  skipped: z._default(int(), 0),
});
export type DisputeInsights = z.infer<typeof disputeInsightsSchema>;

/* ---- Payment links (the API's counters, from one fetch of the list) ---- */

export const linkFunnelSchema = z.object({
  visits: int(),
  checkouts_started: int(),
  sales: int(),
  revenue_centavos: int(),
  /** checkouts/visits and sales/checkouts and sales/visits, 0–1; null when the step before is 0. */
  checkout_rate: z.nullable(z.number()),
  sale_rate: z.nullable(z.number()),
  conversion: z.nullable(z.number()),
});
export type LinkFunnel = z.infer<typeof linkFunnelSchema>;

export const linkRankSchema = z.object({
  id: z.string(),
  name: z.nullable(z.string()),
  status: z.nullable(z.string()),
  ...linkFunnelSchema.shape,
});
export type LinkRank = z.infer<typeof linkRankSchema>;

/**
 * GET /api/insights/payment-links: the funnel of every link together (the API's counters are totals since each
 * link was created), the best and worst links, and the revenue the dashboard saw arrive in the window (from its
 * own snapshots of the counters: `revenue_in_window` is null until a snapshot older than the window exists, and
 * `observed_since` says from when the dashboard has watched).
 */
export const linkInsightsSchema = z.object({
  window: resolvedWindowSchema,
  funnel: linkFunnelSchema,
  /** By revenue, most first (at most 5); `worst`: links with visits, lowest conversion first (at most 5). */
  top: z.array(linkRankSchema),
  worst: z.array(linkRankSchema),
  revenue_in_window: z.nullable(countAmountSchema),
  revenue_in_previous: z.nullable(countAmountSchema),
  observed_since: z.nullable(z.string()),
  /**
   * When `revenue_in_window` was really measured from, when that is earlier than the window's start by more than two
   * beats of the link watcher (a start snapshot that old): the figure also holds what arrived between this instant
   * and the window's start ("since <time>"). Null: measured from the window's start (or no figure).
   */
  measured_from: z._default(z.nullable(z.string()), null),
  /** The same for `revenue_in_previous`. */
  previous_measured_from: z._default(z.nullable(z.string()), null),
  links: int(),
  /** Items of the API's list the dashboard could not read: counted nowhere above. */
  skipped: z._default(int(), 0),
});
export type LinkInsights = z.infer<typeof linkInsightsSchema>;

/* ---- Overview: the figures of the start page, each with its previous period; a section the role may not read is null ---- */

export const trendFigureSchema = z.object({
  current: countAmountSchema,
  previous: z.nullable(countAmountSchema),
});
export type TrendFigure = z.infer<typeof trendFigureSchema>;

export const overviewInsightsSchema = z.object({
  as_of: z.string(),
  zone: z.string(),
  /** Payouts recorded today in the zone, every outcome (the `today` payout insights' totals), against yesterday up to the same time. */
  sent_today: z.nullable(trendFigureSchema),
  /** Payouts waiting for a person now (no trend: a queue, not a flow). */
  needs_review: z.nullable(countAmountSchema),
  /** Disputes awaiting the business's answer due within 72 hours (overdue included): the page's `?deadline=72h`. */
  disputes_due_72h: z.nullable(countAmountSchema),
  /** Link revenue seen arriving this week (Monday 00:00 in the zone) against last week up to the same time. */
  links_revenue_week: z.nullable(
    z.object({
      current: z.nullable(countAmountSchema),
      previous: z.nullable(countAmountSchema),
      observed_since: z.nullable(z.string()),
      /** As the link insights' `measured_from` / `previous_measured_from`, for this week and last week. */
      measured_from: z._default(z.nullable(z.string()), null),
      previous_measured_from: z._default(z.nullable(z.string()), null),
    }),
  ),
  /**
   * Figures left null because the payments API could not be read for them (the role may read them): which, with the
   * error code the route would have answered (`upstream_timeout`, `credential_rejected`…). The rest is answered.
   */
  unavailable: z._default(
    z.array(
      z.object({
        figure: z.enum(["disputes_due_72h", "links_revenue_week"]),
        code: z.string(),
        request_id: z.nullable(z.string()),
      }),
    ),
    [],
  ),
});
export type OverviewInsights = z.infer<typeof overviewInsightsSchema>;

/** Who reads which insight: finance, admins and owners everything; operators payouts and links; support none. */
export const INSIGHT_SECTIONS = ["payouts", "disputes", "payment_links"] as const;
export type InsightSection = (typeof INSIGHT_SECTIONS)[number];

export function isInsightDay(day: string): boolean {
  return DAY_RE.test(day) && isFilterDay(day);
}

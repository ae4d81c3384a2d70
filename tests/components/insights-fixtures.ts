import type {
  DisputeInsights,
  PayoutFigures,
  PayoutInsights,
  PayoutOutcome,
  PayoutPoint,
  ResolvedWindow,
} from "@/lib/shared/schemas/insights";

/** Figures of one point: `by` gives each outcome's count and amount; count/amount are their sums. */
export function figures(by: Partial<Record<PayoutOutcome, [number, number]>>, fee: number, net: number): PayoutFigures {
  const outcome = (o: PayoutOutcome) => ({ count: by[o]?.[0] ?? 0, amount_centavos: by[o]?.[1] ?? 0 });
  const outcomes = {
    paid: outcome("paid"),
    pending: outcome("pending"),
    failed: outcome("failed"),
    needs_review: outcome("needs_review"),
    not_sent: outcome("not_sent"),
    handled: outcome("handled"),
  };
  const all = Object.values(outcomes);
  return {
    count: all.reduce((s, f) => s + f.count, 0),
    amount_centavos: all.reduce((s, f) => s + f.amount_centavos, 0),
    fee_centavos: fee,
    net_centavos: net,
    outcomes,
  };
}

/** Three days in São Paulo (UTC-3): 20, 21 and 22 Nov 2026, the middle one empty. */
export const WINDOW_7D: ResolvedWindow = {
  window: "7d",
  bucket: "day",
  zone: "America/Sao_Paulo",
  from: "2026-11-20T03:00:00.000Z",
  to: "2026-11-23T03:00:00.000Z",
  from_day: "2026-11-20",
  to_day: "2026-11-22",
  previous: { from: "2026-11-17T03:00:00.000Z", to: "2026-11-20T03:00:00.000Z" },
};

export const POINTS: PayoutPoint[] = [
  {
    start: "2026-11-20T03:00:00.000Z",
    ...figures({ paid: [2, 150_001], failed: [1, 9_999] }, 199, 149_802),
  },
  { start: "2026-11-21T03:00:00.000Z", ...figures({}, 0, 0) },
  {
    start: "2026-11-22T03:00:00.000Z",
    ...figures({ paid: [1, 33], pending: [1, 100_000], failed: [2, 1], needs_review: [1, 7_777] }, 3, 30),
  },
];

export function payoutInsights(overrides: Partial<PayoutInsights> = {}): PayoutInsights {
  return {
    window: WINDOW_7D,
    points: POINTS,
    totals: figures(
      { paid: [3, 150_034], pending: [1, 100_000], failed: [3, 10_000], needs_review: [1, 7_777] },
      202,
      149_832,
    ),
    previous: figures({ paid: [4, 200_000] }, 100, 199_900),
    reasons: [
      { outcome: "failed", reason: "invalid_pix_key", count: 2, amount_centavos: 9_999 },
      { outcome: "failed", reason: null, count: 1, amount_centavos: 1 },
    ],
    batch: { count: 2, amount_centavos: 100_033 },
    ...overrides,
  };
}

export const DISPUTES: DisputeInsights = {
  as_of: "2026-11-22T15:00:00.000Z",
  zone: "America/Sao_Paulo",
  skipped: 0,
  open: { count: 9, amount_centavos: 90_009 },
  by_due: [
    { key: "overdue", count: 2, amount_centavos: 20_000 },
    { key: "today", count: 1, amount_centavos: 5 },
    { key: "3d", count: 3, amount_centavos: 30_000 },
    { key: "7d", count: 0, amount_centavos: 0 },
    { key: "later", count: 2, amount_centavos: 40_000 },
    { key: "none", count: 1, amount_centavos: 4 },
  ],
  by_kind: [{ key: "pix_med", count: 9, amount_centavos: 90_009 }],
  by_status: [{ key: "needs_response", count: 9, amount_centavos: 90_009 }],
  due_72h: { count: 6, amount_centavos: 50_005 },
};

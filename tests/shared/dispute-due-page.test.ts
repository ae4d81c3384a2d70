/**
 * The disputes insights and the chargebacks page count the same cases: every `by_due` bucket is the page's
 * `?deadline=<bucket>` list, `due_72h` its `?deadline=72h`, each `by_kind`/`by_status` row the list its link opens
 * (lib/shared/chargebacks/deadline.ts; components/chargebacks/chargeback-model.ts).
 */
import { describe, expect, it } from "vitest";
import { chargebackUrlSchema, filterChargebacks } from "@/components/chargebacks/chargeback-model";
import { aggregateDisputes } from "@/lib/server/services/insights/disputes";
import {
  chargebacksHrefForDue,
  chargebacksHrefForKind,
  chargebacksHrefForStatus,
  DEADLINE_FILTERS,
  HOUR_MS,
} from "@/lib/shared/chargebacks/deadline";
import { chargebackListSchema, type Chargeback } from "@/lib/shared/schemas/chargeback";
import { DUE_BUCKETS } from "@/lib/shared/schemas/insights";

/** Friday 27 Nov 2026, 22:30 in São Paulo (01:30 on Saturday in UTC): the zone decides the calendar day. */
const NOW = Date.parse("2026-11-28T01:30:00Z");
const at = (hours: number) => new Date(NOW + hours * HOUR_MS).toISOString();

const STATUSES = ["needs_response", "under_review", "pre_arbitration", null, "won", "lost"];
const KINDS = ["pix_med", "card_chargeback", null];
const OFFSETS: (number | null)[] = [-30, -0.5, 0, 0.25, 1, 1.6, 3, 20, 26, 71.9, 72, 80, 100, 170, 190, 400, null];

/** Every status × offset, kinds and amounts varied, plus an unreadable deadline. */
const ROWS: Chargeback[] = chargebackListSchema.parse([
  ...STATUSES.flatMap((status, s) =>
    OFFSETS.map((hours, h) => ({
      id: `cb_${s}_${h}`,
      kind: KINDS[(s + h) % KINDS.length],
      status,
      amount_centavos: 100 * (h + 1) + s,
      respond_by: hours === null ? null : at(hours),
    })),
  ),
  { id: "cb_bad_date", kind: "pix_med", status: "needs_response", amount_centavos: 7, respond_by: "soon" },
]);

const totals = (rows: readonly Chargeback[]) => ({
  count: rows.length,
  amount_centavos: rows.reduce((sum, cb) => sum + (cb.amount_centavos ?? 0), 0),
});

/** The page's list for a URL (the query string of an insight's link), read as the page reads it. */
function pageList(href: string, zone: string): Chargeback[] {
  const params = Object.fromEntries(new URL(href, "http://dashboard.test").searchParams);
  const state = chargebackUrlSchema.parse(params);
  return filterChargebacks(ROWS, state, { timeZone: zone, now: NOW });
}

describe.each(["America/Sao_Paulo", "UTC", "Asia/Tokyo"])("insights against the page in %s", (zone) => {
  const insights = aggregateDisputes(ROWS, NOW, zone);

  it("every due bucket: the count and amount of the page's ?deadline=<bucket>", () => {
    expect(insights.by_due.map((g) => g.key)).toEqual([...DUE_BUCKETS]);
    for (const group of insights.by_due) {
      const list = pageList(chargebacksHrefForDue(group.key as (typeof DUE_BUCKETS)[number]), zone);
      expect({ key: group.key, ...totals(list) }).toEqual(group);
    }
    // Not a vacuous check: the fixture puts cases in every bucket.
    for (const group of insights.by_due) expect(group.count, String(group.key)).toBeGreaterThan(0);
  });

  it("due within 72 h: the page's ?deadline=72h", () => {
    expect(insights.due_72h).toEqual(totals(pageList("/chargebacks?deadline=72h", zone)));
    expect(insights.due_72h.count).toBeGreaterThan(0);
  });

  it("every kind and status row with a link: the count and amount of the page's list", () => {
    for (const group of insights.by_kind) {
      const href = chargebacksHrefForKind(group.key);
      if (group.key === null) expect(href).toBeNull();
      else
        expect(totals(pageList(href ?? "", zone))).toEqual({
          count: group.count,
          amount_centavos: group.amount_centavos,
        });
    }
    for (const group of insights.by_status) {
      const href = chargebacksHrefForStatus(group.key);
      if (group.key === null) expect(href).toBeNull();
      else
        expect(totals(pageList(href ?? "", zone))).toEqual({
          count: group.count,
          amount_centavos: group.amount_centavos,
        });
    }
  });

  it("the open figure keeps every open case (under review and unknown statuses too)", () => {
    expect(insights.open).toEqual(totals(pageList("/chargebacks?status=open", zone)));
    const bucketed = insights.by_due.reduce((sum, g) => sum + g.count, 0);
    expect(bucketed).toBe(pageList("/chargebacks?status=needs_response", zone).length);
    expect(insights.open.count).toBeGreaterThan(bucketed);
  });
});

describe("the page's links", () => {
  it("a due bucket is a deadline filter the page's URL keeps", () => {
    for (const bucket of DUE_BUCKETS) {
      const href = chargebacksHrefForDue(bucket);
      expect(href).toBe(`/chargebacks?deadline=${bucket}`);
      expect((DEADLINE_FILTERS as readonly string[]).includes(bucket)).toBe(true);
    }
  });

  it("kinds open with their open cases; a status no filter can name has no link", () => {
    expect(chargebacksHrefForKind("pix_med")).toBe("/chargebacks?kind=pix_med&status=open");
    expect(chargebacksHrefForKind("a b&c")).toBe("/chargebacks?kind=a+b%26c&status=open");
    expect(chargebacksHrefForKind("x".repeat(61))).toBeNull();
    expect(chargebacksHrefForStatus("under_review")).toBe("/chargebacks?status=under_review");
    expect(chargebacksHrefForStatus("open")).toBeNull();
    expect(chargebacksHrefForStatus("")).toBeNull();
  });
});

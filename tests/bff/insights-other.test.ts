/**
 * GET /api/insights/disputes, /api/insights/payment-links and /api/insights/overview against the real sandbox and
 * a real ledger: who may read them, what they count, the link snapshots, and an overview that survives a failed
 * upstream read.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import * as chargebacks from "@/app/api/chargebacks/route";
import * as disputes from "@/app/api/insights/disputes/route";
import * as overview from "@/app/api/insights/overview/route";
import * as insightLinks from "@/app/api/insights/payment-links/route";
import * as insightPayouts from "@/app/api/insights/payouts/route";
import * as paymentLinks from "@/app/api/payment-links/route";
import * as payouts from "@/app/api/payouts/route";
import * as session from "@/app/api/session/route";
import { getLedger, lastLinkListRead } from "@/lib/server/ledger";
import { paymentLinkCounters, payouts as payoutRows } from "@/lib/server/ledger/schema";
import { aggregateDisputes } from "@/lib/server/services/insights/disputes";
import { overviewPeriods } from "@/lib/server/services/insights/overview";
import {
  disputeInsightsSchema,
  linkInsightsSchema,
  overviewInsightsSchema,
  payoutInsightsSchema,
  type DisputeInsights,
  type LinkInsights,
  type OverviewInsights,
} from "@/lib/shared/schemas/insights";
import type { PaymentLink } from "@/lib/shared/schemas/payment-link";
import { chargebackListSchema } from "@/lib/shared/schemas/chargeback";
import { chargebackUrlSchema, filterChargebacks } from "@/components/chargebacks/chargeback-model";
import { ACME, call, newKey, personBody, signIn, startBffHarness, type BffHarness } from "../helpers/bff";

let harness: BffHarness;
const cookies: Record<"owner" | "operator" | "finance" | "support", string> = {
  owner: "",
  operator: "",
  finance: "",
  support: "",
};
beforeAll(async () => {
  harness = await startBffHarness();
  for (const role of ["owner", "operator", "finance", "support"] as const)
    cookies[role] = await signIn(session.POST, personBody(role));
});
afterAll(async () => {
  await harness.close();
});
beforeEach(async () => {
  await harness.sandbox.clearFaults();
});

const SP = "America/Sao_Paulo";
const get = (handler: typeof disputes.GET, path: string, cookie: string) => call(handler, path, { cookie });
const disputesOf = (cookie: string) => get(disputes.GET, "/api/insights/disputes", cookie);
const linksOf = (cookie: string, query = "?window=7d") =>
  get(insightLinks.GET, `/api/insights/payment-links${query}`, cookie);
const overviewOf = (cookie: string) => get(overview.GET, "/api/insights/overview", cookie);

describe("who may read them", () => {
  it("support: 403 on all three", async () => {
    for (const result of [
      await disputesOf(cookies.support),
      await linksOf(cookies.support),
      await overviewOf(cookies.support),
    ]) {
      expect(result.status, result.text).toBe(403);
      expect(result.json.error?.code).toBe("forbidden");
    }
  });

  it("operator: 403 on disputes, 200 on links and the overview (without the disputes figure)", async () => {
    expect((await disputesOf(cookies.operator)).status).toBe(403);
    expect((await linksOf(cookies.operator)).status).toBe(200);
    const result = await overviewOf(cookies.operator);
    expect(result.status, result.text).toBe(200);
    const data = overviewInsightsSchema.parse(result.json.data);
    expect(data.disputes_due_72h).toBeNull();
    expect(data.sent_today).not.toBeNull();
    expect(data.needs_review).not.toBeNull();
    expect(data.links_revenue_week).not.toBeNull();
    expect(data.unavailable).toEqual([]);
  });

  it("finance: 200 on all three, every overview figure there (the link list read with the workspace's API key)", async () => {
    expect((await disputesOf(cookies.finance)).status).toBe(200);
    const links = await linksOf(cookies.finance);
    expect(links.status, links.text).toBe(200);
    expect(linkInsightsSchema.parse(links.json.data).links).toBeGreaterThan(0);
    const data = overviewInsightsSchema.parse((await overviewOf(cookies.finance)).json.data);
    expect(data.sent_today).not.toBeNull();
    expect(data.needs_review).not.toBeNull();
    expect(data.disputes_due_72h).not.toBeNull();
    expect(data.links_revenue_week).not.toBeNull();
  });
});

describe("GET /api/insights/disputes", () => {
  it("counts the API's open cases as of now in the person's zone, as the chargebacks list gives them", async () => {
    const result = await call(disputes.GET, "/api/insights/disputes", { cookie: `${cookies.finance}; tz=UTC` });
    expect(result.status, result.text).toBe(200);
    const data: DisputeInsights = disputeInsightsSchema.parse(result.json.data);
    expect(data.zone).toBe("UTC");
    const list = await call(chargebacks.GET, "/api/chargebacks", { cookie: cookies.finance });
    expect(data).toEqual(aggregateDisputes(list.json.data as unknown[], Date.parse(data.as_of), "UTC"));
    expect(data.open.count).toBeGreaterThan(0);
    // The due buckets count the cases that await the business's answer; the open figure every open case.
    const needsResponse = (list.json.data as { status?: string | null }[]).filter(
      (cb) => cb.status === "needs_response",
    );
    expect(data.by_due.reduce((sum, g) => sum + g.count, 0)).toBe(needsResponse.length);
    expect(data.skipped).toBe(0);
  });
});

describe("GET /api/insights/payment-links", () => {
  const ledger = () => getLedger();
  const snapshotRows = async () =>
    (
      await (
        await ledger()
      ).db
        .select()
        .from(paymentLinkCounters)
        .where(eq(paymentLinkCounters.businessId, ACME.businessId))
    ).length;

  it("a custom window without its days → 422 naming the field", async () => {
    const result = await linksOf(cookies.owner, "?window=custom&to=2026-11-01");
    expect(result.status).toBe(422);
    expect(result.json.error?.fields).toHaveProperty("from");
  });

  it("snapshots the counters, at most once per link per 15 minutes while they stay the same, and tells the revenue since a snapshot", async () => {
    await (await ledger()).db.delete(paymentLinkCounters).where(eq(paymentLinkCounters.businessId, ACME.businessId));
    const first = await linksOf(cookies.owner);
    expect(first.status, first.text).toBe(200);
    const data: LinkInsights = linkInsightsSchema.parse(first.json.data);
    // Nothing watched before the window: the dashboard cannot say what arrived in it.
    expect(data.revenue_in_window).toBeNull();
    expect(data.revenue_in_previous).toBeNull();
    expect(data.observed_since).not.toBeNull();
    expect(data.window.zone).toBe(SP);
    expect(await snapshotRows()).toBe(data.links);
    const list = (await call(paymentLinks.GET, "/api/payment-links", { cookie: cookies.owner })).json
      .data as PaymentLink[];
    expect(data.links).toBe(list.length);
    expect(data.funnel.revenue_centavos).toBe(list.reduce((sum, l) => sum + l.revenue_centavos, 0));
    // The insights read again within 15 minutes, nothing changed: no new row.
    await linksOf(cookies.owner);
    expect(await snapshotRows()).toBe(data.links);

    // A snapshot from before the window, for every link: 10 reais and one sale less on those that had them.
    const before = new Date(Date.parse(data.window.from) - 3_600_000);
    const earned = list.filter((l) => l.revenue_centavos >= 1000 && l.sales_count >= 1);
    expect(earned.length).toBeGreaterThan(0);
    await (await ledger()).db.insert(paymentLinkCounters).values(
      list.map((l) => {
        const less = earned.includes(l);
        return {
          businessId: ACME.businessId,
          linkId: l.id,
          observedAt: before,
          visits: l.visits,
          checkoutsStarted: l.checkouts_started,
          sales: l.sales_count - (less ? 1 : 0),
          revenueCentavos: l.revenue_centavos - (less ? 1000 : 0),
        };
      }),
    );
    const second = linkInsightsSchema.parse((await linksOf(cookies.owner)).json.data);
    expect(second.revenue_in_window).toEqual({ count: earned.length, amount_centavos: earned.length * 1000 });
    expect(second.observed_since).toBe(before.toISOString());
    // The start snapshots are an hour older than the window's start (more than twice the watcher's 15 minutes):
    // the figure says it was measured since then.
    expect(second.measured_from).toBe(before.toISOString());
    // The window before this one starts before anything was watched.
    expect(second.revenue_in_previous).toBeNull();
    expect(second.previous_measured_from).toBeNull();

    // The same counters seen 10 minutes before the window's start (the watcher's beat): the figure is the window's.
    const close = new Date(Date.parse(data.window.from) - 10 * 60_000);
    await (await ledger()).db.insert(paymentLinkCounters).values(
      list.map((l) => {
        const less = earned.includes(l);
        return {
          businessId: ACME.businessId,
          linkId: l.id,
          observedAt: close,
          visits: l.visits,
          checkoutsStarted: l.checkouts_started,
          sales: l.sales_count - (less ? 1 : 0),
          revenueCentavos: l.revenue_centavos - (less ? 1000 : 0),
        };
      }),
    );
    const third = linkInsightsSchema.parse((await linksOf(cookies.owner)).json.data);
    expect(third.revenue_in_window).toEqual(second.revenue_in_window);
    expect(third.measured_from).toBeNull();
  });

  it("a read of the payment links list writes no snapshot, however long since the last", async () => {
    await linksOf(cookies.owner);
    const rows = await snapshotRows();
    harness.clock.skip(16 * 60_000);
    const list = await call(paymentLinks.GET, "/api/payment-links", { cookie: cookies.owner });
    expect(list.status).toBe(200);
    expect((list.json.data as unknown[]).length).toBeGreaterThan(0);
    expect(await snapshotRows()).toBe(rows);
    // The insights' own read, then, records the whole read; unchanged counters write no row (the last is still them).
    const readAt = harness.clock.now();
    await linksOf(cookies.owner);
    expect(await snapshotRows()).toBe(rows);
    expect((await lastLinkListRead(await ledger(), ACME.businessId, null))?.getTime()).toBeGreaterThanOrEqual(readAt);
  });
});

describe("GET /api/insights/overview", () => {
  const createPayout = async (amount: number) => {
    const result = await call(payouts.POST, "/api/payouts", {
      method: "POST",
      cookie: cookies.operator,
      idempotencyKey: newKey("overview"),
      body: { amount_centavos: amount, pix_key_type: "email", pix_key: "fornecedor@example.com" },
    });
    expect(result.status, result.text).toBe(201);
    return (result.json.data as { id: string }).id;
  };
  /** `id`: the API's payout id, as POST /api/payouts answers it. */
  const setRow = async (id: string, values: Partial<typeof payoutRows.$inferInsert>) =>
    (await getLedger()).db
      .update(payoutRows)
      .set(values)
      .where(and(eq(payoutRows.businessId, ACME.businessId), eq(payoutRows.payoutId, id)));
  const figures = async (cookie = cookies.owner): Promise<OverviewInsights> => {
    const result = await overviewOf(cookie);
    expect(result.status, result.text).toBe(200);
    return overviewInsightsSchema.parse(result.json.data);
  };

  it("sent today: every register row of today, refused ones too (the today page's totals), against yesterday up to the same time", async () => {
    const start = await figures();
    const kept = await createPayout(1111);
    const refused = await createPayout(2222);
    const moved = await createPayout(3333);
    await setRow(refused, { state: "rejected" });
    const { yesterday } = overviewPeriods(harness.clock.now(), SP);
    await setRow(moved, { createdAt: new Date(yesterday.from) });
    const after = await figures();
    expect(kept).toBeTruthy();
    expect(after.sent_today?.current).toEqual({
      count: (start.sent_today?.current.count ?? 0) + 2,
      amount_centavos: (start.sent_today?.current.amount_centavos ?? 0) + 1111 + 2222,
    });
    expect(after.sent_today?.previous).toEqual({
      count: (start.sent_today?.previous?.count ?? 0) + 1,
      amount_centavos: (start.sent_today?.previous?.amount_centavos ?? 0) + 3333,
    });
    // The page the figure links to (/insights?window=today) shows the same number.
    const today = await get(insightPayouts.GET, "/api/insights/payouts?window=today", cookies.owner);
    const page = payoutInsightsSchema.parse(today.json.data);
    expect({ count: page.totals.count, amount_centavos: page.totals.amount_centavos }).toEqual(
      after.sent_today?.current,
    );
  });

  it("needs review: the payouts waiting for a person, and their amount", async () => {
    const start = await figures();
    const id = await createPayout(4444);
    await setRow(id, { state: "needs_review" });
    expect((await figures()).needs_review).toEqual({
      count: (start.needs_review?.count ?? 0) + 1,
      amount_centavos: (start.needs_review?.amount_centavos ?? 0) + 4444,
    });
  });

  it("disputes due in 72 h are the disputes insight's; links revenue this week from the snapshots", async () => {
    const data = await figures(cookies.finance);
    const due = disputeInsightsSchema.parse((await disputesOf(cookies.finance)).json.data).due_72h;
    expect(data.disputes_due_72h).toEqual(due);
    // The chargebacks page's ?deadline=72h on the same list lists exactly those cases.
    const list = chargebackListSchema.parse(
      (await call(chargebacks.GET, "/api/chargebacks", { cookie: cookies.finance })).json.data,
    );
    const page = filterChargebacks(list, chargebackUrlSchema.parse({ deadline: "72h" }), {
      timeZone: SP,
      now: Date.parse(data.as_of),
    });
    expect(data.disputes_due_72h).toEqual({
      count: page.length,
      amount_centavos: page.reduce((sum, cb) => sum + (cb.amount_centavos ?? 0), 0),
    });
    expect(data.links_revenue_week?.observed_since).not.toBeNull();
  });

  it("a failed upstream read leaves only its figure null, named with its error code", async () => {
    await harness.sandbox.addFault({ kind: "error401", path: "/v1/chargebacks" });
    const noDisputes = await figures(cookies.finance);
    expect(noDisputes.disputes_due_72h).toBeNull();
    expect(noDisputes.unavailable).toEqual([
      expect.objectContaining({ figure: "disputes_due_72h", code: "credential_rejected" }),
    ]);
    expect(noDisputes.sent_today).not.toBeNull();
    expect(noDisputes.links_revenue_week).not.toBeNull();

    await harness.sandbox.clearFaults();
    await harness.sandbox.addFault({ kind: "error503", path: "/v1/payment-links" });
    const noLinks = await figures(cookies.finance);
    expect(noLinks.links_revenue_week).toBeNull();
    expect(noLinks.unavailable).toEqual([
      expect.objectContaining({ figure: "links_revenue_week", code: "upstream_unavailable" }),
    ]);
    expect(noLinks.disputes_due_72h).not.toBeNull();
    expect(noLinks.needs_review).not.toBeNull();
  });
});

describe("business scoping", () => {
  it("another business's insights never read Acme's snapshots", async () => {
    const acme = linkInsightsSchema.parse((await linksOf(cookies.owner)).json.data);
    const beta = await linksOf(await signIn(session.POST, personBody("owner", "beta")));
    expect(beta.status, beta.text).toBe(200);
    const data = linkInsightsSchema.parse(beta.json.data);
    expect(acme.observed_since).not.toBeNull();
    expect(Date.parse(data.observed_since ?? "")).toBeGreaterThan(Date.parse(acme.observed_since ?? ""));
    expect(data.revenue_in_window).toBeNull();
  });
});

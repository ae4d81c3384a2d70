/**
 * GET /api/insights/payouts against the real sandbox and ledger: who may read it, what it answers for a window
 * (the contract's payoutInsightsSchema), the refusals (422 naming the field, never a 5xx), the series as a file in
 * the reader's language, and the register's `outcome` filter reading the same rows as the chart.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as insights from "@/app/api/insights/payouts/route";
import * as payoutsRoute from "@/app/api/payouts/route";
import * as payoutTotals from "@/app/api/payouts/totals/route";
import { pointRanges } from "@/components/insights/insight-model";
import * as session from "@/app/api/session/route";
import { getLedger } from "@/lib/server/ledger";
import { payouts, type PayoutState } from "@/lib/server/ledger/schema";
import { ROLES, type Role } from "@/lib/shared/auth/roles";
import { dateWindowIso } from "@/lib/shared/format/date-window";
import { payoutInsightsSchema, type PayoutInsights } from "@/lib/shared/schemas/insights";
import type { RegisterPage, RegisterTotals } from "@/lib/shared/schemas/register";
import { ACME, call, countUpstream, personBody, signIn, startBffHarness, type BffHarness } from "../helpers/bff";

let harness: BffHarness;
const cookies = {} as Record<Role, string>;
beforeAll(async () => {
  harness = await startBffHarness();
  for (const role of ROLES) cookies[role] = await signIn(session.POST, personBody(role));
  await insertRows();
});
afterAll(async () => {
  await harness.close();
});

let seq = 0;
async function insertRows(): Promise<void> {
  const ledger = await getLedger();
  const row = (at: string, state: PayoutState, status: string | null, amount: number, extra = {}) => ({
    businessId: ACME.businessId,
    idempotencyKey: `insights-${++seq}`,
    state,
    status,
    amountCentavos: amount,
    pixKeyType: "email",
    pixKeyMasked: "f***@example.com",
    createdByName: "Olivia Santos",
    createdByRole: "operator",
    createdAt: new Date(at),
    ...extra,
  });
  await ledger.db.insert(payouts).values([
    // 2026-10-05 (São Paulo): 09:00 and 09:30 local.
    row("2026-10-05T12:00:00Z", "submitted", "paid", 150_000, { feeCentavos: 150, netCentavos: 149_850 }),
    row("2026-10-05T12:30:00Z", "submitted", "failed", 2_550, {
      feeCentavos: 50,
      netCentavos: 2_500,
      failureReason: "conta encerrada",
    }),
    // 2026-10-06 local (00:00 there is 03:00 UTC).
    row("2026-10-06T03:00:00Z", "rejected", null, 990, { lastErrorCode: "insufficient_balance" }),
    row("2026-10-07T02:59:59Z", "needs_review", null, 1_000),
    // The week before (the previous window of 2026-10-05…2026-10-11).
    row("2026-10-01T15:00:00Z", "submitted", "paid", 7_000),
    // The register's first payout, before the previous window: so the register covers it and the trend compares.
    row("2026-09-20T15:00:00Z", "submitted", "paid", 1),
  ]);
}

const get = (query: string, cookie: string, headers?: Record<string, string>) =>
  call(insights.GET, `/api/insights/payouts${query}`, { cookie, headers });

const WEEK = "?window=custom&from=2026-10-05&to=2026-10-11";

describe("who may read it", () => {
  it.each(ROLES.map((role) => [role] as const))("%s", async (role) => {
    const { result, requests } = await countUpstream(harness.sandbox, () => get(WEEK, cookies[role]));
    if (role === "support") {
      expect(result.status, result.text).toBe(403);
      expect(result.json.error?.code).toBe("forbidden");
    } else {
      expect(result.status, result.text).toBe(200);
      expect(() => payoutInsightsSchema.parse(result.json.data)).not.toThrow();
    }
    // Read from the ledger alone: the payments API is never asked.
    expect(requests).toBe(0);
  });

  it("signed out: 401", async () => {
    expect((await call(insights.GET, `/api/insights/payouts${WEEK}`)).status).toBe(401);
  });
});

describe("a week by day", () => {
  it("the points, totals, window before, reasons and the resolved window", async () => {
    const result = await get(WEEK, cookies.finance);
    expect(result.status, result.text).toBe(200);
    const data = payoutInsightsSchema.parse(result.json.data) as PayoutInsights;
    expect(data.window).toEqual({
      window: "custom",
      bucket: "day",
      zone: "America/Sao_Paulo",
      from: "2026-10-05T03:00:00.000Z",
      to: "2026-10-12T03:00:00.000Z",
      from_day: "2026-10-05",
      to_day: "2026-10-11",
      previous: { from: "2026-09-28T03:00:00.000Z", to: "2026-10-05T03:00:00.000Z" },
    });
    expect(data.points.map((p) => [p.start.slice(0, 10), p.count])).toEqual([
      ["2026-10-05", 2],
      ["2026-10-06", 2],
      ["2026-10-07", 0],
      ["2026-10-08", 0],
      ["2026-10-09", 0],
      ["2026-10-10", 0],
      ["2026-10-11", 0],
    ]);
    expect(data.totals).toMatchObject({
      count: 4,
      amount_centavos: 154_540,
      // The failed payout's fee and net are not counted: it moved no money.
      fee_centavos: 150,
      net_centavos: 149_850,
    });
    expect(data.totals.outcomes).toMatchObject({
      paid: { count: 1, amount_centavos: 150_000 },
      failed: { count: 1, amount_centavos: 2_550 },
      not_sent: { count: 1, amount_centavos: 990 },
      needs_review: { count: 1, amount_centavos: 1_000 },
    });
    expect(data.previous).toMatchObject({ count: 1, amount_centavos: 7_000 });
    expect(data.reasons).toEqual([
      { outcome: "failed", reason: "conta encerrada", count: 1, amount_centavos: 2_550 },
      { outcome: "not_sent", reason: "insufficient_balance", count: 1, amount_centavos: 990 },
    ]);
    expect(data.batch).toEqual({ count: 0, amount_centavos: 0 });
  });

  it("days in the person's zone (their tz cookie), as the register's day filter reads them", async () => {
    const result = await get(WEEK, cookies.finance, { cookie: `${cookies.finance}; tz=America/Manaus` });
    const data = result.json.data as PayoutInsights;
    expect(data.window).toMatchObject({
      zone: "America/Manaus",
      from: "2026-10-05T04:00:00.000Z",
      to: "2026-10-12T04:00:00.000Z",
    });
    // 00:00 on the 6th in São Paulo (03:00 UTC) is 23:00 on the 5th in Manaus: the refused row is a day earlier there.
    expect(data.points.map((p) => p.count).slice(0, 3)).toEqual([3, 1, 0]);
    const { start, end } = dateWindowIso("2026-10-05", "2026-10-11", "America/Manaus");
    const register = await call(
      payoutTotals.GET,
      `/api/payouts/totals?from=${encodeURIComponent(start ?? "")}&to=${encodeURIComponent(end ?? "")}`,
      { cookie: cookies.finance },
    );
    expect((register.json.data as RegisterTotals).count).toBe(data.totals.count);
  });

  it("no window: the last 30 days by day, up to today in the zone", async () => {
    const result = await get("", cookies.operator);
    expect(result.status, result.text).toBe(200);
    const data = result.json.data as PayoutInsights;
    expect([data.window.window, data.window.bucket, data.points.length]).toEqual(["30d", "day", 30]);
  });

  it("the last hour, by the server's clock: a payout recorded a minute ago is in the last point", async () => {
    const now = harness.clock.now();
    const ledger = await getLedger();
    await ledger.db.insert(payouts).values({
      businessId: ACME.businessId,
      idempotencyKey: `insights-recent-${++seq}`,
      state: "submitted",
      status: "pending",
      amountCentavos: 4_200,
      pixKeyType: "email",
      pixKeyMasked: "f***@example.com",
      createdByName: "Olivia Santos",
      createdByRole: "operator",
      createdAt: new Date(now - 60_000),
    });
    const data = (await get("?window=1h", cookies.admin)).json.data as PayoutInsights;
    expect(data.window.bucket).toBe("5m");
    expect(data.totals.outcomes.pending).toEqual({ count: 1, amount_centavos: 4_200 });
    expect(data.points.filter((p) => p.count > 0)).toHaveLength(1);
    expect(Date.parse(data.window.to)).toBeGreaterThanOrEqual(now);
  });
});

describe("refusals: 422 naming the field", () => {
  it.each([
    ["?window=custom&to=2026-10-11", "from", "validation.insightDayRequired"],
    ["?window=custom&from=2026-10-11", "to", "validation.insightDayRequired"],
    ["?window=custom&from=2026-10-12&to=2026-10-11", "to", "validation.insightDayOrder"],
    ["?window=custom&from=2025-01-01&to=2026-01-02", "to", "validation.insightSpanTooLong"],
    ["?window=90d&bucket=5m", "bucket", "validation.insightTooManyPoints"],
    ["?window=custom&from=2026-1-5&to=2026-10-11", "from", "validation.isoDay"],
    ["?window=custom&from=1999-12-31&to=2026-10-11", "from", "validation.dateOutOfRange"],
    ["?window=custom&from=2026-02-30&to=2026-03-02", "from", "validation.dateOutOfRange"],
  ])("%s → %s", async (query, field, message) => {
    const result = await get(query, cookies.owner);
    expect(result.status, result.text).toBe(422);
    expect(result.json.error?.code).toBe("validation_error");
    expect(result.json.error?.fields?.[field]).toBe(message);
  });

  it.each(["?window=2d", "?bucket=minute", "?format=pdf", "?window=custom&from=%00&to=2026-10-11"])(
    "%s → 422 naming the field, never a 5xx",
    async (query) => {
      const result = await get(query, cookies.owner);
      expect(result.status, result.text).toBe(422);
      expect(Object.keys(result.json.error?.fields ?? {})).toHaveLength(1);
    },
  );
});

describe("the series as a file", () => {
  it("pt-BR (the default): ';' between fields, comma decimals, the start as dd/mm/aaaa in the zone", async () => {
    const result = await get(`${WEEK}&format=csv`, cookies.finance);
    expect(result.status, result.text).toBe(200);
    expect(result.headers.get("content-type")).toContain("text/csv");
    expect(result.headers.get("content-disposition")).toMatch(
      /filename="indicadores-de-repasses-2026-10-05_2026-10-11-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = result.text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines).toHaveLength(8);
    expect(lines[0]).toMatch(
      /^Início do período \(America\/Sao_Paulo\);Quantidade;Valor;Tarifa;Líquido;Pagos \(quantidade\);Pagos \(valor\);/,
    );
    expect(lines[1]).toMatch(/^05\/10\/2026 00:00:00;2;1525,50;1,50;1498,50;1;1500,00;/);
    expect(lines[3]).toMatch(/^07\/10\/2026 00:00:00;0;0,00;0,00;0,00;0;0,00;/);
  });

  it("en (the locale cookie): ',' and dot decimals; .xlsx as well", async () => {
    const csv = await get(`${WEEK}&format=csv`, cookies.finance, { cookie: `${cookies.finance}; locale=en` });
    expect(csv.status, csv.text).toBe(200);
    expect(csv.headers.get("content-disposition")).toMatch(/filename="payout-insights-2026-10-05_2026-10-11-/);
    expect(csv.text.replace(/^\uFEFF/, "").split("\r\n")[1]).toMatch(/^2026-10-05 00:00:00,2,1525\.50,1\.50,1498\.50,/);
    const xlsx = await get(`${WEEK}&format=xlsx`, cookies.finance);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get("content-type")).toContain("spreadsheetml");
  });

  it("support may not download it either", async () => {
    expect((await get(`${WEEK}&format=csv`, cookies.support)).status).toBe(403);
  });
});

describe("the register's outcome filter reads the chart's rows", () => {
  it("GET /api/payouts and /totals with outcome and the window's days", async () => {
    const { start, end } = dateWindowIso("2026-10-05", "2026-10-11", "America/Sao_Paulo");
    const query = `from=${encodeURIComponent(start ?? "")}&to=${encodeURIComponent(end ?? "")}`;
    const chart = (await get(WEEK, cookies.operator)).json.data as PayoutInsights;
    for (const outcome of ["paid", "failed", "not_sent", "needs_review", "pending", "handled"] as const) {
      const totals = await call(payoutTotals.GET, `/api/payouts/totals?${query}&outcome=${outcome}`, {
        cookie: cookies.operator,
      });
      expect(totals.status, totals.text).toBe(200);
      const sums = totals.json.data as RegisterTotals;
      expect({ count: sums.count, amount_centavos: sums.amount_centavos }, outcome).toEqual(
        chart.totals.outcomes[outcome],
      );
    }
    const list = await call(payoutsRoute.GET, `/api/payouts?${query}&outcome=failed`, { cookie: cookies.operator });
    expect(list.status, list.text).toBe(200);
    const page = list.json.data as RegisterPage;
    expect(page.items.map((p) => [p.state, p.status, p.amount_centavos])).toEqual([["submitted", "failed", 2_550]]);
    const refused = await call(payoutsRoute.GET, `/api/payouts?outcome=lost`, { cookie: cookies.operator });
    expect(refused.status).toBe(422);
    expect(refused.json.error?.fields?.outcome).toBeDefined();
  });

  it("each hour's link (a period of instants) reads in the register exactly that hour's figures", async () => {
    const chart = (await get("?window=custom&from=2026-10-05&to=2026-10-06&bucket=hour", cookies.operator)).json
      .data as PayoutInsights;
    expect(chart.window.bucket).toBe("hour");
    const ranges = pointRanges(chart.points, chart.window);
    const busy = chart.points.filter((point) => point.count > 0);
    // 09:00 and 09:30 on the 5th fall in one hour; 00:00 on the 6th begins its first hour; 23:59:59 on the 6th is
    // in the last hour, which runs to the window's end.
    expect(busy.map((point) => point.count)).toEqual([2, 1, 1]);
    expect(busy.at(-1)?.start).toBe(chart.points.at(-1)?.start);
    for (const point of busy) {
      const range = ranges.get(point.start);
      expect(range?.kind, point.start).toBe("period");
      const query = `from=${encodeURIComponent(range?.from ?? "")}&to=${encodeURIComponent(range?.to ?? "")}`;
      for (const outcome of ["paid", "failed", "not_sent", "needs_review"] as const) {
        const totals = await call(payoutTotals.GET, `/api/payouts/totals?${query}&outcome=${outcome}`, {
          cookie: cookies.operator,
        });
        expect(totals.status, totals.text).toBe(200);
        const sums = totals.json.data as RegisterTotals;
        expect({ count: sums.count, amount_centavos: sums.amount_centavos }, `${point.start} ${outcome}`).toEqual(
          point.outcomes[outcome],
        );
      }
    }
  });
});
